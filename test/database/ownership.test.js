'use strict';

const assert = require('node:assert/strict');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const pg = require('pg');
const { personServer, runCli } = require('./person-server');
const { openSessionDatabase } = require('../../lib/database/session');
const { schemaOf, markText } = require('../../lib/database/mark');
const { removeOrphanSchemas } = require('../../lib/database/schemas');
const { lockKey } = require('../../lib/database/session-lock');

// What a session in a person's database may drop, and whose session is alive:
// - what a person built on the session's tables (a view to watch the run, a
//   foreign key into one) survives the session's end, which leaves its schema,
//   says what depends on it and how to remove it, and fails;
// - a live session proves it lives by its advisory lock, so another session
//   that cannot see its pid (another PID namespace with the same host name)
//   never takes its schema for an orphan, and neither does `clean --yes`;
// - a killed session's lock is free at once, and its schema is an orphan.
// Each has its planted twin: the old rules, which lose the person's objects
// or the live session's schema.

describe("a session's own objects, and whose session is alive (--db URL)", function () {
  this.timeout(300000);
  let person;
  let clean;

  before(async () => {
    person = await personServer();
    clean = await person.checksum();
  });

  after(async () => {
    if (person) await person.close();
  });

  const openSession = (warnings = []) =>
    openSessionDatabase({ kind: 'url', url: person.url(), pool: 2 }, { onWarning: (line) => warnings.push(line), onNote: () => {} });
  // The tables a run makes, made in the session's schema as the session's user does.
  const asPerson = async (sql) => {
    const client = new pg.Client({ connectionString: person.url() });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  };
  const schemas = async () => (await person.admin("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'asyncmark\\_%' ORDER BY 1")).map((row) => row.nspname);

  it("leaves the schema, and the person's view and foreign key on it, and says so", async () => {
    const session = await openSession();
    const { schema } = session;
    await asPerson(`CREATE TABLE "${schema}".files (id text PRIMARY KEY); CREATE FUNCTION "${schema}".f() RETURNS int LANGUAGE sql AS 'SELECT 1'`);
    await asPerson(`CREATE VIEW app.watch AS SELECT * FROM "${schema}".files; CREATE TABLE app.links (file text REFERENCES "${schema}".files (id))`);
    await assert.rejects(session.close(), (error) => {
      assert.equal(error.database, true);
      assert.match(
        error.message,
        new RegExp(`^schema ${schema} \\(its tables and functions\\) is left in database postgres at 127\\.0\\.0\\.1:\\d+: objects outside it depend on it`),
      );
      assert.match(error.message, /view app\.watch/);
      assert.match(error.message, /constraint links_file_fkey on table app\.links/);
      assert.match(error.message, /nothing was dropped\. Once those are gone, remove it with: npx asyncmark clean --db postgres:\/\/person:\*\*\*@/);
      return true;
    });
    assert.deepEqual(await schemas(), [schema]);
    assert.equal((await asPerson('SELECT count(*)::int AS n FROM app.watch'))[0].n, 0, 'the view still answers');
    // Once the person's objects are gone, clean removes the rest (the session's lock is free).
    await asPerson('DROP VIEW app.watch; DROP TABLE app.links');
    const { code, stdout, stderr } = await runCli(['clean', '--db', person.url(), '--yes']);
    assert.equal(code, 0, stderr);
    assert.match(stdout, new RegExp(`${schema}: session [0-9a-f]{8}, .*its session has ended \\(its lock is free\\): an orphan`));
    assert.match(stdout, new RegExp(`^removed ${schema}$`, 'm'));
    assert.deepEqual(await schemas(), []);
    assert.deepEqual(await person.checksum(), clean);
  });

  it("planted: DROP SCHEMA … CASCADE, the old cleanup, takes the person's view with it", async () => {
    await asPerson(`CREATE SCHEMA planted; CREATE TABLE planted.files (id text); CREATE VIEW app.watch AS SELECT * FROM planted.files`);
    const withView = await person.checksum();
    assert.ok(withView.objects.includes('app.watch:v'));
    await asPerson('DROP SCHEMA planted CASCADE');
    assert.notDeepEqual(await person.checksum(), withView, 'the view went with the schema');
  });

  it("drops its own objects by name: tables with keys between them, functions and a trigger's function", async () => {
    const session = await openSession();
    const { schema } = session;
    await asPerson(`SET search_path TO "${schema}"; ${require('../../examples/doxbee/db').SCHEMA_SQL}`);
    await session.close();
    assert.deepEqual(await schemas(), []);
    const drops = person.statements.filter((s) => s.includes(`"${schema}"`) && /\|DROP /.test(s));
    assert.ok(drops.length > 0, 'dropped by name');
    assert.deepEqual(
      drops.filter((s) => /CASCADE/i.test(s)),
      [],
    );
  });

  it('a live session seen from another PID namespace (its pid not there) is not an orphan; a killed one is', async () => {
    const session = await openSession();
    const asker = new pg.Client({ connectionString: person.server.url });
    await asker.connect();
    try {
      // As another namespace with the same host name sees it: no process has that pid.
      const seenFrom = { host: os.hostname(), alive: () => false };
      assert.deepEqual(await removeOrphanSchemas(asker, seenFrom), { dropped: [], left: [] });
      assert.deepEqual(await schemas(), [session.schema]);
      // Planted: the same schema marked as an older asyncmark marked it (no lock) is judged by pid, and taken.
      const legacy = schemaOf('0000dead');
      await person.admin(`CREATE SCHEMA ${legacy}; COMMENT ON SCHEMA ${legacy} IS '${markText({ id: '0000dead', pid: process.pid, host: os.hostname() })}'`);
      assert.deepEqual((await removeOrphanSchemas(asker, seenFrom)).dropped, [legacy]);
      // A session killed: its connection ends, its lock is free, its schema an orphan.
      const killed = schemaOf('0000beef');
      const holder = new pg.Client({ connectionString: person.server.url });
      await holder.connect();
      await holder.query('SELECT pg_advisory_lock($1, $2)', lockKey('0000beef'));
      await person.admin(
        `CREATE SCHEMA ${killed}; COMMENT ON SCHEMA ${killed} IS '${markText({ id: '0000beef', pid: process.pid, host: os.hostname(), lock: 'advisory' })}'`,
      );
      assert.deepEqual((await removeOrphanSchemas(asker)).dropped, [], 'held: alive, whatever the pid says');
      await holder.end();
      assert.deepEqual((await removeOrphanSchemas(asker)).dropped, [killed]);
    } finally {
      await asker.end();
      await session.close();
    }
    assert.deepEqual(await schemas(), []);
  });

  it('clean --yes from another PID namespace (unshare) lists a live session and removes nothing of it', async function () {
    const unshare = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']);
    if (unshare.status !== 0) {
      if (process.env.CI) throw new Error(`unshare --pid is needed here: ${String(unshare.stderr).trim()}`);
      this.skip();
    }
    const session = await openSession();
    try {
      const cli = path.join(__dirname, '..', '..', 'bench', 'cli.js');
      const inside = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', process.execPath, cli, 'clean', '--db', person.url(), '--yes'], {
        encoding: 'utf8',
        timeout: 60000,
      });
      assert.equal(inside.status, 0, inside.stderr);
      assert.match(inside.stdout, new RegExp(`${session.schema}: .*its session still runs \\(it holds its lock\\); not removed`));
      assert.deepEqual(await schemas(), [session.schema]);
    } finally {
      await session.close();
    }
  });
});
