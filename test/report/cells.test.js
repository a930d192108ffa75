'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const { parseResults } = require('../../lib/results');
const drivers = require('../../lib/drivers');
const { referenceParams, headlineCell } = require('../../lib/report/sections/cells');
const { summarize: summarizeRuns } = require('../../lib/summary');
const { RESULTS, EXAMPLES, DECLARATIONS } = require('./fixture-report');
const registries = require('../../examples');

function fixtureRuns() {
  return parseResults(fs.readFileSync(RESULTS, 'utf8'), 'results.jsonl', { drivers }).runs;
}

describe('report: summarizing runs', () => {
  it('makes one cell per scenario, example and n, with growth exponents', () => {
    const { envs, cells, scenarios } = summarizeRuns(fixtureRuns(), { drivers, registries });
    assert.equal(envs.length, 1);
    assert.equal(envs[0].runs, 72);
    assert.deepEqual(envs[0].sessions.length, 2);
    assert.deepEqual(scenarios, ['doxbee-sequential', 'doxbee-errors']);
    assert.equal(cells.length, 2 * 4 * 3);
    assert.deepEqual([...new Set(cells.map((c) => c.example))].sort(), EXAMPLES);
    const base = cells.find((c) => c.scenario === 'doxbee-sequential' && c.example === 'callbacks-original' && c.params.n === 1000);
    assert.equal(base.runs, 3);
    assert.equal(base.okRuns, 3);
    assert.ok(base.time.low < base.time.median && base.time.median < base.time.high);
    assert.ok(base.memory.median > 0);
    assert.ok(base.growth.time > 0 && base.growth.time < 2);
    assert.deepEqual(base.growth.ns, [100, 1000, 10000]);
  });

  it('counts failed runs and keeps them out of the numbers', () => {
    const { cells } = summarizeRuns(fixtureRuns(), { drivers, registries });
    const timedOut = cells.find((c) => c.scenario === 'doxbee-sequential' && c.example === 'promises-native' && c.params.n === 10000);
    assert.equal(timedOut.status, 'timeout');
    assert.equal(timedOut.okRuns, 0);
    assert.equal(timedOut.time, null);
    assert.equal(timedOut.memory, null);
    const crashed = cells.find((c) => c.scenario === 'doxbee-errors' && c.example === 'async-await' && c.params.n === 1000);
    assert.equal(crashed.status, 'crash');
    assert.equal(crashed.error, 'child exited with code 1');
  });

  it('keeps runs from different environments apart', () => {
    const runs = fixtureRuns();
    const other = runs
      .filter((r) => r.scenario === 'doxbee-sequential')
      .map((r) => ({ ...r, env: { ...r.env, node: 'v22.12.0' }, metrics: r.metrics && { ...r.metrics, wallMs: r.metrics.wallMs * 3 } }));
    const { envs, cells } = summarizeRuns([...runs, ...other], { drivers, registries });
    assert.equal(envs.length, 2);
    assert.equal(envs[0].runs, 72);
    assert.equal(envs[1].runs, 36);
    assert.equal(cells.length, 24 + 12);
    // Each environment's ratio is to its own baseline: tripling every time there leaves the ratios alone.
    const pick = (node) =>
      cells.find((c) => c.env.startsWith(node) && c.scenario === 'doxbee-sequential' && c.example === 'async-await' && c.params.n === 1000);
    assert.ok(Math.abs(pick('v22').ratio.ratio - pick('v20').ratio.ratio) < 1e-9);
    assert.ok(Math.abs(pick('v22').time.median / pick('v20').time.median - 3) < 1e-9);
  });

  it('draws tables at the preferred reference cells, else at the largest n', () => {
    const cell = (params) => ({ params });
    const grid = [
      cell({ n: 100, t: 1 }),
      cell({ n: 1000, t: 1 }),
      cell({ n: 10000, t: 1 }),
      cell({ n: 100, t: 10 }),
      cell({ n: 1000, t: 10 }),
      cell({ n: 10000, t: 10 }),
    ];
    assert.deepEqual(referenceParams(grid), [
      { n: 10000, t: 1 },
      { n: 1000, t: 10 },
    ]);
    assert.deepEqual(referenceParams([cell({ n: 100, t: 5 }), cell({ n: 3000, t: 5 }), cell({ n: 3000, t: 2 })]), [
      { n: 3000, t: 2 },
      { n: 3000, t: 5 },
    ]);
  });

  it('draws a counted cell too, after the others, so that its CPU work is shown', () => {
    const cell = (params, counted = false) => ({ params, instructions: counted ? { median: 1 } : null });
    const grid = [cell({ n: 100, t: 1 }), cell({ n: 1000, t: 1 }), cell({ n: 1000, t: 1 }, true), cell({ n: 10000, t: 1 })];
    assert.deepEqual(referenceParams(grid), [
      { n: 10000, t: 1 },
      { n: 1000, t: 1 },
    ]);
    // Planted: the same grid without counts draws only the preferred cell.
    assert.deepEqual(referenceParams(grid.map((c) => ({ ...c, instructions: null }))), [{ n: 10000, t: 1 }]);
  });

  it('adds the largest n at which every example ran when a narrower run went further', () => {
    const cell = (example, n) => ({ example, params: { n, w: 1 } });
    const cells = ['sync', 'async', 'memo'].flatMap((e) => [cell(e, 20), cell(e, 25)]).concat([cell('sync', 30), cell('async', 30)]);
    assert.deepEqual(referenceParams(cells, []), [
      { n: 25, w: 1 },
      { n: 30, w: 1 },
    ]);
  });

  it('takes the summary from doxbee-sequential at its first reference cell', () => {
    const summary = summarizeRuns(fixtureRuns(), { drivers, registries });
    const headline = headlineCell(summary, DECLARATIONS);
    assert.equal(headline.scenario, 'doxbee-sequential');
    assert.equal(headline.params.n, 10000);
    assert.equal(headline.params.t, 1);
  });
});
