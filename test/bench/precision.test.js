'use strict';

const assert = require('node:assert/strict');
const { precisionOf, wanting, cellKey } = require('../../lib/precision');
const { precisionText } = require('../../bench/precision-text');
const { runCli } = require('./capture');
const drivers = require('../../lib/drivers');

// --precision: each cell's 95% interval of the mean time, relative to the
// mean, against the target; more rounds only for the cells that want them.

const PARAMS = { n: 10, latency: 'constant', t: 1, e: 0, seed: 1 };
// The time a run's child may take, for the tests that run bench.
const CHILD_MS = 10000;

function line(example, wallMs, status = 'ok', runtime) {
  return {
    scenario: 'doxbee-sequential',
    driver: 'batch',
    example,
    params: PARAMS,
    status,
    metrics: status === 'ok' ? { wallMs } : null,
    ...(runtime ? { runtime } : {}),
  };
}

// A run counted (bench --measure instructions: no time) or timed and counted (both).
function counted(example, instructionsPerInvocation, wallMs = null) {
  const run = line(example, wallMs);
  run.metrics.instructionsPerInvocation = instructionsPerInvocation;
  return run;
}

// Text the terminal's table wrapped at 100 columns, its continuation lines joined back.
const unwrap = (text) => text.replace(/\n {2}(?=\S)/g, ' ');

