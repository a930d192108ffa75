'use strict';

const assert = require('node:assert/strict');
const path = require('node:path');
const spawn = require('../../lib/runner/spawn');
const batch = require('../../lib/drivers/batch');
const model = require('../../examples/doxbee/model');
const { openSessionDatabase } = require('../../lib/database/session');

// A transaction left open in a whole batch run (the batch driver's child, as
// bench --db runs it, warm-up included): its connection is never given back,
// so the uploads after it wait for one. The run must end by itself, INVALID,
// naming the transaction, not wait for its time-out. The planted example
// (test/fixtures/doxbee-database/never-ends-transaction.js) never commits nor
// rolls back. No time is asserted: the child's time-out is far beyond what the
// run needs, and a run that reached it would be reported T/O.

const FIXTURE = path.join(__dirname, '..', 'fixtures', 'doxbee-database', 'never-ends-transaction.js');

function leakingRun(database, n, childEnv) {
  const job = {
    problem: 'doxbee',
    example: 'never-ends-transaction',
    entry: { name: 'never-ends-transaction', file: FIXTURE, call: 'promise', io: 'promises', throws: 'caught' },
    params: { n, latency: 'tick', e: 0, seed: 1 },
    childOptions: { database },
    warmup: n,
  };
  return spawn.runInChild(job, { script: batch.child, execArgv: batch.execArgv, timeoutMs: 100000, env: { ...process.env, ...childEnv } });
}

describe('a transaction left open in a batch run on a real database', function () {
  this.timeout(240000);

  for (const { kind, pool } of [{ kind: 'pglite' }, { kind: 'postgres', pool: 2 }]) {
    it(`ends the run INVALID, naming the transactions left open (${kind})`, async () => {
      const session = await openSessionDatabase({ kind, pool }, { prepare: model.database().prepareSession });
      try {
        const result = await leakingRun(session.childOptions, 5, session.childEnv);
        assert.equal(result.status, 'invalid', `${result.status}: ${result.error}`);
        assert.match(result.error, /^the run stalled: \d+ statements waited for a connection that transaction [\d, ]+ held with no statement running/);
        assert.match(result.error, /5 transactions left open \(neither committed nor rolled back\): 1, 2, 3, 4, 5/);
      } finally {
        await session.close();
      }
    });
  }
});

// Once a run has stalled, nothing more of it reaches the database: a statement
// outside a transaction (a file lookup) that waited for the connection is
// failed unsent when the connection comes back. Sent, it ran in the next batch,
// after its tables were emptied, or beside its TRUNCATE, which it could deadlock
// (PostgreSQL: "deadlock detected", and the child crashed).
describe('a stalled run on a real database', function () {
  this.timeout(60000);

  it('sends none of its statements once it has stalled, when the connection comes back (PGlite)', async () => {
    const { openPglite } = require('../../examples/doxbee/db/pglite');
    const { createDatabaseIO, resetDatabase, SCHEMA_SQL } = require('../../examples/doxbee/db');
    const { invoke } = require('../../lib/invoke');
    const connection = await openPglite({ schemaSql: SCHEMA_SQL });
    let engine = null;
    const late = [];
    const query = connection.query;
    connection.query = (text, params, refused = () => null) =>
      query(text, params, () => {
        const refusal = refused();
        if (refusal === null && engine?.stall.error) late.push(text);
        return refusal;
      });
    try {
      await resetDatabase(connection, { seed: 1 });
      const made = createDatabaseIO(model, 'promises', { seed: 1, e: 0, fileExists: false }, connection);
      engine = made.engine;
      const upload = require(FIXTURE)(made.io);
      const start = (i) => new Promise((resolve) => invoke('promise', upload, model.invocationArgs(i), resolve));
      // The first upload's transaction takes the one connection and keeps it; the others' file
      // lookups, outside any transaction, then wait for it.
      const first = start(0);
      while (![...engine.transactions.values()].some((t) => t.holding !== null)) await new Promise((resolve) => setTimeout(resolve, 5));
      const heard = await Promise.all([first, start(1), start(2)]);
      assert.ok(engine.stall.error, 'the run stalled');
      assert.equal(heard.filter(Boolean).length, 2, 'two uploads heard the stall');
      // The transaction left open gives its connection back; what waited for it may take it now.
      await engine.rollbackLeft();
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.deepEqual(late, []);
    } finally {
      await connection.close();
    }
  });
});
