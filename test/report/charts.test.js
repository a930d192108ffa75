'use strict';

const assert = require('node:assert/strict');
const registries = require('../../examples');
const { headlineCell } = require('../../lib/report/sections/cells');
const { summarize: summarizeRuns } = require('../../lib/summary');
const { summaryTable } = require('../../lib/report/sections/summary-table');
const { forestSpec, forestRows, rowHeight, SIGNIFICANCE } = require('../../lib/report/charts/forest-plot');
const { againstNSpec } = require('../../lib/report/charts/against-n');
const { scatterSpec, panelHeight, PANEL_HEIGHT } = require('../../lib/report/charts/scatter-plot');
const { exampleColors, REFERENCE_GREY } = require('../../lib/report/charts/colors');
const { MAX_PER_PANEL } = require('../../lib/report/charts/families');
const { renderSvg } = require('../../lib/report/charts/vega');
const { lanesSpec, lanePoint } = require('../../lib/report/charts/lanes-plot');
const { runtimeColors } = require('../../lib/report/charts/colors');
const { assertFitsPhone, PHONE_PAGE } = require('./phone-fit');
const { DENSE_ROWS } = require('./dense-rows');
const drivers = require('../../lib/drivers');
const { DECLARATIONS } = require('./fixture-report');

// The charts' specifications are plain data: these tests read them, and render
// them once to see that Vega takes them without a warning.

const BASELINE = 'callbacks-original';
const EXAMPLES = registries.doxbee.examples.map((e) => e.name);
// Relative cost per example: about 1 for the callback variants (within the
// runs' spread, so not significant), more for the rest.
const cost = (example, i) => (example.startsWith('callbacks') ? 1 + (i % 3) * 0.005 : 1.2 + i * 0.1);
const SPREAD = [0.96, 1, 1.04];

// Runs of every DoxBee example at n = 100, 1000, 10000, three each;
// promises-q times out at n=10000.
function runs() {
  const out = [];
  EXAMPLES.forEach((example, i) => {
    for (const n of [100, 1000, 10000]) {
      SPREAD.forEach((noise, run) => {
        const failed = example === 'promises-q' && n === 10000;
        const wallMs = (6 + n * 0.02 * cost(example, i)) * noise;
        out.push({
          session: 's',
          time: '2025-01-01T00:00:00.000Z',
          scenario: 'doxbee-sequential',
          problem: 'doxbee',
          example,
          params: { n, t: 1, latency: 'constant', e: 0, seed: 1 },
          run,
          baseline: BASELINE,
          status: failed ? 'timeout' : 'ok',
          error: failed ? 'no result' : null,
          metrics: failed
            ? null
            : {
                wallMs,
                cpuUserMs: wallMs * 0.5,
                cpuSystemMs: wallMs * 0.1,
                maxRssMB: 40 + n * 0.01 * cost(example, i) * noise,
                heapBeforeMB: 4,
                heapPeakMB: 4 + n * 0.005 * cost(example, i),
                gcCount: 2,
                gcMs: 1,
              },
          env: { node: 'v20', cpu: 'test' },
        });
      });
    }
  });
  return out;
}

function look(summary) {
  return { colors: exampleColors(new Set(summary.cells.map((c) => c.example)), registries), drivers, registries };
}

function at(summary) {
  return { ...headlineCell(summary, DECLARATIONS), baseline: BASELINE };
}

// Every colour scale a spec uses, as [example, colour] pairs.
function colorPairs(spec) {
  const pairs = [];
  const walk = (node) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const channel of ['color', 'fill', 'stroke']) {
        const scale = node[channel] && node[channel].scale;
        if (scale && Array.isArray(scale.domain)) scale.domain.forEach((name, i) => pairs.push([name, scale.range[i]]));
      }
      Object.values(node).forEach(walk);
    }
  };
  walk(spec);
  return pairs;
}

