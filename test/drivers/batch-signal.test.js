'use strict';

const assert = require('node:assert/strict');
const path = require('node:path');
const spawn = require('../../lib/runner/spawn');
const batch = require('../../lib/drivers/batch');
const drivers = require('../../lib/drivers');
const fs = require('node:fs');
const { parseResults, upgrade } = require('../../lib/results');
const { RESULTS } = require('../report/fixture-report');

// The batch driver's signal parameter: with live, a cancellable example is
// called with { signal } of a controller that never aborts, as the cost of
// cancellability is measured (bench/cancel-cost-table.js); without it, with
// its three arguments. The planted example fails every upload that has no
// live signal, so the run's failures tell which it got.

const FIXTURE = path.join(__dirname, '../fixtures/doxbee/async-await-needs-signal.js');
const entry = { name: 'async-await-needs-signal', file: FIXTURE, call: 'promise', io: 'promises', throws: 'caught', cancel: 'signal' };

function runWith(signal, one = entry) {
  const params = { n: 6, latency: 'tick', e: 0, seed: 1, ...(signal ? { signal } : {}) };
  return spawn.runInChild({ problem: 'doxbee', example: one.name, entry: one, params, warmup: false }, { script: batch.child, execArgv: batch.execArgv });
}

describe('batch driver: a live signal for a cancellable example', function () {
  this.timeout(60000);

  it('gives every upload a live signal with signal live, and none without', async () => {
    const live = await runWith('live');
    assert.equal(live.status, 'ok', live.error);
    assert.equal(live.metrics.failed, 0);
    const none = await runWith(undefined);
    assert.notEqual(none.status === 'ok' ? none.metrics.failed : 6, 0, 'without a signal every upload fails');
  });

  it('calls an example with no signal to take as without one', async () => {
    const plain = { ...entry, cancel: undefined };
    const result = await runWith('live', plain);
    assert.notEqual(result.status === 'ok' ? result.metrics.failed : 6, 0);
  });

  it('records the parameter and how soon the caller hears in a results line its schema accepts', async () => {
    const result = await runWith('live');
    // The fixture report's first line, with this run's parameters and metrics.
    const template = upgrade(JSON.parse(fs.readFileSync(RESULTS, 'utf8').split('\n')[0]));
    const line = { ...template, example: entry.name, params: { ...template.params, signal: 'live' }, metrics: { ...template.metrics, ...result.metrics } };
    assert.equal(result.metrics.hearing.grade, 'hears within one step (up to t ms)');
    assert.deepEqual(
      result.metrics.hearing.times.map((time) => time.t),
      [1, 300],
    );
    const { runs, skipped } = parseResults(`${JSON.stringify(line)}\n`, 'test', { drivers });
    assert.deepEqual(skipped, []);
    assert.equal(runs[0].params.signal, 'live');
    assert.equal(runs[0].metrics.hearing.grade, result.metrics.hearing.grade);
  });
});

describe('bench --signal: every scenario with a cancellable example takes it', function () {
  this.timeout(120000);
  const os = require('node:os');
  const { spawnSync } = require('node:child_process');
  const problems = require('../../examples');
  const scenarios = require('../../bench/scenarios');
  const CLI = path.join(__dirname, '../../bench/cli.js');

  it('is a parameter of each batch scenario whose problem has an example that takes a signal (planted: a scenario without it)', () => {
    const takers = Object.values(scenarios).filter((s) => s.driver === 'batch' && problems[s.problem].examples.some((e) => e.cancel === 'signal'));
    assert.ok(takers.length >= 4);
    for (const scenario of takers) assert.equal(scenario.params.signal, 'none', `${scenario.name} takes --signal`);
  });

  it('runs a cancellable variant with a live signal from the command line, and records it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-signal-'));
    try {
      const out = path.join(dir, 'runs.jsonl');
      const args = [
        CLI,
        'bench',
        '--scenario',
        'doxbee-sequential',
        '--examples',
        'async-await-cancellable',
        '--signal',
        'live',
        '--test',
        '--quiet',
        '--out',
        out,
      ];
      const ran = spawnSync(process.execPath, args, { encoding: 'utf8' });
      assert.equal(ran.status, 0, ran.stderr);
      const lines = fs.readFileSync(out, 'utf8').trim().split('\n').map(JSON.parse);
      assert.deepEqual(
        lines.map((line) => [line.params.signal, line.status]),
        [['live', 'ok']],
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
