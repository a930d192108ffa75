'use strict';

// A hostile probe of the PostgreSQL server a session starts (--db postgres):
// binaries that cannot run, starts that fail, SIGKILL at each phase (orphans
// of earlier sessions, look-alikes and exit codes: server-leftovers.test.js).
// Each case is one `it`; a refused case says in its name what refused it.
// What is left is read from /proc (a process's working folder, environment
// and command line), never from process names. Processes are given 10 s to
// go, as the issue asks; nothing else is timed.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { startServer } = require('../../lib/database/server');
const { findBinaries } = require('../../lib/database/binaries');
const { processesOf, stopProcessesOf } = require('../../lib/database/folder-processes');
const { removeOrphans } = require('../../lib/database/orphans');
const { OWNER_FILE } = require('../../lib/database/owned-folder');
const { LOCK_FILE } = require('../../lib/database/folder-lock');
const { CLI, BIN, asRoot, pause, privateRoot, leftovers, isRunning, descendantsOf, leftoversAfter, session, refusedStart } = require('./server-probe');

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
});
