'use strict';

const assert = require('node:assert/strict');
const { problems } = require('../../lib/problems');
const { observeCancel, CANCEL_OUTCOMES, NO_MEANS } = require('../../lib/conformance');
const { lacking } = require('../../lib/runtimes/syntax');
const { verifyUnderRuntime } = require('./under-runtime');
const fixtures = require('../fixtures/doxbee/on-cancel');
const spawn = require('../../lib/runner/spawn');
const batch = require('../../lib/drivers/batch');
const { summarize } = require('../../lib/summary');
const { summaryTable } = require('../../lib/report/sections/summary-table');

// The cancel case (lib/conformance/cancel.js) of every example of the problems
// whose model declares one: an example with a means to cancel (its registry's
// `cancel`) rolls back when its caller gives up mid-upload; one with none is
// n/a. The planted fixtures prove the case tells the other outcomes apart.

const CANCELLABLE = problems()
  .filter((problem) => problem.model?.CANCEL)
  .map((problem) => problem.registry);

// An example in a syntax this node cannot parse is observed under a runtime that can.
async function outcomeOf(entry, problem) {
  if (!lacking(entry.needs, null)) return (await observeCancel(entry, { problem })).outcome;
  return (await verifyUnderRuntime({ problem, cancel: true, example: entry.name })).outcome;
}

describe('cancellation: the caller gives up mid-upload', () => {
  it('is declared by doxbee and parallel', () => {
    assert.deepEqual(
      CANCELLABLE.map((registry) => registry.problem),
      ['doxbee', 'parallel'],
    );
  });

  for (const registry of CANCELLABLE) {
    describe(registry.problem, () => {
      for (const entry of registry.examples.filter((e) => !e.unavailable)) {
        const expected = entry.cancel ? CANCEL_OUTCOMES.rollback : NO_MEANS;
        it(`${entry.name} ${entry.cancel ? `(${entry.cancel})` : ''} → ${expected}`, async function () {
          if (lacking(entry.needs, null)) this.timeout(180000);
          assert.equal(await outcomeOf(entry, registry.problem), expected);
        });
      }
    });
  }

  describe('planted examples', () => {
    it('reports one that takes a signal and never reads it as committing anyway', async () => {
      assert.equal(await outcomeOf(fixtures.ignoresSignal, 'doxbee'), CANCEL_OUTCOMES.commit);
    });

    it('reports one that checks its signal past its rollback as leaving the transaction open', async () => {
      assert.equal(await outcomeOf(fixtures.leaksOnSignal, 'doxbee'), CANCEL_OUTCOMES.open);
    });

    it('reports an observable that rolls back on error only as leaving the transaction open', async () => {
      assert.equal(await outcomeOf(fixtures.leaksOnUnsubscribe, 'doxbee'), CANCEL_OUTCOMES.open);
    });

    it('reports an entry with no means to cancel as n/a, without running it', async () => {
      const { cancel, ...entry } = fixtures.leaksOnSignal;
      assert.equal(cancel, 'signal');
      assert.equal(await outcomeOf({ ...entry, load: () => assert.fail('loaded') }, 'doxbee'), NO_MEANS);
    });
  });

  it('refuses a means it does not know, naming it', async () => {
    await assert.rejects(
      observeCancel({ ...fixtures.ignoresSignal, cancel: 'interrupt' }, { problem: 'doxbee' }),
      /cancel must be one of signal, unsubscribe; got interrupt/,
    );
  });
});

// Every batch run records the outcome (lib/drivers/batch/child.js), and the
// summary shows it in an "on cancel" column: a registered example that rolls
// back, and the planted one that leaks, run as an example of one's own.
describe('cancellation: recorded by each batch run, shown by the summary', () => {
  const job = (example, entry) => ({ problem: 'doxbee', example, entry, params: { n: 4, latency: 'tick', e: 0, seed: 1 }, warmup: false });
  const runInChild = (what) => spawn.runInChild(what, { script: batch.child, execArgv: batch.execArgv });
  const leaking = fixtures.leaksOnUnsubscribe;
  const ownEntry = { name: leaking.name, file: leaking.file, call: leaking.call, io: leaking.io, throws: leaking.throws, cancel: leaking.cancel };

  it('records rolls back, leaves open and n/a, and the summary table shows each', async function () {
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
      [CANCEL_OUTCOMES.rollback, CANCEL_OUTCOMES.open, NO_MEANS],
    );
    const { cells } = summarize(lines);
    const table = summaryTable(cells, { env: cells[0].env, scenario: 'cancel-test', params: jobs[0].params }, null, null);
    const column = table.columns.find((c) => c.key === 'onCancel');
    assert.equal(column.title, 'on cancel');
    const shown = Object.fromEntries(table.rows.map((row) => [row.example, column.format(row.onCancel, row)]));
    assert.deepEqual(shown, { 'observables-rxjs': 'rolls back', [leaking.name]: 'leaves open', 'callbacks-original': NO_MEANS });
  });
});
