'use strict';

const assert = require('node:assert/strict');
const { ratioOf } = require('../../lib/summary');
const drivers = require('../../lib/drivers');
const registries = require('../../examples');

describe('summary: ratioOf, the one ratio of two cells', () => {
  it('is the ratio of the means with its interval when both sides have two runs or more', () => {
    const r = ratioOf([2, 4], [1, 1.5]);
    assert.equal(r.ratio, 3 / 1.25);
    assert.ok(r.low < r.ratio && r.ratio < r.high);
  });

  it('falls back to the ratio of the means, with no interval, when a side has one run', () => {
    // Three runs against one: the mean (4), not the median (2), as the tables show means.
    const r = ratioOf([1, 2, 9], [2]);
    assert.equal(r.ratio, 2);
    assert.ok(Number.isNaN(r.low) && Number.isNaN(r.high));
    assert.equal(r.significant, null);
  });

  it('is null when a side has no runs', () => {
    assert.equal(ratioOf([], [1, 2]), null);
  });
});

// A finished run of doxbee-sequential at n=1000.
const runLine = ({ session = 's', example = 'callbacks-original', run, metrics }) => ({
  session,
  scenario: 'doxbee-sequential',
  problem: 'doxbee',
  example,
  params: { n: 1000, t: 1, latency: 'constant', e: 0, seed: 1 },
  run,
  status: 'ok',
  error: null,
  metrics,
  env: { node: 'v20', cpu: 'test' },
});

describe('summary: a cell of timed runs and a run only counted (the main job)', () => {
  const { summarize } = require('../../lib/summary');
  const summarizeCells = (lines) => summarize(lines, { drivers, registries }).cells;
  const line = (run, metrics) => runLine({ run, metrics });
  const timed = (run, wallMs) => line(run, { wallMs, cpuUserMs: wallMs / 2, cpuSystemMs: 1, maxRssMB: 100, heapBeforeMB: 10, heapPeakMB: 40 });
  // Counted under valgrind: no time, and a heap that is not a timed run's.
  const counted = line(0, {
    wallMs: null,
    cpuUserMs: null,
    cpuSystemMs: null,
    maxRssMB: null,
    heapBeforeMB: 5,
    heapPeakMB: 500,
    instructionsPerInvocation: 24000,
    estimatedCyclesPerInvocation: null,
  });

  it('takes the times and the heap from the timed run, the count from the counted one, and counts both runs', () => {
    const [cell] = summarizeCells([timed(0, 100), counted]);
    assert.deepEqual(cell.times, [100]);
    // Not the median of 30 and the counted run's 495.
    assert.equal(cell.heapGrowthMB, 30);
    assert.equal(cell.instructions.median, 24000);
    assert.equal(cell.estimatedCycles, null);
    assert.equal(cell.runs, 2);
    assert.equal(cell.okRuns, 2);
    assert.equal(cell.status, 'ok');
  });

  it("gives a cell's mean time an interval that stays above zero, as a linear t-interval of three skewed runs would not", () => {
    const [cell] = summarizeCells([timed(0, 120), timed(1, 130), timed(2, 900)]);
    assert.ok(cell.time.low > 0 && cell.time.low < cell.time.mean && cell.time.mean < cell.time.high);
    assert.equal(cell.time.low, require('../../lib/stats').logMeanInterval([120, 130, 900]).low);
    assert.ok(cell.memory.low > 0);
  });

  it('a cell only counted keeps what its runs give', () => {
    const [cell] = summarizeCells([counted]);
    assert.equal(cell.instructions.median, 24000);
    assert.equal(cell.okRuns, 1);
    assert.equal(cell.time, null);
  });

  it("keeps the count's two parts, the mutator's and the collector's work, as medians, null for runs that did not record them", () => {
    const parts = (run, mutatorPerInvocation, collectorPerInvocation) => line(run, { ...counted.metrics, mutatorPerInvocation, collectorPerInvocation });
    const [cell] = summarizeCells([parts(0, 20000, 4000), parts(1, 20010, 3000), parts(2, 20020, 5000)]);
    assert.deepEqual([cell.mutator, cell.collector], [20010, 4000]);
    assert.deepEqual([summarizeCells([counted])[0].mutator, summarizeCells([counted])[0].collector], [null, null]);
  });

  it("keeps the counts' median share in V8's collections, null for runs that did not record it", () => {
    const share = (run, countedInCollector) => line(run, { ...counted.metrics, countedInCollector });
    assert.equal(summarizeCells([share(0, 0.1), share(1, 0.4), share(2, 0.2)])[0].inCollector, 0.2);
    assert.equal(summarizeCells([counted])[0].inCollector, null);
    assert.equal(summarizeCells([share(0, null)])[0].inCollector, null);
  });

  it("keeps how many collections the collector's mean is over, as a median, null for runs that did not record it", () => {
    const over = (run, countedCollections) => line(run, { ...counted.metrics, countedCollections });
    assert.equal(summarizeCells([over(0, 7), over(1, 12), over(2, 9)])[0].collections, 9);
    assert.equal(summarizeCells([counted])[0].collections, null);
  });
});

describe('summary: a ratio over the sessions both sides ran in', () => {
  const { summarize } = require('../../lib/summary');
  const cells = (lines) => Object.fromEntries(summarize(lines, { drivers, registries }).cells.map((cell) => [cell.example, cell]));
  const line = (session, example, run, wallMs) =>
    runLine({ session, example, run, metrics: { wallMs, cpuUserMs: 1, cpuSystemMs: 1, maxRssMB: 100, heapBeforeMB: 10, heapPeakMB: 40 } });
  // Planted: the machine ran twice as fast on the first day; each day the
  // example takes what the baseline takes.
  const days = (examples) =>
    examples.flatMap(([session, example, ms]) => [0, 1, 2].map((run) => line(session, example, session === 'day1' ? run : run + 3, ms * (1 + run / 100))));

  it('takes the sessions both ran in, and leaves out a session only one side ran in (planted: a faster first day)', () => {
    const found = cells(
      days([
        ['day1', 'callbacks-original', 100],
        ['day2', 'callbacks-original', 200],
        ['day2', 'promises-native', 200],
      ]),
    );
    // Pooled over both days, the baseline's mean would be 150 and the ratio 1.33×.
    assert.ok(Math.abs(found['promises-native'].ratio.ratio - 1) < 1e-9, String(found['promises-native'].ratio.ratio));
    assert.equal(found['promises-native'].ratioMissing, undefined);
  });

  it('gives no ratio to an example never run in a session with the baseline, and says why', () => {
    const found = cells(
      days([
        ['day1', 'callbacks-original', 100],
        ['day2', 'promises-native', 200],
      ]),
    );
    assert.equal(found['promises-native'].ratio, null);
    assert.equal(found['promises-native'].ratioMissing, 'not run beside the baseline');
    const { cellRow } = require('../../lib/report/sections/cell-row');
    const { columnsOf } = require('../../lib/report/sections/time-columns');
    const column = columnsOf(drivers.batch).find((c) => c.key === 'ratio');
    const row = cellRow(found['promises-native']);
    assert.equal(column.format(row.ratio, row), 'n/a (not run beside the baseline)');
  });
});
