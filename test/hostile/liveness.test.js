'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const { findOrphans } = require('../../lib/database/orphans');
const { LOCK_FILE, lockState } = require('../../lib/database/folder-lock');

// A session's temporary folder is a live session's while its supervisor holds
// the folder's lock, whatever another session can see of its pid: two
// containers with the same host name and a shared /tmp, or two PID
// namespaces, each see the other's pids as dead. Tried with a simulated view
// (no pid alive) and with a real PID namespace (unshare). Planted: a folder
// without its lock file is judged by the old rule, pid and host, and taken.

const MODULE = JSON.stringify(require.resolve('../../lib/database/owned-folder'));
const ORPHANS = JSON.stringify(require.resolve('../../lib/database/orphans'));

// A session that makes a folder of its own and lives on, as a bench session does.
function liveSession(root, wrap = []) {
  const script = `const { makeOwnedFolder } = require(${MODULE});
    const { folder } = makeOwnedFolder('pglite');
    process.stdout.write('running ' + folder + '\\n');
    setInterval(() => {}, 1000);`;
  const [command, ...args] = [...wrap, process.execPath, '-e', script];
  const child = spawn(command, args, { env: { ...process.env, TMPDIR: root }, stdio: ['ignore', 'pipe', 'inherit'] });
  const folder = new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const match = /^running (\S+)$/m.exec(text);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the session ended (${code}) before its folder was made`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // A namespace's first process ignores what it has no handler for, and may
  // outlive unshare: its children are killed by their pids as seen from here.
  const kill = () => {
    let inner = [];
    try {
      inner = fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      // Gone already.
    }
    for (const pid of inner) process.kill(pid, 'SIGKILL');
    child.kill('SIGKILL');
  };
  return { child, folder, exited, kill };
}

function canUnshare() {
  return spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;
}
const NAMESPACE = ['unshare', '--pid', '--fork', '--mount-proc'];

describe('hostile: a live session in another PID namespace, and the folders it shares', function () {
  this.timeout(60000);
  let root;
  const sessions = [];

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-live-'));
  });
  afterEach(async () => {
    for (const { kill, exited } of sessions.splice(0)) {
      kill();
      await exited;
    }
    // The supervisor removes a killed session's folder; give it a moment.
    for (let i = 0; i < 50 && fs.readdirSync(root).length; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("a live session's folder, seen where its pid is not alive, is not an orphan", async () => {
    const session = liveSession(root);
    sessions.push(session);
    const folder = await session.folder;
    assert.equal(lockState(folder), 'held');
    assert.deepEqual(findOrphans({ root, alive: () => false }), []);
    // Planted: the same folder as an older asyncmark left it, without a lock file, is taken by the pid rule.
    fs.rmSync(path.join(folder, LOCK_FILE));
    assert.deepEqual(
      findOrphans({ root, alive: () => false }).map((orphan) => orphan.folder),
      [folder],
    );
  });

  it("a killed session's folder is free at once, and an orphan whatever its record says", async () => {
    const session = liveSession(root);
    const folder = await session.folder;
    const copy = path.join(root, 'asyncmark-pglite-copy');
    // The supervisor removes the folder as the session dies: a copy of its record and lock file shows the lock freed.
    fs.mkdirSync(copy);
    for (const name of fs.readdirSync(folder)) fs.copyFileSync(path.join(folder, name), path.join(copy, name));
    assert.equal(lockState(copy), 'free', 'a copy of a lock file holds no lock');
    session.child.kill('SIGKILL');
    await session.exited;
    assert.deepEqual(
      findOrphans({ root, alive: () => true }).map((orphan) => orphan.folder),
      [copy],
      'free lock: ended, though the pid in the record is alive',
    );
  });

  it('sessions in two PID namespaces sharing the folder: neither removes the other', async function () {
    if (!canUnshare()) {
      if (process.env.CI) throw new Error('unshare --pid is needed for this test');
      this.skip();
    }
    const outside = liveSession(root);
    const inside = liveSession(root, NAMESPACE);
    sessions.push(outside, inside);
    const [outer, inner] = await Promise.all([outside.folder, inside.folder]);
    // Each side sweeps for orphans as a session starting there would.
    const sweep = `require(${ORPHANS}).removeOrphans({ root: ${JSON.stringify(root)} }).then((lines) => process.stdout.write(JSON.stringify(lines)))`;
    const fromInside = spawnSync(NAMESPACE[0], [...NAMESPACE.slice(1), process.execPath, '-e', sweep], { encoding: 'utf8', timeout: 30000 });
    assert.equal(fromInside.status, 0, fromInside.stderr);
    assert.deepEqual(JSON.parse(fromInside.stdout), []);
    const fromOutside = spawnSync(process.execPath, ['-e', sweep], { encoding: 'utf8', timeout: 30000 });
    assert.deepEqual(JSON.parse(fromOutside.stdout), []);
    assert.ok(fs.existsSync(outer) && fs.existsSync(inner), 'both folders are there');
    // Planted: without the lock files, the inside sweep takes the outside session's folder (its pid is not there).
    fs.rmSync(path.join(outer, LOCK_FILE));
    const planted = spawnSync(NAMESPACE[0], [...NAMESPACE.slice(1), process.execPath, '-e', sweep], { encoding: 'utf8', timeout: 30000 });
    assert.match(planted.stdout, new RegExp(path.basename(outer)));
  });
});
