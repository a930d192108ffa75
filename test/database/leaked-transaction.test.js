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
