'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const pg = require('pg');
const { personServer, runCli, writesOutside, PERSON } = require('./person-server');
const { schemaOf, markText } = require('../../lib/database/mark');
const { resetDatabase, SCHEMA_SQL } = require('../../examples/doxbee/db');
const { checkSchema } = require('../../examples/doxbee/db/postgres');
const { parseResults } = require('../../lib/results');
const drivers = require('../../lib/drivers');

// A session against a person's own PostgreSQL (--db URL), through the CLI as
// a person runs it. The server holds tables named as asyncmark's in public
// and in app, and the person's role has its own search_path (app, public):
// every row and object of theirs is kept, and the server's statement log
// shows no write of asyncmark's outside the session's own schema. The old
// bug is planted last (a URL's search_path obeyed, the statements
// unqualified): both checks catch it.

const BENCH = ['bench', '--scenario', 'doxbee-sequential', '--examples', 'callbacks-original', '--test'];
const lines = (text) => text.split('\n').filter(Boolean);
const noStack = (text) => assert.doesNotMatch(text, /^\s+at /m, text);

// Every command line of this machine's processes, while fn runs: where a password must never be.
async function commandLinesDuring(promise) {
  const seen = new Set();
  let done = false;
  promise.finally(() => (done = true));
  const read = (file) => {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch {
      return null; // Gone meanwhile.
    }
  };
  while (!done) {
    // This process's descendants only: other test files' processes (mocha
    // --parallel) may carry a password on purpose, as hostile cases.
    const parents = new Map();
    for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      const stat = read(`/proc/${pid}/stat`);
      // pid (comm) state ppid ...: comm may hold spaces and parentheses.
      if (stat) parents.set(Number(pid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    }
    const ours = (pid) => {
      for (let at = pid, hops = 0; at > 1 && hops < 64; at = parents.get(at) ?? 0, hops++) if (parents.get(at) === process.pid) return true;
      return false;
    };
    for (const pid of parents.keys()) {
      if (!ours(pid)) continue;
      const line = read(`/proc/${pid}/cmdline`);
      if (line) seen.add(line.replace(/\0/g, ' '));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { result: await promise, seen: [...seen] };
}

describe("a session in a person's PostgreSQL (--db URL)", function () {
  this.timeout(300000);
  let person;
  let folder;
  let clean;

  before(async () => {
    person = await personServer();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-person-'));
    clean = await person.checksum();
  });

  after(async () => {
    if (person) await person.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  const sessionSchemas = async () =>
    (await person.admin("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'asyncmark\\_%' ORDER BY 1")).map((r) => r.nspname);

  it('runs in a schema of its own, writes nowhere else, records the server and removes what it made', async () => {
    const out = path.join(folder, 'runs.jsonl');
    const url = person.url('sslmode=disable&connect_timeout=5');
    const { code, stdout, stderr } = await runCli([...BENCH, '--out', out, '--db', url]);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /db=url, pool=10/);
    // The connection as it is used, never its password.
    assert.match(stderr, /^asyncmark: database: host 127\.0\.0\.1, port \d+, database postgres, user person, sslmode disable, password from the URL$/m);
    assert.doesNotMatch(stderr, /p@ss/);
    assert.deepEqual(await person.checksum(), clean);
    const schema = /"(asyncmark_[0-9a-f]{8})"/.exec(person.statements.find((s) => /^asyncmark-session-\d+\|CREATE SCHEMA/.test(s)))[1];
    assert.deepEqual(writesOutside(person.statements, schema), []);
    assert.ok(
      person.statements.some((s) => s.includes(`TRUNCATE "${schema}".file_versions`)),
      'the runs wrote, in their schema',
    );
    assert.deepEqual(await sessionSchemas(), [], 'the schema is dropped at the end');
    // The line, server and all, is a valid results line.
    assert.deepEqual(parseResults(fs.readFileSync(out, 'utf8'), out, { drivers }).skipped, []);
    const [run] = lines(fs.readFileSync(out, 'utf8')).map((line) => JSON.parse(line));
    assert.equal(run.status, 'ok', run.error);
    assert.match(run.metrics.dbServer.version, /^\d+\.\d+/);
    assert.deepEqual(Object.keys(run.metrics.dbServer).sort(), ['fsync', 'max_connections', 'shared_buffers', 'synchronous_commit', 'version']);
  });

  it('gives no command line the password: PGPASSWORD reaches each run in its environment', async () => {
    const url = `postgres://person@127.0.0.1:${person.server.port}/postgres`;
    const { result, seen } = await commandLinesDuring(runCli([...BENCH, '--no-out', '--quiet', '--db', url], { env: { PGPASSWORD: PERSON.password } }));
    assert.equal(result.code, 0, result.stderr);
    assert.ok(
      seen.some((line) => line.includes('drivers/batch/child.js')),
      'a run child was seen',
    );
    assert.deepEqual(
      seen.filter((line) => line.includes(PERSON.password) || line.includes(encodeURIComponent(PERSON.password))),
      [],
    );
    assert.deepEqual(await person.checksum(), clean);
  });

  it("refuses a URL's options that would move it, and a pool the server cannot hold, before writing anything", async () => {
    const before = person.statements.length;
    for (const [query, extra, expected] of [
      ['options=-c%20search_path%3Dpublic', [], /^asyncmark: --db: the URL's options "-c search_path=public" would change the session's settings/],
      ['search_path=public', [], /^asyncmark: --db: the URL's parameter search_path is not one a session accepts/],
      [
        'sslmode=disable',
        ['--pool', '200'],
        /^asyncmark: --pool 200: each run opens 201 connections \(the pool and one on the side\), but there is room for \d+ \(max_connections 100, 3 reserved, \d+ in use by others and 1 the session holds\); use --pool \d+ or less$/m,
      ],
    ]) {
      const { code, stderr } = await runCli([...BENCH, '--no-out', '--quiet', ...extra, '--db', person.url(query)]);
      assert.equal(code, 2, stderr);
      assert.match(stderr, expected);
      assert.equal(lines(stderr).length, 1, stderr);
      noStack(stderr);
      assert.doesNotMatch(stderr, /p@ss/);
    }
    const ours = person.statements.slice(before).filter((s) => s.startsWith('asyncmark-'));
    assert.deepEqual(
      ours.filter((s) => !/^asyncmark-session-\d+\|SELECT /.test(s)),
      [],
      'nothing but questions',
    );
    assert.deepEqual(await person.checksum(), clean);
  });

  it("removes this host's orphans with a line, and keeps a live session's schema and a look-alike", async () => {
    const make = (id, comment) =>
      person.admin(`CREATE SCHEMA ${schemaOf(id)}; COMMENT ON SCHEMA ${schemaOf(id)} IS '${comment}'; GRANT ALL ON SCHEMA ${schemaOf(id)} TO person`);
    await make('0000dead', markText({ id: '0000dead', pid: 2 ** 22 + 1, host: os.hostname() }));
    await make('0000a11e', markText({ id: '0000a11e', pid: process.pid, host: os.hostname() }));
    await make('0000c0de', 'a person named this schema like ours');
    await person.admin(`ALTER SCHEMA ${schemaOf('0000dead')} OWNER TO person`);
    const { code, stderr } = await runCli([...BENCH, '--no-out', '--db', person.url()]);
    assert.equal(code, 0, stderr);
    assert.match(stderr, /^asyncmark: removed 1 schemas left by earlier sessions that have ended: asyncmark_0000dead$/m);
    assert.deepEqual(await sessionSchemas(), ['asyncmark_0000a11e', 'asyncmark_0000c0de']);
    await person.admin('DROP SCHEMA asyncmark_0000a11e; DROP SCHEMA asyncmark_0000c0de');
    assert.deepEqual(await person.checksum(), clean);
  });

  it("refuses a database that holds asyncmark's functions outside a marked schema (an older asyncmark's), changing nothing", async () => {
    await person.admin('CREATE DATABASE left_behind OWNER person');
    const old = new pg.Client({ connectionString: person.server.url.replace(/\/postgres$/, '/left_behind') });
    await old.connect();
    const objects = async () => (await old.query("SELECT count(*)::int AS n FROM pg_proc WHERE proname LIKE 'asyncmark\\_%'")).rows[0].n;
    try {
      await old.query(SCHEMA_SQL);
      await old.query("INSERT INTO public.fault_plan VALUES (1, 0, 'kept', 1)");
      const { code, stderr } = await runCli([...BENCH, '--no-out', '--quiet', '--db', person.url().replace(/\/postgres$/, '/left_behind')]);
      assert.equal(code, 2, stderr);
      assert.equal(
        lines(stderr)[0],
        "asyncmark: --db: database left_behind already holds asyncmark's objects outside a session's marked schema: 10 functions (public.asyncmark_blob_put, public.asyncmark_commit_gate, public.asyncmark_fails, …) and 1 trigger (commit_gate on public.commits); nothing was changed. asyncmark knows its objects by these function names: asyncmark_fails, asyncmark_refusal, asyncmark_gate, asyncmark_blob_put, asyncmark_file_get, asyncmark_version_insert, asyncmark_file_insert, asyncmark_file_version_insert, asyncmark_file_update, asyncmark_commit_gate, and triggers that call them; an older asyncmark may have left them: drop them yourself if they are not yours",
      );
      assert.equal(lines(stderr).length, 1);
      assert.equal(await objects(), 10);
      assert.deepEqual((await old.query('SELECT op FROM public.fault_plan')).rows, [{ op: 'kept' }]);
      assert.deepEqual((await old.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'asyncmark\\_%'")).rows, []);
    } finally {
      await old.end();
    }
  });

  it('catches the old bug when it is planted: a connection moved by its URL, and statements that do not name the schema', async () => {
    const schema = schemaOf('0000b0b0');
    await person.admin(`CREATE SCHEMA ${schema} AUTHORIZATION person; COMMENT ON SCHEMA ${schema} IS '${markText({ id: '0000b0b0' })}'`);
    const start = person.statements.length;
    // As node-postgres did with a URL: its options won over the session's search_path.
    const moved = new pg.Pool({
      connectionString: person.url('options=-c%20search_path%3Dpublic'),
      options: `-c search_path=${schema}`,
      application_name: 'asyncmark-planted',
      max: 1,
    });
    try {
      const client = await moved.connect();
      await assert.rejects(checkSchema(client, schema), /^Error: connection's schema is public, not the session's asyncmark_0000b0b0: nothing was written$/);
      client.release();
      // A connection in the right schema, marked by another session (pid 1), is refused too.
      await person.admin(`COMMENT ON SCHEMA ${schema} IS '${markText({ id: '0000b0b0', pid: 1 })}'`);
      const right = new pg.Client({ connectionString: person.url(), options: `-c search_path=${schema}` });
      await right.connect();
      await assert.rejects(checkSchema(right, schema), /^Error: schema asyncmark_0000b0b0 does not carry its session's mark: nothing was written$/);
      await right.end();
      // Without the check, and with statements that do not name the schema (prefix ''): the person's tables are emptied.
      await resetDatabase({ query: (text, params) => moved.query(text, params), prefix: '' }, { seed: 1 });
    } finally {
      await moved.end();
      await person.admin(`DROP SCHEMA ${schema}`);
    }
    assert.match(writesOutside(person.statements.slice(start), schema).join('\n'), /^asyncmark-planted: TRUNCATE file_versions/);
    assert.notDeepEqual(await person.checksum(), clean);
  });
});

describe("a session whose person's PostgreSQL goes away mid-run", function () {
  this.timeout(300000);

  it('starts no further run, and says in one line what it did not run and what it left, and how to remove it', async () => {
    const person = await personServer();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-person-'));
    const out = path.join(folder, 'runs.jsonl');
    const written = () => (fs.existsSync(out) ? lines(fs.readFileSync(out, 'utf8')).length : 0);
    try {
      const args = ['bench', '--scenario', 'doxbee-sequential', '--examples', 'callbacks-original,promises-native', '--n', '5', '--runs', '4', '--quiet'];
      const run = runCli([...args, '--out', out, '--db', person.url()]);
      // The server stops once the first run is written.
      while (written() === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      await person.close();
      const { code, stderr } = await run;
      assert.equal(code, 1, stderr);
      noStack(stderr);
      const last = lines(stderr).pop();
      assert.match(
        last,
        /^asyncmark: --db: the database server stopped answering \(.+\); \d runs not run; schema asyncmark_[0-9a-f]{8} \(its tables and functions\) is left in database postgres at 127\.0\.0\.1:\d+: remove it with: asyncmark clean --db postgres:\/\/person:\*\*\*@127\.0\.0\.1:\d+\/postgres$/,
      );
      const notRun = Number(/; (\d) runs not run/.exec(last)[1]);
      assert.ok(notRun >= 5, `${notRun} of 8 runs not run`);
      assert.equal(written() + notRun, 8, 'every run is written or said not run');
      assert.doesNotMatch(stderr, /p@ss/);
    } finally {
      await person.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
