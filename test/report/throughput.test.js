'use strict';

const assert = require('node:assert/strict');
const registries = require('../../examples');
const drivers = require('../../lib/drivers');
const { reportHooks } = require('../../lib/problems');
const { scenarioSections } = require('../../lib/report/sections/scenarios');
const { throughputRows, throughputSpec } = require('../../lib/report/charts/throughput');
const { renderSvg } = require('../../lib/report/charts/vega');
const { exampleColors } = require('../../lib/report/charts/colors');
const { textSize } = require('../../lib/report/charts/label-layout');
const { checkWellFormed } = require('./well-formed-xml');
const { assertFitsPhone, PHONE_PAGE } = require('./phone-fit');

// The chart of requests per second and latency per example, for the http-load
// driver's scenarios: built from hand-made cells in the shape lib/summary.js
// gives them (time: the whole load's durationMs; extra: medians of the runs).

const ENV = 'v22.0.0 on Test CPU';
const SCENARIO = 'http-server-read';
const BASELINE = 'callbacks-original';
const PARAMS = { workload: 'read', bytes: 1048576, c: 50, requests: 1000, workers: 2 };

// Requests/s, the relative half-width of the duration's 95% interval, and latency p50 and p99 in ms.
const SERVER = {
  'callbacks-original': { rate: 8200, spread: 0.05, p50: 5.8, p99: 14 },
  'promises-native': { rate: 7900, spread: 0.08, p50: 6.1, p99: 18 },
  'async-await': { rate: 7700, spread: 0.04, p50: 6.3, p99: 16 },
  'promises-bluebird': { rate: 8400, spread: 0.12, p50: 5.5, p99: 22 },
};
const TIMED_OUT = 'generators-co';

function cell(example, { rate, spread, p50 = null, p99 = null, problem = 'http-server', params = PARAMS, status = 'ok' }) {
  const finished = status === 'ok';
  const mean = (params.requests * 1000) / rate;
  return {
    env: ENV,
    driver: 'http-load',
    scenario: SCENARIO,
    problem,
    example,
    params,
    runs: 3,
    okRuns: finished ? 3 : 0,
    status,
    statuses: { [status]: 3 },
    error: finished ? null : 'no result in time',
    time: finished ? { mean, low: mean * (1 - spread), high: mean * (1 + spread), median: mean, min: mean * 0.98, max: mean * 1.02 } : null,
    ratio: null,
    maxRssMB: 60,
    extra: {
      requestsPerSec: finished ? rate : null,
      latencyMeanMs: p50,
      latencyP50Ms: p50,
      latencyP90Ms: p99,
      latencyP99Ms: p99,
      latencyMaxMs: p99,
      errors: 0,
      timeouts: 0,
      non2xx: 0,
      bodyBytes: 1048576 * params.requests,
      serverCpuMs: 900,
      serverRssMB: 80,
      serverProcesses: 2,
      serverCores: 1.5,
      loadCpuMs: 700,
      loadCores: 1,
    },
    baseline: BASELINE,
  };
}

function serverCells(problem = 'http-server') {
  return [
    ...Object.entries(SERVER).map(([example, numbers]) => cell(example, { ...numbers, problem })),
    cell(TIMED_OUT, { rate: 1, spread: 0, problem, status: 'timeout' }),
  ];
}

const AT = { env: ENV, scenario: SCENARIO, params: PARAMS, baseline: BASELINE };
const look = (cells, declared = drivers) => ({
  colors: exampleColors(new Set(cells.map((c) => c.example)), registries),
  drivers: declared,
  registries,
  hooks: reportHooks(),
});
const layerOf = (panel, test) => panel.layer.find(test);
const isPoint = (layer) => layer.mark.type === 'point' && layer.encoding.shape;

