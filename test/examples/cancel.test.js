'use strict';

const assert = require('node:assert/strict');
const { problems } = require('../../lib/problems');
const { observeCancel, kindOf, KEEPS, NO_MEANS, NO_ABORT_CONTROLLER } = require('../../lib/conformance');
const { lacking } = require('../../lib/runtimes/syntax');
const { verifyUnderRuntime } = require('./under-runtime');
const fixtures = require('../fixtures/doxbee/on-cancel');
const spawn = require('../../lib/runner/spawn');
const batch = require('../../lib/drivers/batch');
const { summarize } = require('../../lib/summary');
const { summaryTable } = require('../../lib/report/sections/summary-table');
const drivers = require('../../lib/drivers');
const registries = require('../../examples');

// The cancel case (lib/conformance/cancel.js) of every example of the problems
// whose model declares one: the caller gives up at every cancel point, and
// the cancel contract judges what follows. An example with a means to cancel
// (its registry's `cancel`) does what its `onCancel` declares; one with none
// is n/a. The planted fixtures prove each breach is caught, where it happens.

const CANCELLABLE = problems()
  .filter((problem) => problem.model?.CANCEL)
  .map((problem) => problem.registry);

// An example in a syntax this node cannot parse is observed under a runtime that can.
async function outcomeOf(entry, problem) {
  if (!lacking(entry.needs, null)) return (await observeCancel(entry, { problem })).outcome;
  return (await verifyUnderRuntime({ problem, cancel: true, example: entry.name })).outcome;
}

describe('cancellation: the caller gives up at every cancel point', () => {
  it('is declared by doxbee and parallel', () => {
    assert.deepEqual(
      CANCELLABLE.map((registry) => registry.problem),
      ['doxbee', 'parallel'],
    );
  });

  for (const registry of CANCELLABLE) {
    describe(registry.problem, () => {
      for (const entry of registry.examples.filter((e) => !e.unavailable)) {
        const expected = entry.cancel ? entry.onCancel : NO_MEANS;
        it(`${entry.name} ${entry.cancel ? `(${entry.cancel})` : ''} → ${expected}`, async function () {
          if (lacking(entry.needs, null)) this.timeout(180000);
          const outcome = await outcomeOf(entry, registry.problem);
          assert.equal(entry.cancel ? kindOf(outcome) : outcome, expected, outcome);
        });
      }
    });
  }

  describe('planted examples, each caught where it breaks the contract', () => {
    for (const [name, fixture] of Object.entries(fixtures)) {
      it(`${name}: ${fixture.caught}`, async () => {
        assert.equal(await outcomeOf(fixture, 'doxbee'), fixture.caught);
      });
    }

    it('reports an entry with no means to cancel as n/a, without running it', async () => {
      const { cancel, ...entry } = fixtures.leaksOnSignal;
      assert.equal(cancel, 'signal');
      assert.equal(await outcomeOf({ ...entry, load: () => assert.fail('loaded') }, 'doxbee'), NO_MEANS);
    });
  });

  it('gives every point: before start, each operation of each branch, the commit included', async () => {
    const { points } = await observeCancel(fixtures.writesAfterAbort, { problem: 'doxbee' });
    assert.deepEqual(
      points.slice(0, 15).map((point) => point.where),
      [
        'before start',
        ...['blob.put', 'file.get', 'version.insert', 'fileVersion.insert', 'file.update', 'tx.commit'].map((op) => `${op} (file found)`),
        ...['blob.put', 'file.get', 'version.insert', 'file.createQuery', 'file.insert', 'fileVersion.insert', 'file.update', 'tx.commit'].map(
          (op) => `${op} (file not found)`,
        ),
      ],
    );
    // The abort during version.insert: the writes it still issued, and how late its caller heard.
    const during = points.find((point) => point.where === 'version.insert (file not found)');
    assert.deepEqual(during.breaches, [
      { kind: 'writes after the abort', detail: 'file.insert, fileVersion.insert, file.update' },
      { kind: 'hears late', detail: 'the caller heard after 4 more I/O step(s)' },
    ]);
  });

  it('tries it as callers use it: many uploads at once, one signal shared, turns after each completion, a timeout, any', async () => {
    const entry = registries.doxbee.examples.find((e) => e.name === 'async-await-cancellable');
    const { outcome, points } = await observeCancel(entry, { problem: 'doxbee' });
    assert.equal(outcome, KEEPS);
    const wheres = points.map((point) => point.where);
    for (const where of [
      '12 uploads at once, upload 1 aborted at file.get (file found)',
      '12 uploads at once, upload 3 not aborted (file not found)',
      'one signal for 2 uploads, aborted at tx.commit of the first, upload 2 (file found)',
      '0 microtasks after blob.put completed (file found)',
      '2 macrotasks after file.update completed (file not found)',
      'AbortSignal.timeout(12), operations of 8 ms (file found)',
      'AbortSignal.any aborted after 12 ms with a reason of its own, operations of 8 ms (file not found)',
    ])
      assert.ok(wheres.includes(where), where);
    // Each upload on its own events: the one not aborted commits and hears success; its neighbour rolls back.
    const ops = (where) =>
      points
        .find((point) => point.where === where)
        .trace.filter((e) => e.type === 'call')
        .map((e) => e.op);
    const path = ['blob.put', 'file.get', 'version.insert', 'fileVersion.insert', 'file.update', 'tx.commit'];
    assert.deepEqual(ops('12 uploads at once, upload 3 not aborted (file found)'), ['blob.create', 'db.begin', ...path]);
    assert.deepEqual(ops('12 uploads at once, upload 1 aborted at file.get (file found)'), ['blob.create', 'db.begin', 'blob.put', 'file.get', 'tx.rollback']);
    const spared = points.find((point) => point.where === '12 uploads at once, upload 3 not aborted (file found)');
    assert.deepEqual(
      spared.trace.filter((e) => e.type === 'heard'),
      [{ type: 'heard', upload: 3, error: null }],
    );
  });

  it('tells a caller that hears at once from one that waits for the operation in flight, and times both on real timers', async () => {
    const { timeToHear, AT_ONCE, WITHIN_ONE_STEP } = require('../../lib/conformance/time-to-hear');
    const { createIO } = require('../../lib/fakes');
    const expected = [
      ['doxbee', 'effect-cancellable', AT_ONCE, 0],
      ['doxbee', 'observables-rxjs-cancellable', AT_ONCE, 0],
      ['doxbee', 'async-await-cancellable', WITHIN_ONE_STEP, 1],
      ['doxbee', 'callbacks-cancellable', WITHIN_ONE_STEP, 1],
      // Checked after Promise.all: every insert in flight ends first.
      ['parallel', 'async-await-cancellable', WITHIN_ONE_STEP, 25],
      ['parallel', 'callbacks-counter-cancellable', WITHIN_ONE_STEP, 1],
    ];
    for (const [problem, name, grade, awaited] of expected) {
      const entry = registries[problem].examples.find((e) => e.name === name);
      const { model } = problems().find((p) => p.name === problem);
      assert.equal((await observeCancel(entry, { problem })).hearing.grade, grade, name);
      // The abort comes halfway through the first operation: timers fire in order, however late.
      const measured = await timeToHear(entry, entry.load(), { problem, model, t: 20, makeIO: createIO });
      assert.equal(measured.awaited, awaited, name);
      assert.equal(typeof measured.ms, 'number', name);
    }
  });

  it('tries a caller that unsubscribes or halts by the uses that need no signal', () => {
    const { usesOf } = require('../../lib/conformance/cancel-uses');
    const { model } = problems().find((problem) => problem.name === 'doxbee') ?? {};
    assert.deepEqual(usesOf({ cancel: 'signal' }, model), ['many', 'shared', 'turns', 'timeout', 'any']);
    assert.deepEqual(usesOf({ cancel: 'unsubscribe' }, model), ['many', 'turns']);
    assert.deepEqual(usesOf({ cancel: 'halt' }, model), ['many', 'turns']);
    assert.deepEqual(usesOf({ cancel: 'signal' }, {}), ['turns', 'timeout', 'any']);
  });

  it('is n/a with its reason where the runtime has no AbortController, and the example is not run', async () => {
    const saved = globalThis.AbortController;
    delete globalThis.AbortController;
    try {
      const entry = { ...fixtures.writesAfterAbort, load: () => assert.fail('loaded') };
      assert.equal((await observeCancel(entry, { problem: 'doxbee' })).outcome, NO_ABORT_CONTROLLER);
    } finally {
      globalThis.AbortController = saved;
    }
    assert.equal(kindOf(NO_ABORT_CONTROLLER), null);
    assert.equal(kindOf(KEEPS), KEEPS);
  });

  it('refuses a means it does not know, naming it', async () => {
    await assert.rejects(
      observeCancel({ ...fixtures.ignoresSignal, cancel: 'interrupt' }, { problem: 'doxbee' }),
      /cancel must be one of signal, unsubscribe, halt; got interrupt/,
    );
  });
});

