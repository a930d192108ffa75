'use strict';

const assert = require('node:assert/strict');
const doxbee = require('../../examples/doxbee');
const model = require('../../examples/doxbee/model');
const { invoke } = require('../../lib/invoke');
const { lacking } = require('../../lib/runtimes/syntax');
const fixtures = require('../fixtures/doxbee-database');
const planted = require('../fixtures/doxbee');
const { cases, describeCase, observe, checkCase } = require('../../lib/conformance');

// The DoxBee upload against PGlite (examples/doxbee/db): every example, unchanged,
// does on a real database what the reference does, case by case; the database
// makes the failures; and the checks after a run catch the planted examples
// that answer before their commit or leave a transaction open. Tiny n: what is
// asserted is outcomes, rows and counts, never time.

const { openBackend } = model.database();

// Runs n uploads of an entry at once on the backend; resolves with the errors heard.
async function runBatch(backend, entry, { n = 1, e = 0, fileExists = false, trace = false, fault } = {}) {
  const { io, engine } = await backend.createIO(entry.io, { seed: 1, e, fileExists, trace, fault });
  const upload = entry.load()(io);
  const heard = await Promise.all(
    Array.from({ length: n }, (_, i) => new Promise((resolve) => invoke(entry.call, upload, model.invocationArgs(i), (error) => resolve(error ?? null)))),
  );
  backend.afterBatch(engine);
  await engine.idle();
  const failed = heard.filter(Boolean).length;
  return { heard, engine, failed, problems: await backend.check(engine, { n, failed }) };
}

describe('doxbee on a real database (PGlite)', function () {
  // Starting PGlite compiles PostgreSQL's WebAssembly and runs initdb: seconds, once.
  this.timeout(120000);
  let backend;
  before(async () => {
    backend = await openBackend({ kind: 'pglite' }, model);
  });
  after(async () => {
    if (backend) await backend.close();
  });

  const reference = doxbee.examples.find((e) => e.name === doxbee.reference);
  const runnable = doxbee.examples.filter((e) => !e.unavailable && !lacking(e.needs, null));

  describe('every example does what the reference does', () => {
    const cases = [{ fault: null }, ...model.path({ fileExists: false }).map((op) => ({ fault: { op } })), { fault: null, fileExists: true }];
    const outcomes = new Map();
    // What a case shows: what the caller heard, the operations in order, and the checks.
    async function outcomeOf(entry, spec) {
      const { heard, engine, problems } = await runBatch(backend, entry, { ...spec, trace: true });
      const calls = engine.trace.filter((event) => event.type === 'call').map((event) => event.op);
      return { heard: heard.map((error) => (error ? error.message : null)), calls, problems };
    }
    for (const entry of runnable) {
      it(entry.name, async () => {
        for (const spec of cases) {
          const key = JSON.stringify(spec);
          if (!outcomes.has(key)) outcomes.set(key, await outcomeOf(reference, spec));
          const expected = outcomes.get(key);
          const actual = await outcomeOf(entry, spec);
          assert.deepEqual(actual, expected, `case ${key}`);
          assert.deepEqual(actual.problems, [], `case ${key}`);
        }
      });
    }
  });

  it('makes the failures in the database: each a PostgreSQL error, counted by the engine', async () => {
    const { heard, engine, failed, problems } = await runBatch(backend, reference, { n: 20, e: 0.2 });
    assert.deepEqual(problems, []);
    assert.ok(failed > 0, 'with e = 0.2 some of 20 uploads fail');
    for (const error of heard.filter(Boolean)) assert.match(error.message, /^[\w.]+ failed \(by the database, call \d+\)$/);
    assert.equal(engine.failures, failed);
  });

  it('draws the same failures from the same seed', async () => {
    const first = await runBatch(backend, reference, { n: 20, e: 0.2 });
    const second = await runBatch(backend, reference, { n: 20, e: 0.2 });
    assert.deepEqual(
      second.heard.map((error) => error && error.message),
      first.heard.map((error) => error && error.message),
    );
  });

  it('fails a commit at COMMIT, and the transaction leaves no row', async () => {
    const { heard, problems } = await runBatch(backend, reference, { fault: { op: 'tx.commit' } });
    assert.match(heard[0].message, /^tx\.commit failed \(by the database/);
    assert.deepEqual(problems, []);
  });

  // lib/conformance's stepped cases, on the database: its answers reach the
  // example one by one, in the order named, once the program has gone quiet
  // (examples/doxbee/db/stepped.js), and each observation is checked against
  // the reference's on the database as conformance checks it on the fakes.
  // Of those cases, the ones of one upload: several at once, each holding
  // PGlite's one connection in a transaction while its answer waits, would
  // wait for one another. The fakes' faults thrown at the call or in a timer
  // have no counterpart on a database, which fails a statement by answering.
  describe('the stepped cases of lib/conformance', () => {
    const stepped = cases(model).filter((spec) => spec.order && !spec.together && spec.fault?.mode !== 'sync' && spec.fault?.mode !== 'timer');
    const makeIO = (flavour, options) => backend.createIO(flavour, { ...options, seed: 1, e: 0, trace: true });
    const observed = (entry, spec) => observe(entry, spec, { problem: 'doxbee', timeoutMs: 20000, makeIO });
    const references = new Map();
    async function problemsOf(entry, spec) {
      const key = JSON.stringify(spec);
      if (!references.has(key)) references.set(key, await observed(reference, spec));
      return checkCase(entry, spec, await observed(entry, spec), references.get(key), { problem: 'doxbee' }).problems;
    }

    it('has cases of each order, and a fault at every operation', () => {
      assert.deepEqual([...new Set(stepped.map((spec) => spec.order))].sort(), ['issue', 'reverse', 'shuffle']);
      for (const fileExists of [true, false]) {
        const faulted = stepped.filter((spec) => spec.fileExists === fileExists && spec.fault).map((spec) => spec.fault.op);
        assert.deepEqual(faulted, model.path({ fileExists }));
      }
    });

    for (const entry of runnable) {
      it(entry.name, async () => {
        for (const spec of stepped) assert.deepEqual(await problemsOf(entry, spec), [], describeCase(spec, model));
      });
    }

    it('catches an example that waits for its rollback before its caller hears', async () => {
      const spec = stepped.find((s) => s.order === 'issue' && s.fault?.op === 'version.insert');
      assert.deepEqual(await problemsOf(planted.waitsForRollback, spec), [
        'the caller heard only after tx.rollback completed: it waits for an operation the reference leaves running',
      ]);
    });
  });

  describe('the checks can fail', () => {
    it('catches an example that answers before its commit is acknowledged', async () => {
      const { problems } = await runBatch(backend, fixtures.doesNotWaitForCommit, { n: 3 });
      assert.ok(
        problems.some((p) => /called back before the database acknowledged their commit/.test(p)),
        problems.join('\n'),
      );
    });

    it('catches an example that forgets its rollback: the transaction and the connection are left open', async () => {
      const { problems } = await runBatch(backend, fixtures.forgetsRollback, { fault: { op: 'fileVersion.insert' } });
      assert.ok(
        problems.some((p) => /1 transactions left open/.test(p)),
        problems.join('\n'),
      );
      assert.ok(
        problems.some((p) => /connections not given back/.test(p)),
        problems.join('\n'),
      );
    });
  });
});