describe('report: the forest plot', () => {
  const summary = summarizeRuns(runs(), { drivers, registries });

  it('has one row per finished example, sorted by the ratio of means, the baseline at 1', () => {
    const spec = forestSpec(summary.cells, at(summary), look(summary));
    const rows = spec.data.values;
    assert.equal(rows.length, EXAMPLES.length - 1);
    for (let i = 1; i < rows.length; i++) assert.ok(rows[i - 1].ratio <= rows[i].ratio, `${rows[i - 1].example} before ${rows[i].example}`);
    const base = rows.find((r) => r.example === BASELINE);
    assert.deepEqual([base.kind, base.ratio, base.label], ['baseline', 1, `${BASELINE} (baseline)`]);
    // The y axis keeps that order.
    const y = spec.layer.find((layer) => layer.encoding && layer.encoding.y && layer.encoding.y.sort).encoding.y;
    assert.deepEqual(
      y.sort,
      rows.map((r) => r.label),
    );
    // Each ratio is the cell's ratio of means, with its interval.
    const cell = summary.cells.find((c) => c.example === 'async-await' && c.params.n === 10000);
    const row = rows.find((r) => r.example === 'async-await');
    assert.deepEqual([row.ratio, row.low, row.high], [cell.ratio.ratio, cell.ratio.low, cell.ratio.high]);
    assert.match(spec.title.subtitle.join(' '), /Not drawn \(no ratio\): promises-q \(T\/O\)\./);
  });

  it('draws a vertical rule at 1 and the ratios on a log axis', () => {
    const spec = forestSpec(summary.cells, at(summary), look(summary));
    const rule = spec.layer[0];
    assert.equal(rule.mark.type, 'rule');
    assert.deepEqual(rule.encoding, { x: { datum: 1, type: 'quantitative' } });
    const x = spec.layer.find((layer) => layer.encoding && layer.encoding.x && layer.encoding.x.field === 'ratio').encoding.x;
    assert.equal(x.scale.type, 'log');
    assert.ok(x.scale.domain[0] < 1 && x.scale.domain[1] > 1);
    assert.ok(x.axis.values.includes(1));
  });

  it('marks the ratios that are not significant with a hollow point and a key', () => {
    const spec = forestSpec(summary.cells, at(summary), look(summary));
    const rows = spec.data.values;
    for (const row of rows.filter((r) => r.kind === 'example')) {
      const cell = summary.cells.find((c) => c.example === row.example && c.params.n === 10000);
      assert.equal(row.significance, cell.ratio.significant ? SIGNIFICANCE.significant : SIGNIFICANCE.same, row.example);
    }
    assert.ok(
      rows.some((r) => r.significance === SIGNIFICANCE.same),
      'the fixture has a ratio that is not significant',
    );
    assert.ok(rows.some((r) => r.significance === SIGNIFICANCE.significant));
    assert.ok(rows.filter((r) => r.significance === SIGNIFICANCE.same).every((r) => r.text.endsWith(' ≈')));
    const points = spec.layer.find((layer) => layer.encoding && layer.encoding.fillOpacity);
    assert.deepEqual(points.encoding.fillOpacity, { condition: { test: `datum.significance === '${SIGNIFICANCE.same}'`, value: 0 }, value: 1 });
    const key = spec.layer.find((layer) => layer.data && layer.data.values.some((v) => v.label === SIGNIFICANCE.same));
    assert.deepEqual(
      key.data.values.map((v) => [v.label, v.fill]),
      [
        [SIGNIFICANCE.significant, '#444'],
        [SIGNIFICANCE.same, 'white'],
        ['the baseline', '#444'],
      ],
    );
  });

  it('is not drawn when there is no ratio', () => {
    const alone = summarizeRuns(
      runs().filter((r) => r.example === BASELINE),
      { drivers, registries },
    );
    assert.equal(forestSpec(alone.cells, at(alone), look(alone)), null);
    assert.deepEqual(
      forestRows(alone.cells, at(alone)).rows.map((r) => r.kind),
      ['baseline'],
    );
  });

  it("shares 43 rows' height among more examples, and three rows of panels among more families", () => {
    // 43 rows at 22 px; 45 (DoxBee with Effection) at 21, never below 16 px.
    assert.equal(rowHeight(43), 22);
    assert.equal(rowHeight(10), 22);
    assert.equal(rowHeight(45), 21);
    assert.ok(45 * rowHeight(45) <= 43 * 22);
    assert.equal(rowHeight(200), 16);
    // Nine panels at full height; a tenth makes a fourth row of shorter ones.
    assert.equal(panelHeight(9), PANEL_HEIGHT);
    assert.ok(panelHeight(10) < PANEL_HEIGHT);
    assert.ok(4 * panelHeight(10) <= 3 * PANEL_HEIGHT);
  });
});