describe('report: requests per second and latency per example', () => {
  const cells = serverCells();
  const spec = throughputSpec(cells, AT, look(cells));
  const [rate, latency] = spec.hconcat;

  it('draws one row per finished example, most requests per second on top', () => {
    const order = Object.keys(SERVER).sort((a, b) => SERVER[b].rate - SERVER[a].rate);
    assert.deepEqual(
      rate.data.values.map((row) => row.example),
      order,
    );
    const points = layerOf(rate, isPoint);
    assert.equal(points.encoding.x.field, 'rate');
    assert.deepEqual(points.encoding.y.sort, ['promises-bluebird', `${BASELINE} (baseline)`, 'promises-native', 'async-await']);
    for (const row of rate.data.values) assert.equal(row.rate, SERVER[row.example].rate, row.example);
  });

  it("turns the 95% interval of the load's mean duration into an interval of requests per second", () => {
    for (const row of rate.data.values) {
      const { time } = cells.find((c) => c.example === row.example);
      assert.equal(row.low, (PARAMS.requests * 1000) / time.high, row.example);
      assert.equal(row.high, (PARAMS.requests * 1000) / time.low, row.example);
      assert.ok(row.low < row.rate && row.rate < row.high, row.example);
    }
    const bar = layerOf(rate, (layer) => layer.mark.type === 'rule' && layer.encoding.x2);
    assert.equal(bar.encoding.x.field, 'low');
    assert.equal(bar.encoding.x2.field, 'highDrawn');
  });

  it('leaves an interval open above when the duration interval reaches zero, and draws none from one run', () => {
    const noisy = cells.map((c) => (c.example === 'async-await' ? { ...c, time: { ...c.time, low: -5 } } : c));
    const single = noisy.map((c) => (c.example === 'promises-native' ? { ...c, time: { ...c.time, low: NaN, high: NaN } } : c));
    const { rows } = throughputRows(single, AT);
    const open = rows.find((row) => row.example === 'async-await');
    assert.equal(open.open, true);
    assert.equal(open.high, null);
    assert.equal(open.low, (PARAMS.requests * 1000) / noisy.find((c) => c.example === 'async-await').time.high);
    assert.match(open.rateText, /^7700 \(≥ \d+\)$/);
    const alone = rows.find((row) => row.example === 'promises-native');
    assert.deepEqual([alone.low, alone.high, alone.rateText], [null, null, '7900']);
    const drawn = throughputSpec(single, AT, look(single)).hconcat[0];
    const row = drawn.data.values.find((r) => r.example === 'async-await');
    assert.equal(row.highDrawn, drawn.layer.find(isPoint).encoding.x.scale.domain[1], 'an open interval runs to the edge');
  });

  it('marks the baseline as the forest plot does: named, a diamond, and a rule at its rate', () => {
    const base = rate.data.values.find((row) => row.example === BASELINE);
    assert.equal(base.kind, 'baseline');
    assert.equal(base.label, `${BASELINE} (baseline)`);
    for (const panel of [rate, latency]) {
      assert.deepEqual(layerOf(panel, isPoint).encoding.shape.scale, { domain: ['baseline', 'example'], range: ['diamond', 'circle'] });
    }
    const rule = layerOf(rate, (layer) => layer.mark.type === 'rule' && layer.data);
    assert.deepEqual(rule.data.values, [{ rate: SERVER[BASELINE].rate }]);
  });

  it('draws p99 latency as a point and p50 as a tick (never hollow, which means not significant) on the same rows, and colours each example as colors.js does', () => {
    const p99 = layerOf(latency, isPoint);
    assert.equal(p99.encoding.x.field, 'p99');
    assert.ok(!latency.layer.some((layer) => layer.mark.type === 'point' && layer.mark.filled === false), 'no hollow point');
    const p50 = layerOf(latency, (layer) => layer.mark.type === 'tick');
    assert.equal(p50.encoding.x.field, 'p50');
    assert.match(p50.encoding.x.title, /p50 tick/);
    assert.deepEqual(p99.encoding.y.sort, layerOf(rate, isPoint).encoding.y.sort);
    assert.equal(p99.encoding.y.axis.labels, false, 'the names stand once, left');
    for (const row of latency.data.values) assert.deepEqual([row.p50, row.p99], [SERVER[row.example].p50, SERVER[row.example].p99]);
    const colors = look(cells).colors;
    const scale = p99.encoding.color.scale;
    scale.domain.forEach((name, i) => assert.equal(scale.range[i], colors.get(name), name));
    assert.match(spec.title.text, /requests\/s and p99 latency/);
    assert.match(p99.encoding.x.title, /ms/);
    assert.match(layerOf(rate, isPoint).encoding.x.title, /requests per second/);
  });

  it('names an unfinished cell and its status instead of drawing it', () => {
    assert.ok(!rate.data.values.some((row) => row.example === TIMED_OUT));
    assert.ok(spec.title.subtitle.includes(`Not drawn (no requests/s): ${TIMED_OUT} (T/O).`), spec.title.subtitle.join('\n'));
  });

  it('keeps linear axes from zero for a narrow spread and turns log past 10×', () => {
    assert.equal(layerOf(rate, isPoint).encoding.x.scale.type, 'linear');
    assert.equal(layerOf(rate, isPoint).encoding.x.scale.domain[0], 0);
    const slow = [...cells, cell('sync-blocking', { rate: 300, spread: 0.1, p50: 150, p99: 1600 })];
    const [wide, wideLatency] = throughputSpec(slow, AT, look(slow)).hconcat;
    assert.equal(layerOf(wide, isPoint).encoding.x.scale.type, 'log');
    assert.match(layerOf(wide, isPoint).encoding.x.title, /log scale/);
    assert.equal(layerOf(wideLatency, isPoint).encoding.x.scale.type, 'log');
  });

  it('draws only requests per second, and says latency is n/a, when no cell records a latency', () => {
    const client = serverCells('http-client').map((c) => ({ ...c, extra: { ...c.extra, latencyP50Ms: null, latencyP99Ms: null } }));
    const only = throughputSpec(client, AT, look(client));
    assert.equal(only.hconcat.length, 1);
    assert.equal(only.hconcat[0].layer.find(isPoint).encoding.x.field, 'rate');
    assert.equal(only.title.text, `${SCENARIO}: requests/s`);
    assert.ok(only.title.subtitle.some((line) => /^Latency n\/a for http-client/.test(line)));
  });

  it('is not drawn when no cell has requests per second', () => {
    const none = cells.map((c) => ({ ...c, extra: { ...c.extra, requestsPerSec: null } }));
    assert.equal(throughputSpec(none, AT, look(none)), null);
    assert.equal(throughputSpec(cells, { ...AT, scenario: 'elsewhere' }, look(cells)), null);
  });

  it('renders without warnings, the numbers clear of the right panel', async () => {
    const messages = [];
    const svg = await renderSvg(spec, { messages });
    assert.deepEqual(messages, []);
    checkWellFormed(svg);
    const widest = Math.max(...rate.data.values.map((row) => textSize(row.rateText).width));
    assert.ok(spec.spacing > widest + 10, `spacing ${spec.spacing} for numbers ${widest} wide`);
  });

  it(`draws a phone's layout within ${PHONE_PAGE} px, the panels one above the other, each row's name above its marks; the desktop's does not fit (planted)`, async function () {
    this.timeout(30000);
    const narrow = throughputSpec(cells, AT, look(cells), { narrow: true });
    await assertFitsPhone('throughput', narrow, spec);
    assert.equal(narrow.vconcat.length, 2);
    for (const panel of narrow.vconcat) {
      for (const row of panel.data.values) assert.ok(row.nameY < row.barY, `${row.example}: its name above its marks`);
    }
  });
});

