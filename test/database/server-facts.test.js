'use strict';

const assert = require('node:assert/strict');
const { schemaOf, markText } = require('../../lib/database/mark');
const { serverFacts, foreignObjects, createRefusal } = require('../../lib/database/server-facts');
const { SCHEMA_SQL, SIGNATURE } = require('../../examples/doxbee/db');

// What a session asks of a database before it writes, on PGlite (the same
// catalog a server has): asyncmark's functions and trigger left in public are
// found, those in a marked session schema are not, and a person's look-alikes
// (tables named files and commits, a trigger named commit_gate calling a
// function of theirs) are never taken for asyncmark's.

describe('lib/database/server-facts (PGlite)', function () {
  this.timeout(60000);
  let db;
  const client = { query: (text, params) => db.query(text, params) };

  before(async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    db = await PGlite.create();
  });

  after(async () => {
    if (db) await db.close();
  });

  it("reads the server's version and the settings that change what is measured", async () => {
    const facts = await serverFacts(client);
    assert.match(facts.version, /^\d+\.\d+/);
    assert.deepEqual(Object.keys(facts.settings).sort(), ['fsync', 'max_connections', 'shared_buffers', 'synchronous_commit']);
    assert.equal(facts.connections.max, facts.settings.max_connections);
    assert.ok(facts.connections.inUse >= 0);
    assert.equal(await createRefusal(client), null, 'its user may create a schema');
  });

  it("finds asyncmark's objects outside a marked schema only, never a person's look-alikes", async () => {
    await db.exec(`CREATE SCHEMA app;
      CREATE TABLE app.commits (tx int); CREATE TABLE app.files (id int);
      CREATE FUNCTION app.gate() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
      CREATE TRIGGER commit_gate AFTER INSERT ON app.commits FOR EACH ROW EXECUTE FUNCTION app.gate();`);
    assert.deepEqual(await foreignObjects(client, SIGNATURE), [], "a person's tables and trigger named like asyncmark's are theirs");
    const own = schemaOf('0000cafe');
    await db.exec(
      `CREATE SCHEMA ${own}; COMMENT ON SCHEMA ${own} IS '${markText({ id: '0000cafe', pid: 1, host: 'there' })}'; SET search_path TO ${own}; ${SCHEMA_SQL}; SET search_path TO public`,
    );
    assert.deepEqual(await foreignObjects(client, SIGNATURE), [], "a marked session schema's are a session's");
    // Planted: the same objects where the old bug left them.
    await db.exec(SCHEMA_SQL);
    const found = await foreignObjects(client, SIGNATURE);
    assert.deepEqual(
      found.map((f) => `${f.kind} ${f.schema}.${f.name}`),
      [...SIGNATURE.functions.map((name) => `function public.${name}`).sort(), 'trigger public.commit_gate on public.commits'],
    );
    assert.deepEqual(await foreignObjects(client, { functions: [] }), [], 'a problem with no signature finds nothing');
  });
});