describe('report: time and memory against n', () => {
  const summary = summarizeRuns(runs(), { drivers, registries });

  it('draws small multiples by family, no panel with more than seven lines, on one shared scale', () => {
    for (const kind of ['time', 'memory']) {
      const spec = againstNSpec(summary.cells, at(summary), kind, look(summary));
      assert.deepEqual(
        spec.concat.map((panel) => panel.title.text),
        [
          'callbacks (1 of 2)',
          'callbacks (2 of 2)',
          // The cancellable variants (variantOf) stand beside their plain examples;
          // Effection's two make the generators three panels.
          'generators (1 of 3)',
          'generators (2 of 3)',
          'generators (3 of 3)',
          'promises (1 of 2)',
          'promises (2 of 2)',
          // The transpiled variants (npm run build:transpiled) make seven.
          'async-await (1 of 2)',
          'async-await (2 of 2)',
          'observables',
        ],
      );
      const domains = new Set();
      for (const panel of spec.concat) {
        const series = new Set(panel.data.values.map((v) => v.series));
        const own = [...series].filter((s) => !s.endsWith('(baseline)'));
        assert.ok(own.length <= MAX_PER_PANEL, `${kind} ${panel.title.text}: ${own.length} lines`);
        domains.add(JSON.stringify(panel.layer.find((layer) => layer.encoding.y.scale).encoding.y.scale.domain));
      }
      assert.equal(domains.size, 1, 'every panel has the same y domain');
      // Ten panels take four columns, so that three rows (each with its legends) keep the picture within a screen;
      // the phone's layout is one column.
      assert.equal(spec.columns, 4);
      assert.equal(againstNSpec(summary.cells, at(summary), kind, look(summary), { narrow: true }).columns, 1);
    }
  });

  it('repeats the baseline as a thin grey reference in every other panel', () => {
    const spec = againstNSpec(summary.cells, at(summary), 'time', look(summary));
    for (const panel of spec.concat) {
      const reference = panel.data.values.filter((v) => v.series === `${BASELINE} (baseline)`);
      const scale = panel.layer[0].encoding.color.scale;
      if (panel.title.text === 'callbacks (1 of 2)') {
        assert.equal(reference.length, 0);
        assert.ok(panel.data.values.some((v) => v.series === BASELINE));
      } else {
        assert.deepEqual(
          reference.map((v) => v.n),
          [100, 1000, 10000],
        );
        assert.equal(scale.range[scale.domain.indexOf(`${BASELINE} (baseline)`)], REFERENCE_GREY);
        assert.deepEqual(panel.layer[0].mark, { type: 'line', strokeWidth: 1.5, strokeDash: [5, 3] });
      }
    }
  });

  it('draws the mean of the runs, and leaves a cell that did not finish as a gap it names', () => {
    const spec = againstNSpec(summary.cells, at(summary), 'time', look(summary));
    const values = spec.concat.flatMap((panel) => panel.data.values);
    const cell = summary.cells.find((c) => c.example === 'async-await' && c.params.n === 1000);
    assert.equal(values.find((v) => v.series === 'async-await' && v.n === 1000).value, cell.time.mean);
    assert.ok(!values.some((v) => v.series === 'promises-q' && v.n === 10000));
    assert.match(spec.title.subtitle.join(' '), /Not drawn \(did not finish\): promises-q at n=10000 \(T\/O\)\./);
  });
});

