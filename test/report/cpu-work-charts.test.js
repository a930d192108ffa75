'use strict';

// The counted CPU work's charts (lib/report/charts/cpu-work.js) on made-up
// runs: the forest plot's intervals come from the counts' own spread (tiny
// where they repeat, none with one run), the scatter has one point per
// example and the diagonal, and Spearman's rho is printed. Nothing is counted.

const assert = require('node:assert/strict');
const registries = require('../../examples');
const { summarize } = require('../../lib/summary');
const { exampleColors } = require('../../lib/report/charts/colors');
const { renderSvg } = require('../../lib/report/charts/vega');
const { cpuWorkRatio, cpuWorkForestSpec, workAgainstTimePoints, workAgainstTimeSpec } = require('../../lib/report/charts/cpu-work');
const { SIGNIFICANCE } = require('../../lib/report/charts/forest-plot');
const { summaryTable } = require('../../lib/report/sections/summary-table');
const drivers = require('../../lib/drivers');

const BASELINE = 'callbacks-original';
// Relative time and relative CPU work per example: their ranks agree but for
// the last two, swapped.
const PLANTED = {
  'callbacks-original': { time: 1, work: 1 },
  'promises-native': { time: 1.3, work: 1.2 },
  'async-await': { time: 1.5, work: 1.9 },
  'generators-co': { time: 1.7, work: 1.6 },
  'promises-bluebird': { time: 2.1, work: 1.8 },
};
const NOISE = [0.95, 1, 1.05];
const COUNT_NOISE = [1 - 1e-5, 1, 1 + 1e-5];

function runs({ counted = 3 } = {}) {
  const out = [];
  for (const [example, { time, work }] of Object.entries(PLANTED)) {
    NOISE.forEach((noise, run) => {
      const wallMs = 100 * time * noise;
      const perUpload = 24000 * work * COUNT_NOISE[run];
      out.push({
        session: 's',
        time: '2026-01-01T00:00:00.000Z',
        scenario: 'doxbee-sequential',
        problem: 'doxbee',
        example,
        params: { n: 1000, t: 1, latency: 'constant', e: 0, seed: 1 },
        run,
        status: 'ok',
        error: null,
        metrics: {
          wallMs,
          cpuUserMs: wallMs / 2,
          cpuSystemMs: 1,
          ...(run < counted ? { instructions: perUpload * 1000, instructionsPerInvocation: perUpload, estimatedCyclesPerInvocation: perUpload * 1.5 } : {}),
        },
        env: { node: 'v20', cpu: 'test' },
      });
    });
  }
  return out;
}

const at = { env: 'node v20|test', scenario: 'doxbee-sequential', params: { n: 1000, t: 1, latency: 'constant', e: 0, seed: 1 }, baseline: BASELINE };
const look = (summary) => ({ colors: exampleColors(new Set(summary.cells.map((c) => c.example)), registries), drivers, registries });
const whereAt = (summary) => ({ ...at, env: summary.cells[0].env });