describe('bench --precision', () => {
  it("measures each cell's half-width relative to its mean, and wants runs only where it is too wide", () => {
    const lines = [
      // Mean 100, sd 1: t(2) 4.30 × 1/√3 = 2.48% of the mean.
      ...[99, 100, 101].map((ms) => line('tight', ms)),
      // Mean 100, sd 20: 49.7%.
      ...[80, 100, 120].map((ms) => line('loose', ms)),
      // A failed run settles the cell: more runs would not make it precise.
      line('broken', 100),
      line('broken', 0, 'crash'),
      // One finished run has no interval.
      line('single', 100),
      // The same example under another runtime is a cell of its own.
      ...[99, 100, 101].map((ms) => line('tight', ms * 2, 'ok', 'bun')),
    ];
    const cells = precisionOf(lines, 0.03, { drivers });
    const of = (example, runtime = null) => cells.find((c) => c.example === example && c.runtime === runtime);
    assert.ok(Math.abs(of('tight').halfWidth - 0.0248) < 0.0001, String(of('tight').halfWidth));
    assert.ok(Math.abs(of('loose').halfWidth - 0.497) < 0.001);
    assert.deepEqual(
      ['tight', 'loose', 'broken', 'single'].map((name) => [of(name).met, of(name).settled]),
      [
        [true, false],
        [false, false],
        [false, true],
        [false, false],
      ],
    );
    assert.ok(Number.isNaN(of('single').halfWidth));
    assert.ok(of('tight', 'bun').met);
    assert.deepEqual([...wanting(cells)].sort(), [cellKey(line('loose')), cellKey(line('single'))].sort());
    // The same target met exactly is met; a hair tighter is not.
    assert.equal(precisionOf(lines, of('tight').halfWidth, { drivers })[0].met, true);
    assert.equal(precisionOf(lines, of('tight').halfWidth * 0.999, { drivers })[0].met, false);
  });

  it('judges counts by half their spread: met after two that repeat, never tried further once they differ by more (planted)', () => {
    const lines = [
      // Half the spread 0.5 / 27830: 0.0018%.
      counted('repeats', 27830),
      counted('repeats', 27831),
      // One count has no spread yet: it wants a second run.
      counted('once', 50000),
      // Planted: counts 2% apart, half-spread 1% against a target of 0.1%.
      counted('wanders', 99000),
      counted('wanders', 101000),
    ];
    const cells = precisionOf(lines, 0.001, { measure: 'instructions', drivers });
    const of = (example) => cells.find((c) => c.example === example);
    assert.ok(Math.abs(of('repeats').countHalfWidth - 0.5 / 27830.5) < 1e-12);
    assert.ok(Number.isNaN(of('repeats').halfWidth), 'a counted run has no time');
    assert.deepEqual(
      ['repeats', 'once', 'wanders'].map((name) => [of(name).met, of(name).settled, of(name).unsteady]),
      [
        [true, false, false],
        [false, false, false],
        [false, true, true],
      ],
    );
    assert.ok(Math.abs(of('wanders').countHalfWidth - 0.01) < 1e-12);
    assert.deepEqual([...wanting(cells)], [cellKey(counted('once', 1))]);
    // Judged by time, as before, the counts are not looked at: no time, no interval.
    assert.deepEqual(
      precisionOf(lines, 0.001, { measure: 'time', drivers }).map((cell) => [cell.met, cell.settled]),
      [
        [false, false],
        [false, false],
        [false, false],
      ],
    );
  });

  it('with --measure both, a cell is met only when its time and its counts each meet the target', () => {
    const lines = [
      // Time ±2.48%, counts repeat: met at 3%.
      ...[99, 100, 101].map((ms) => counted('both-met', 27830, ms)),
      // Time ±49.7%, counts repeat: wants more runs for its time.
      ...[80, 100, 120].map((ms) => counted('time-wide', 27830, ms)),
      // Time met, counts 10% apart (planted): can never meet, not tried further.
      ...[99, 100, 101].map((ms, i) => counted('counts-wide', [95000, 100000, 105000][i], ms)),
    ];
    const cells = precisionOf(lines, 0.03, { measure: 'both', drivers });
    const of = (example) => cells.find((c) => c.example === example);
    assert.deepEqual(
      ['both-met', 'time-wide', 'counts-wide'].map((name) => [of(name).met, of(name).settled]),
      [
        [true, false],
        [false, false],
        [false, true],
      ],
    );
    assert.deepEqual([...wanting(cells)], [cellKey(counted('time-wide', 1))]);
    // Judged by the counts alone, the wide time does not matter.
    assert.equal(precisionOf(lines, 0.03, { measure: 'instructions', drivers }).find((c) => c.example === 'time-wide').met, true);
    const text = precisionText({ target: 0.03, measure: 'both', cells, rounds: 3, elapsedMs: 4000, stopped: '--max-runs 3 reached' }, 'table');
    assert.match(
      text,
      /^Precision: target ±3% \(each cell's time .* and its counted instructions .* must both meet it\); 1 of 3 cells met it after 3 rounds in 4 s; --max-runs 3 reached\./,
    );
    assert.match(
      text,
      /Not met: time-wide \(n=10, .*\) time ±49\.7%, CPU work ±0\.000% after 3 runs; counts-wide \(.*\) time ±2\.5%, CPU work ±5\.000% after 3 runs \(its counts differ by more than the target; more runs cannot narrow a spread: not tried further\)\./,
    );
    assert.match(text, /Met: both-met \(.*\) time ±2\.5%, CPU work ±0\.000% after 3 runs\./);
  });

  it('adds rounds of the cells that want them until --max-runs, and says which cells met the target', async function () {
    // Eight runs, a child each: under coverage, beside another test file (mocha --parallel) on
    // a loaded machine, more than mocha's 20 s; a test left running when its time is up
    // goes on printing into the next one's capture, which then fails too.
    this.timeout(8 * CHILD_MS);
    const args = ['bench', '--examples', 'callbacks-original,async-await', '--n', '5', '--t', '0', '--no-out', '--quiet', '--format', 'json'];
    // An impossible target: every cell gets --max-runs runs, no more.
    const { code, stdout } = await runCli(...args, '--runs', '2', '--precision', '0.0001%', '--max-runs', '4');
    assert.equal(code, 0);
    const { cells, precision } = JSON.parse(stdout);
    assert.deepEqual(
      cells.map((cell) => cell.runs),
      [4, 4],
    );
    assert.equal(precision.rounds, 4);
    assert.equal(precision.stopped, '--max-runs 4 reached');
    assert.ok(precision.cells.every((cell) => !cell.met && cell.runs === 4));
  });

  it('stops as soon as every cell meets the target, and at the budget otherwise, in a sentence', async function () {
    // Seven runs or more, a child each.
    this.timeout(12 * CHILD_MS);
    const args = ['bench', '--examples', 'callbacks-original', '--n', '5', '--t', '1', '--no-out', '--quiet'];
    // A loose target: met after the first rounds or a few more, whatever the
    // machine's noise; the cell then has as many runs as there were rounds.
    const easy = await runCli(...args, '--runs', '3', '--precision', '100%', '--max-runs', '50');
    assert.equal(easy.code, 0);
    // The terminal's lines end at 100 columns: a sentence continues on lines indented by two spaces.
    easy.stdout = unwrap(easy.stdout);
    const [, rounds] = easy.stdout.match(/Precision: target ±100% .*; 1 of 1 cells met it after (\d+) rounds in \d+ s; every cell met the target\./);
    assert.ok(Number(rounds) >= 3 && Number(rounds) < 50);
    assert.match(easy.stdout, new RegExp(`Met: callbacks-original \\(n=5, .*\\) ±[\\d.]+% after ${rounds} runs\\.`));
    // A budget already spent when the first rounds end: no round is added.
    const spent = await runCli(...args, '--runs', '2', '--precision', '0.0001%', '--budget', '0.0001', '--format', 'markdown');
    assert.equal(spent.code, 0);
    assert.match(spent.stdout, /### Precision\n\nPrecision: target ±0\.000100% .*0 of 1 cells met it after 2 rounds .*; --budget 0\.000100 min reached\./);
    assert.match(spent.stdout, /Not met: callbacks-original .* after 2 runs\./);
    // Every run past its time limit (planted): no cell met it, and none can.
    const failing = await runCli(...args, '--runs', '2', '--precision', '3%', '--timeout', '0.001');
    // No run finished: the session measured nothing, and says so (exit code 1).
    assert.equal(failing.code, 1);
    assert.match(failing.stderr, /^asyncmark: nothing was measured: no run finished \(2 T\/O\)$/m);
    failing.stdout = unwrap(failing.stdout);
    assert.match(failing.stdout, /0 of 1 cells met it after 2 rounds in \d+ s; no cell left that more runs could bring to the target\./);
    assert.match(failing.stdout, /Not met: callbacks-original .* no interval after 2 runs \(T\/O: not tried further\)\./);
  });
});
