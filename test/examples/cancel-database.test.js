'use strict';

const assert = require('node:assert/strict');
const doxbee = require('../../examples/doxbee');
const model = require('../../examples/doxbee/model');
const { openDatabase, resetDatabase, createDatabaseIO, checkData } = require('../../examples/doxbee/db');
const { observeCancel, kindOf } = require('../../lib/conformance');
const { lacking } = require('../../lib/runtimes/syntax');
const fixtures = require('../fixtures/doxbee/on-cancel');

// The cancel contract on a real database (PGlite): every cancel point with the
// database's answers released one by one (examples/doxbee/db/stepped.js), and
// after each point the data checked as a run's is (examples/doxbee/db/
// checks.js): no transaction left open, and a commit exactly where the commit
// was issued before the abort, with its rows; no row of an upload that did not.

describe('the cancel contract on a real database (PGlite)', function () {
  // Starting PGlite compiles PostgreSQL's WebAssembly and runs initdb: seconds, once.
  this.timeout(180000);
  let connection;
  before(async () => {
    connection = await openDatabase({ kind: 'pglite' });
  });
  after(async () => {
    if (connection) await connection.close();
  });

  const onDatabase = (entry) =>
    observeCancel(entry, {
      problem: 'doxbee',
      timeoutMs: 20000,
      makeIO: async (flavour, options) => {
        await resetDatabase(connection, { seed: 1 });
        return createDatabaseIO(model, flavour, { ...options, seed: 1, e: 0, trace: true }, connection);
      },
      afterPoint: async (engine, { committed }) => {
        await engine.idle();
        return checkData(connection, engine, { n: 1, failed: committed ? 0 : 1 });
      },
    });

  for (const entry of doxbee.examples.filter((e) => e.variantOf !== undefined && !lacking(e.needs, null))) {
    it(`${entry.name} → ${entry.onCancel}`, async () => {
      const { outcome } = await onDatabase(entry);
      assert.equal(kindOf(outcome), entry.onCancel, outcome);
    });
  }

  it('finds on the data a commit the caller gave up on: a planted example that ignores its signal', async () => {
    const { points } = await onDatabase(fixtures.ignoresSignal);
    const during = points.find((point) => point.where === 'version.insert (file found)');
    assert.deepEqual(during.breaches, [
      { kind: 'commits anyway', detail: 'tx.commit after the abort' },
      { kind: 'writes after the abort', detail: 'fileVersion.insert, file.update' },
      { kind: 'hears late', detail: 'the caller heard after 3 more I/O step(s)' },
      { kind: 'leaves wrong data', detail: '0 uploads succeeded but 1 transactions committed' },
    ]);
  });
});