describe('report: the CPU work charts', () => {
  const summary = summarize(runs(), { drivers, registries });

  it('the ratio of counts, with a tiny interval where they repeat', () => {
    const cells = Object.fromEntries(summary.cells.map((cell) => [cell.example, cell]));
    const r = cpuWorkRatio(cells['async-await'], cells[BASELINE]);
    assert.ok(Math.abs(r.ratio - 1.9) < 1e-6);
    assert.ok(r.high / r.low < 1.001, `${r.low}..${r.high}`);
    assert.equal(r.significant, true);
  });

  it('one counted run a side: the ratio, no interval, untested', () => {
    const one = summarize(runs({ counted: 1 }), { drivers, registries });
    const cells = Object.fromEntries(one.cells.map((cell) => [cell.example, cell]));
    const r = cpuWorkRatio(cells['async-await'], cells[BASELINE]);
    assert.equal(r.low, null);
    assert.equal(r.significant, undefined);
    const spec = cpuWorkForestSpec(one.cells, whereAt(one), look(one));
    const rows = spec.data.values.filter((row) => row.kind === 'example');
    assert.ok(rows.every((row) => row.significance === SIGNIFICANCE.untested));
  });

  it('the forest plot says it is of CPU work in a deterministic configuration, not a time', async () => {
    const spec = cpuWorkForestSpec(summary.cells, whereAt(summary), look(summary));
    assert.equal(spec.title.text, `doxbee-sequential: CPU work relative to ${BASELINE}`);
    assert.match(spec.title.subtitle.join(' '), /CPU work \(instructions per upload, counted in a deterministic configuration, not a time\)/);
    const rows = spec.data.values.filter((row) => row.kind === 'example');
    assert.deepEqual(
      rows.map((row) => row.example),
      ['promises-native', 'generators-co', 'promises-bluebird', 'async-await'],
    );
    const messages = [];
    await renderSvg(spec, { messages });
    assert.deepEqual(messages, []);
    // The phone's layout says the same, wrapped to its width, with the same rows.
    const narrow = cpuWorkForestSpec(summary.cells, whereAt(summary), look(summary), { narrow: true });
    assert.equal(narrow.title.text.join(' '), spec.title.text);
    assert.match(narrow.title.subtitle.join(' '), /CPU work \(instructions per upload, counted in a deterministic configuration, not a time\)/);
    assert.deepEqual(
      narrow.data.values.map((row) => row.example),
      spec.data.values.map((row) => row.example),
    );
    await renderSvg(narrow, { messages });
    assert.deepEqual(messages, []);
  });

  it('draws a ratio of single counts as a filled square, claims no interval, and keeps hollow for not significant', () => {
    const once = summarize(runs({ counted: 1 }), { drivers, registries });
    const spec = cpuWorkForestSpec(once.cells, whereAt(once), look(once));
    const rows = spec.data.values.filter((row) => row.kind === 'example');
    assert.ok(rows.length > 0 && rows.every((row) => row.significance === SIGNIFICANCE.untested && row.low === null));
    const points = spec.layer.find((layer) => layer.encoding && layer.encoding.fillOpacity);
    assert.equal(points.encoding.shape.condition.value, 'square');
    assert.equal(points.encoding.fillOpacity.condition.test, `datum.significance === '${SIGNIFICANCE.same}'`);
    const header = spec.layer.find((layer) => layer.data && layer.data.values[0]?.header).data.values[0].header;
    assert.doesNotMatch(header, /CI/);
    assert.match(spec.title.subtitle.join(' '), /no interval \(one run a side\)/);
    const key = spec.layer.find((layer) => layer.data && layer.data.values.some((v) => v.label === SIGNIFICANCE.untested));
    assert.deepEqual(
      key.data.values.filter((v) => v.label === SIGNIFICANCE.untested).map((v) => [v.shape, v.fill]),
      [['square', '#444']],
    );
  });

  it('no counts, no CPU work charts', () => {
    const timed = summarize(runs({ counted: 0 }), { drivers, registries });
    assert.equal(cpuWorkForestSpec(timed.cells, whereAt(timed), look(timed)), null);
    assert.equal(workAgainstTimeSpec(timed.cells, whereAt(timed), look(timed)), null);
  });

  it('CPU work against wall time: one point per example, the diagonal, and Spearman rho', async () => {
    const { points, rho } = workAgainstTimePoints(summary.cells, whereAt(summary));
    assert.equal(points.length, 5);
    // Ranks by time 1 2 3 4 against by work 1 4 2 3: rho = 1 - 6 * (0 + 4 + 1 + 1) / (4 * 15) = 0.4.
    assert.ok(Math.abs(rho - 0.4) < 1e-9, String(rho));
    const spec = workAgainstTimeSpec(summary.cells, whereAt(summary), look(summary));
    assert.match(spec.title.subtitle.join(' '), /Spearman's rho between them: 0\.40/);
    // Over resampled runs the ranks by time never cross here (5% noise, 13% or more apart): no interval to print.
    assert.deepEqual(spec.usermeta.rhoInterval, { rho: 0.4, low: 0.4, high: 0.4, pairs: 4, resamples: 2000 });
    // A panel per style family, the diagonal under each, every example in one panel and named there.
    for (const panel of spec.concat) {
      const diagonal = panel.layer[0].data.values;
      assert.deepEqual(
        diagonal.map((p) => p.xValue),
        diagonal.map((p) => p.yValue),
      );
    }
    const named = spec.usermeta.panels.flatMap((panel) => panel.labels.map((label) => label.example));
    assert.deepEqual([...named].sort(), points.map((p) => p.example).sort());
    const messages = [];
    await renderSvg(spec, { messages });
    assert.deepEqual(messages, []);
  });

  it("Spearman's rho carries its bootstrap interval over runs where other runs would rank otherwise", () => {
    // Planted: generators-co's and async-await's time runs overlap, so which runs are taken decides their order.
    const noisy = runs().map((line) => (line.example === 'generators-co' && line.run === 0 ? { ...line, metrics: { ...line.metrics, wallMs: 100 } } : line));
    const spec = workAgainstTimeSpec(summarize(noisy, { drivers, registries }).cells, whereAt(summary), look(summary));
    const { rhoInterval } = spec.usermeta;
    assert.ok(rhoInterval.low < rhoInterval.high, JSON.stringify(rhoInterval));
    assert.match(spec.title.subtitle.join(' '), /Spearman's rho between them: -?\d\.\d\d \(95% bootstrap interval over runs -?\d\.\d\d–\d\.\d\d\)/);
  });

  it('the headline table says which measure each ratio is of, where runs were counted', () => {
    const table = summaryTable(summary.cells, whereAt(summary), null, null);
    const titles = table.columns.map((column) => column.title);
    assert.ok(titles.includes('× baseline wall time') && titles.includes('× baseline instructions'), titles.join(', '));
    const row = table.rows.find((r) => r.example === 'async-await');
    assert.ok(Math.abs(row.workRatio - 1.9) < 1e-6);
    const timed = summarize(runs({ counted: 0 }), { drivers, registries });
    const plain = summaryTable(timed.cells, whereAt(timed), null, null).columns.map((column) => column.title);
    assert.ok(plain.includes('× baseline time') && !plain.includes('× baseline instructions'));
  });

  it('the headline table of runs only counted: each verified cell reads n/a (counted), never INVALID, ranked by its CPU work', () => {
    // Before, a counted-only cell, ok but with no mean, read "INVALID" (the cell did not finish).
    const countedOnly = runs().map((line) => ({ ...line, metrics: { ...line.metrics, wallMs: null, cpuUserMs: null, cpuSystemMs: null } }));
    const only = summarize(countedOnly, { drivers, registries });
    const table = summaryTable(only.cells, whereAt(only), null, null);
    const column = table.columns.find((c) => c.key === 'ratio');
    const shown = table.rows.map((row) => column.format(row.ratio, row));
    assert.ok(
      shown.every((text) => text === 'n/a (counted)'),
      shown.join(', '),
    );
    assert.deepEqual(
      table.rows.map((row) => row.example),
      ['callbacks-original', 'promises-native', 'generators-co', 'promises-bluebird', 'async-await'],
    );
    // A cell that did fail still says so.
    assert.equal(column.format(null, { measured: true, mean: null, status: 'crash' }), 'CRASH');
  });

  it("the headline table's CPU work ratio shows as many figures as its counts' spread supports", () => {
    const table = summaryTable(summary.cells, whereAt(summary), null, null);
    const column = table.columns.find((c) => c.key === 'workRatio');
    const row = table.rows.find((r) => r.example === 'async-await');
    // Counts 1e-5 apart a side: four figures, not five.
    assert.equal(column.format(row.workRatio, row), '1.900×');
    assert.equal(column.format(40.859, { workRatioSpread: 0.02 }), '40.9×');
    assert.equal(column.format(40.859, { workRatioSpread: null }), '40.9×');
  });
});

describe("report: the summary's on-cancel column", () => {
  const withCancel = (outcomes) => runs({ counted: 0 }).map((line) => ({ ...line, metrics: { ...line.metrics, onCancel: outcomes[line.example] } }));
  const table = (outcomes) => {
    const summary = summarize(withCancel(outcomes), { drivers, registries });
    return summaryTable(summary.cells, { ...at, env: summary.cells[0].env }, null, null);
  };

  it("shows an outcome in the cancel contract's words as recorded", () => {
    const { columns, rows, notes } = table({
      'callbacks-original': 'n/a (no means to cancel)',
      'async-await': 'writes after the abort at blob.put (file found)',
      'generators-co': 'keeps the contract',
      'promises-bluebird': 'n/a (no AbortController in this runtime)',
    });
    const column = columns.find((c) => c.key === 'onCancel');
    const recorded = rows.filter((row) => typeof row.onCancel === 'string');
    assert.ok(recorded.length >= 3);
    assert.deepEqual(
      recorded.map((row) => column.format(row.onCancel)),
      recorded.map((row) => row.onCancel),
    );
    assert.ok(!notes.some((note) => note.startsWith('(older check)')));
  });

  it('marks an outcome the older check recorded ("rolls back") as such, with a note, never as the contract\'s verdict', () => {
    const { columns, rows, notes } = table({ 'async-await': 'rolls back', 'generators-co': 'keeps the contract' });
    const column = columns.find((c) => c.key === 'onCancel');
    assert.equal(column.format(rows.find((row) => row.example === 'async-await').onCancel), 'rolls back (older check)');
    assert.equal(column.format(rows.find((row) => row.example === 'generators-co').onCancel), 'keeps the contract');
    assert.ok(notes.some((note) => note.startsWith('(older check)')));
  });
});