describe('report: one colour per example in every chart', () => {
  it('colours an example alike in the forest plot, both small multiples and the scatter', () => {
    const summary = summarizeRuns(runs(), { drivers, registries });
    const where = at(summary);
    const colors = look(summary);
    const rows = summaryTable(summary.cells, where, { rows: DENSE_ROWS, columns: ['tokens'] }, null).rows;
    const specs = [
      forestSpec(summary.cells, where, colors),
      againstNSpec(summary.cells, where, 'time', colors),
      againstNSpec(summary.cells, where, 'memory', colors),
      scatterSpec(rows, { ...where, baseline: BASELINE }, colors),
    ];
    const seen = new Map();
    for (const [i, spec] of specs.entries()) {
      const examples = new Set();
      for (const [name, color] of colorPairs(spec)) {
        if (name.endsWith('(baseline)')) continue;
        examples.add(name);
        if (!seen.has(name)) seen.set(name, color);
        assert.equal(color, seen.get(name), `${name} in chart ${i}`);
        assert.equal(color, colors.colors.get(name));
      }
      assert.ok(examples.size >= 17, `chart ${i} colours its examples`);
    }
  });

  it('renders every chart without a warning from Vega', async function () {
    this.timeout(90000);
    const summary = summarizeRuns(runs(), { drivers, registries });
    const where = at(summary);
    const messages = [];
    const rows = summaryTable(summary.cells, where, { rows: DENSE_ROWS, columns: ['tokens'] }, null).rows;
    for (const spec of [
      forestSpec(summary.cells, where, look(summary)),
      againstNSpec(summary.cells, where, 'memory', look(summary)),
      scatterSpec(rows, { ...where, baseline: BASELINE }, look(summary)),
    ]) {
      assert.match(await renderSvg(spec, { messages }), /^<svg /);
    }
    assert.deepEqual(messages, []);
  });
});

describe("report: the charts' narrow layouts, for a phone", function () {
  this.timeout(120000);
  const summary = summarizeRuns(runs(), { drivers, registries });
  const where = at(summary);

  it(`draws time and memory against n and the complexity scatter of every DoxBee example within ${PHONE_PAGE} px; their desktop layouts do not fit (planted)`, async () => {
    const rows = summaryTable(summary.cells, where, { rows: DENSE_ROWS, columns: ['tokens'] }, null).rows;
    for (const kind of ['time', 'memory']) {
      const specOf = (layout) => againstNSpec(summary.cells, where, kind, look(summary), layout);
      await assertFitsPhone(`${kind} against n`, specOf({ narrow: true }), specOf());
      // One column, each panel with a key of its own lines and no legend.
      const narrow = specOf({ narrow: true });
      assert.equal(narrow.columns, 1);
      assert.ok(
        narrow.concat.every((panel) => panel.layer.some((layer) => layer.mark.type === 'text') && !panel.layer.some((layer) => layer.encoding?.color?.legend)),
      );
    }
    const scatterOf = (layout) => scatterSpec(rows, { ...where, baseline: BASELINE }, look(summary), layout);
    await assertFitsPhone('complexity against time', scatterOf({ narrow: true }), scatterOf());
  });

  it(`draws the lanes of 43 examples on five runtimes within ${PHONE_PAGE} px, each name on a line of its own; the desktop's do not fit (planted)`, async () => {
    const runtimes = ['node v20.20.2', 'node v22.23.3', 'node v24.21.0', 'bun 1.4.5', 'deno 2.9.6'];
    const points = EXAMPLES.flatMap((example, i) =>
      runtimes.map((runtime, k) =>
        lanePoint(example, runtime, { ratio: 1 + ((i + k) % 5) / 10, low: 0.9, high: 1.8, significant: k % 2 === 0 }, 'the reference'),
      ),
    );
    const chart = {
      title: {
        text: 'doxbee-sequential: each runtime relative to node v26.10.0',
        subtitle: ['Point: mean wall time on a runtime ÷ on node v26.10.0; bar: 95% interval.'],
      },
      points,
      rowField: 'example',
      rows: EXAMPLES,
      runtimes,
      axisTitle: "mean wall time ÷ node v26.10.0's (log scale)",
      runtimeColors: runtimeColors(runtimes),
    };
    await assertFitsPhone('runtimes', lanesSpec({ ...chart, layout: { narrow: true } }), lanesSpec(chart));
    const names = lanesSpec({ ...chart, layout: { narrow: true } }).layer[0].data.values;
    assert.deepEqual(
      names.map((row) => row.label),
      EXAMPLES,
    );
    for (const [i, row] of names.entries()) if (i > 0) assert.ok(names[i - 1].bottom <= row.nameY - 11 / 2, `${row.label} starts below the lanes above it`);
  });
});