// Every batch run records the outcome (lib/drivers/batch/child.js), and the
// summary shows it in an "on cancel" column: a registered example that keeps
// the contract, and the planted one that leaks, run as an example of one's own.
describe('cancellation: recorded by each batch run, shown by the summary', () => {
  const job = (example, entry) => ({ problem: 'doxbee', example, entry, params: { n: 4, latency: 'tick', e: 0, seed: 1 }, warmup: false });
  const runInChild = (what) => spawn.runInChild(what, { script: batch.child, execArgv: batch.execArgv });
  const leaking = fixtures.leaksOnUnsubscribe;
  const ownEntry = { name: leaking.name, file: leaking.file, call: leaking.call, io: leaking.io, throws: leaking.throws, cancel: leaking.cancel };

  it('records keeps the contract, a breach and where, and n/a, and the summary table shows each', async function () {
    this.timeout(60000);
    const jobs = [job('observables-rxjs'), job(leaking.name, ownEntry), job('callbacks-original')];
    const lines = [];
    for (const one of jobs) {
      const result = await runInChild(one);
      assert.equal(result.status, 'ok', result.error);
      lines.push({
        driver: 'batch',
        scenario: 'cancel-test',
        problem: 'doxbee',
        example: one.example,
        params: one.params,
        run: 1,
        env: { node: 'v0', cpu: 'test' },
        ...result,
      });
    }
    assert.deepEqual(
      lines.map((line) => line.metrics.onCancel),
      [KEEPS, leaking.caught, NO_MEANS],
    );
    const { cells } = summarize(lines, { drivers, registries });
    const table = summaryTable(cells, { env: cells[0].env, scenario: 'cancel-test', params: jobs[0].params }, null, null);
    const column = table.columns.find((c) => c.key === 'onCancel');
    assert.equal(column.title, 'on cancel');
    const shown = Object.fromEntries(table.rows.map((row) => [row.example, column.format(row.onCancel, row)]));
    assert.deepEqual(shown, { 'observables-rxjs': KEEPS, [leaking.name]: leaking.caught, 'callbacks-original': NO_MEANS });
  });
});