describe('report: the throughput chart in a section', () => {
  // A stand-in for the http-load driver, registered for these tests only. The
  // parameters carry an n, which referenceParams (lib/report/sections/cells.js) needs.
  const NAME = 'fake-load';
  const params = { ...PARAMS, n: 1 };
  const cells = serverCells().map((c) => ({ ...c, driver: NAME, params }));
  const summary = { cells, scenarios: [SCENARIO], envs: [{ key: ENV }] };
  const envs = [{ key: ENV, id: 'env 1', label: `node ${ENV}` }];

  const sections = (charts) => {
    const declared = { ...drivers, [NAME]: { ...drivers.compute, name: NAME, charts } };
    return scenarioSections(summary, envs, look(cells, declared), (name, kind, spec) => ({ name, kind, title: spec.title.text, svg: null }));
  };

  it("is drawn once per reference parameter set when the driver's charts list it", () => {
    const [section] = sections(['throughput']);
    assert.deepEqual(
      section.charts.map((c) => [c.name, c.kind, c.title]),
      [[`${SCENARIO}-throughput.svg`, 'throughput', `${SCENARIO}: requests/s and p99 latency`]],
    );
  });

  it('is not drawn when they do not', () => {
    const [section] = sections(['forest']);
    assert.deepEqual(
      section.charts.map((c) => c.kind),
      [],
    );
  });
});
