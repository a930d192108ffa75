'use strict';

const assert = require('node:assert/strict');
const { schemaOf, markText } = require('../../lib/database/mark');
const { sessionSchemas, dropSessionSchema, removeOrphanSchemas } = require('../../lib/database/schemas');

// Which schemas of a database are asyncmark's, and which of those are
// orphans, on PGlite (the same SQL a server answers): a person's schemas,
// one named like ours without our mark, and one re-marked by another session
// after it was listed are never dropped.

describe('lib/database/schemas (PGlite)', function () {
  this.timeout(60000);
  let db;

  before(async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    db = await PGlite.create();
    const make = async (schema, comment) => {
      await db.query(`CREATE SCHEMA "${schema}"`);
      await db.query(`CREATE TABLE "${schema}".files (id int)`);
      if (comment !== undefined) await db.query(`COMMENT ON SCHEMA "${schema}" IS ${comment === null ? 'NULL' : `'${comment}'`}`);
    };
    await make('app');
    await make(schemaOf('0000dead'), markText({ id: '0000dead', pid: 11, host: 'here' }));
    await make(schemaOf('0000a11e'), markText({ id: '0000a11e', pid: 22, host: 'here' }));
    await make(schemaOf('0000e15e'), markText({ id: '0000e15e', pid: 33, host: 'elsewhere' }));
    await make(schemaOf('0000c0de'), 'a person named this schema like ours');
  });

  after(async () => {
    if (db) await db.close();
  });

  const names = async () =>
    (await db.query("SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema' ORDER BY 1")).rows.map(
      (r) => r.nspname,
    );

  it('lists the marked schemas apart from the look-alikes', async () => {
    const { marked, unmarked } = await sessionSchemas(db);
    assert.deepEqual(
      marked.map((m) => m.schema),
      ['asyncmark_0000a11e', 'asyncmark_0000dead', 'asyncmark_0000e15e'],
    );
    assert.deepEqual(unmarked, ['asyncmark_0000c0de']);
  });

  it('does not drop a schema whose mark changed since it was listed', async () => {
    const { marked } = await sessionSchemas(db);
    const listed = marked.find((m) => m.schema === 'asyncmark_0000a11e');
    const planted = { ...listed, mark: { ...listed.mark, pid: 99 } };
    assert.deepEqual(await dropSessionSchema(db, planted), { dropped: false, why: 'mark' });
    assert.ok((await names()).includes('asyncmark_0000a11e'));
  });

  it("drops only this host's orphans, and nothing of the person's", async () => {
    const { dropped } = await removeOrphanSchemas(db, { host: 'here', alive: (pid) => pid === 22 });
    assert.deepEqual(dropped, ['asyncmark_0000dead']);
    assert.deepEqual(await names(), ['app', 'asyncmark_0000a11e', 'asyncmark_0000c0de', 'asyncmark_0000e15e', 'public']);
  });
});
