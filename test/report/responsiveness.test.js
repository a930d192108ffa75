'use strict';

const assert = require('node:assert/strict');
const { unpackPage } = require('./unpack-page');
const { assertFitsPhone, PHONE_PAGE } = require('./phone-fit');
const fs = require('node:fs');
const registries = require('../../examples');
const { buildReport } = require('../../lib/report');
const { parseResults } = require('../../lib/results');
const drivers = require('../../lib/drivers');
const { referenceParams } = require('../../lib/report/sections/cells');
const { summarize: summarizeRuns } = require('../../lib/summary');
const { responsivenessSpec, responsivenessLayout } = require('../../lib/report/charts/responsiveness');
const { exampleColors } = require('../../lib/report/charts/colors');
const { boxesOverlap } = require('../../lib/report/charts/label-layout');
const { xmlComment } = require('../../lib/report/render/generated');
const { checkWellFormed } = require('./well-formed-xml');
const { RESULTS, GENERATOR, fixtureInput } = require('./fixture-report');

// The chart of heartbeat lateness against the time ratio, for the compute
// driver's scenarios: built from hand-made slicing runs in the results
// schema, beside the DoxBee fixture's batch runs in the same environment.

// Time per call (ms) and heartbeat lateness p99 (ms) of each example, as a
// slicing run at n=15 might give them: sync blocks the heartbeat for a whole
// call, the slicers let it fire at a cost.
const SLICING = {
  sync: { callMs: 0.01, latenessP99Ms: 8 },
  'next-tick': { callMs: 0.9, latenessP99Ms: 9 },
  'set-immediate': { callMs: 2.6, latenessP99Ms: 1.3 },
  'promises-set-immediate': { callMs: 2.9, latenessP99Ms: 1.4 },
  chunked: { callMs: 0.05, latenessP99Ms: 2 },
  'set-timeout': { callMs: 1200, latenessP99Ms: 0.3 },
};
// Not drawn: one timed out, one has no lateness.
const TIMED_OUT = 'scheduler-yield';
const NO_LATENESS = 'chunked';
const SPREAD = [0.97, 1, 1.03];
const PARAMS = { n: 15, k: 1000, minTime: 500 };

// Runs share the DoxBee fixture's environment, so both sit in one environment.
const ENV = JSON.parse(fs.readFileSync(RESULTS, 'utf8').split('\n')[0]).env;

function metrics(example, noise, n) {
  const { callMs: base, latenessP99Ms } = SLICING[example];
  const callMs = base * noise * (n === PARAMS.n ? 1 : 0.1);
  const lateness = example === NO_LATENESS ? null : latenessP99Ms * noise;
  return {
    wallMs: 500,
    cpuUserMs: 450,
    cpuSystemMs: 20,
    maxRssMB: 45,
    heapBeforeMB: 4,
    heapPeakMB: 5,
    gcCount: 1,
    gcMs: 0.5,
    elu: 0.9,
    loopDelayP50Ms: null,
    loopDelayP99Ms: null,
    calls: Math.max(1, Math.round(500 / callMs)),
    callMs,
    callP50Ms: callMs,
    opsPerSec: 1000 / callMs,
    coresUsed: 0.94,
    beats: lateness === null ? 0 : 300,
    latenessP50Ms: lateness && lateness / 2,
    latenessP99Ms: lateness,
    latenessMaxMs: lateness && lateness * 1.5,
  };
}

/** Results lines (asyncmark/run@2) of the slicing scenario at n=10 and n=15, three runs each. */
function slicingLines() {
  const lines = [];
  for (const example of [...Object.keys(SLICING), TIMED_OUT]) {
    for (const n of [10, PARAMS.n]) {
      SPREAD.forEach((noise, run) => {
        const ok = example !== TIMED_OUT;
        lines.push({
          schema: 'asyncmark/run@2',
          session: 'resp',
          time: '2025-01-15T11:00:00.000Z',
          scenario: 'slicing',
          problem: 'slicing',
          driver: 'compute',
          example,
          params: { ...PARAMS, n },
          run,
          status: ok ? 'ok' : 'timeout',
          error: ok ? null : 'no result in time',
          stderrTail: '',
          metrics: ok ? metrics(example, noise, n) : null,
          env: ENV,
        });
      });
    }
  }
  return lines.map((line) => JSON.stringify(line)).join('\n');
}

const SLICING_FILE = { name: 'slicing.jsonl', text: slicingLines() };

function slicingSummary() {
  return summarizeRuns(parseResults(SLICING_FILE.text, SLICING_FILE.name, { drivers }).runs, { drivers, registries });
}

function look(summary) {
  return { colors: exampleColors(new Set(summary.cells.map((c) => c.example)), registries), drivers, registries };
}

function at(summary) {
  const cells = summary.cells.filter((c) => c.scenario === 'slicing');
  return { env: cells[0].env, scenario: 'slicing', params: referenceParams(cells)[0], baseline: 'sync' };
}

const median = (values) => [...values].sort((a, b) => a - b)[1];
const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;

describe('report: what slicing buys and what it costs', () => {
  const summary = slicingSummary();
  const spec = responsivenessSpec(summary.cells, at(summary), look(summary));
  const pointsLayer = spec.layer.find((layer) => layer.mark.type === 'point');

  it('draws one point per finished example: across its lateness p99, up its time ratio to the baseline', () => {
    const drawn = Object.keys(SLICING)
      .filter((e) => e !== NO_LATENESS)
      .sort();
    assert.deepEqual(pointsLayer.data.values.map((p) => p.example).sort(), drawn);
    assert.equal(pointsLayer.encoding.x.field, 'lateness');
    assert.equal(pointsLayer.encoding.y.field, 'ratio');
    assert.equal(pointsLayer.encoding.x.scale.type, 'log');
    assert.equal(pointsLayer.encoding.y.scale.type, 'log');
    const baseTimes = SPREAD.map((noise) => SLICING.sync.callMs * noise);
    for (const point of pointsLayer.data.values) {
      const { callMs, latenessP99Ms } = SLICING[point.example];
      const cell = summary.cells.find((c) => c.example === point.example && c.params.n === PARAMS.n);
      assert.ok(Math.abs(point.lateness - median(SPREAD.map((noise) => latenessP99Ms * noise))) < 1e-9, point.example);
      assert.equal(point.ratio, cell.ratio.ratio);
      const ratioOfMeans = mean(SPREAD.map((noise) => callMs * noise)) / mean(baseTimes);
      assert.ok(Math.abs(point.ratio / ratioOfMeans - 1) < 1e-9, `${point.example}: ${point.ratio} vs ${ratioOfMeans}`);
    }
    assert.equal(pointsLayer.data.values.find((p) => p.example === 'sync').kind, 'baseline');
  });

  it('draws a rule at 1, the baseline, and names what is not drawn', () => {
    const rule = spec.layer.find((layer) => layer.mark.type === 'rule' && layer.encoding.y);
    assert.deepEqual(rule.data.values, [{ one: 1 }]);
    assert.equal(rule.encoding.y.field, 'one');
    assert.ok(!rule.encoding.x, 'the rule spans the plot');
    const subtitle = spec.title.subtitle.join('\n');
    assert.match(subtitle, /Lower left is best/);
    assert.match(subtitle, /sync, never yields: it blocks for a whole call/);
    assert.match(subtitle, new RegExp(`Not drawn \\(no lateness or no ratio\\): ${NO_LATENESS}, ${TIMED_OUT} \\(T/O\\)\\.`));
  });

  it('colours each example as colors.js does', () => {
    const colors = exampleColors(new Set(summary.cells.map((c) => c.example)), registries);
    const scale = pointsLayer.encoding.color.scale;
    assert.equal(scale.domain.length, pointsLayer.data.values.length);
    scale.domain.forEach((name, i) => assert.equal(scale.range[i], colors.get(name), name));
    for (const layer of spec.layer.filter((l) => l.mark.type === 'text' && l.encoding.color)) {
      assert.deepEqual(layer.encoding.color.scale, scale);
    }
  });

  it('names every point, no name over another or over a point', () => {
    const { labels, points } = spec.usermeta;
    assert.deepEqual(
      labels.map((l) => l.text),
      points.map((p) => (p.kind === 'baseline' ? `${p.example} (baseline)` : p.example)),
    );
    labels.forEach((a, i) => labels.slice(i + 1).forEach((b) => assert.ok(!boxesOverlap(a.box, b.box), `${a.text} / ${b.text}`)));
    for (const label of labels) {
      for (const p of points) assert.ok(!boxesOverlap(label.box, { x0: p.x - 4, y0: p.y - 4, x1: p.x + 4, y1: p.y + 4 }), `${label.text} on ${p.example}`);
    }
  });

  it('keeps names apart where the slicers crowd together', () => {
    const crowded = summary.cells.map((cell) =>
      cell.extra.latenessP99Ms === null || !cell.ratio
        ? cell
        : {
            ...cell,
            extra: { ...cell.extra, latenessP99Ms: 1 + cell.example.length * 0.01 },
            ratio: { ...cell.ratio, ratio: 100 + cell.example.length },
          },
    );
    const { labels } = responsivenessLayout(crowded, at(summary));
    assert.ok(labels.length >= 4);
    labels.forEach((a, i) => labels.slice(i + 1).forEach((b) => assert.ok(!boxesOverlap(a.box, b.box), `${a.text} / ${b.text}`)));
  });

  it('is not drawn when only the baseline has a lateness', () => {
    const onlySync = summary.cells.map((cell) => (cell.example === 'sync' ? cell : { ...cell, extra: { ...cell.extra, latenessP99Ms: null } }));
    assert.equal(responsivenessSpec(onlySync, at(summary), look(summary)), null);
  });

  it(`draws a phone's layout within ${PHONE_PAGE} px, every name placed inside its plot; the desktop's does not fit (planted)`, async function () {
    this.timeout(30000);
    const narrow = responsivenessSpec(summary.cells, at(summary), look(summary), { narrow: true });
    await assertFitsPhone('responsiveness', narrow, spec);
    for (const label of narrow.usermeta.labels)
      assert.ok(label.box.x0 >= 0 && label.box.x1 <= narrow.width, `${label.text} within the plot's ${narrow.width} px`);
  });
});

describe('report: the responsiveness chart in the report', () => {
  const built = new Map();
  const report = (format) => {
    if (!built.has(format)) built.set(format, buildReport(fixtureInput({ format, results: [fixtureInput().results[0], SLICING_FILE] })));
    return built.get(format);
  };

  it("is a chart of the compute scenario's section, not of the batch sections", async () => {
    const { model, files, warnings } = await report('markdown');
    assert.deepEqual(
      warnings.filter((w) => w.startsWith('chart:')),
      [],
    );
    for (const section of model.sections) {
      const names = section.charts.filter((c) => c.kind === 'responsiveness').map((c) => c.name);
      assert.deepEqual(names, section.scenario === 'slicing' ? ['slicing-responsiveness.svg'] : [], section.scenario);
    }
    const svg = files.find((f) => f.name === 'slicing-responsiveness.svg').content;
    assert.equal(svg.split('\n')[0], `<?xml version="1.0" encoding="UTF-8"?>${xmlComment(GENERATOR)}`);
    checkWellFormed(svg);
    assert.match(svg, /data-example="set-timeout"/);
  });

  it('shows in the slicing section of the markdown page and of the HTML page', async () => {
    const readme = (await report('markdown')).files.find((f) => f.name === 'README.md').content;
    const sections = readme.split(/^### /m).slice(1);
    const image = '![slicing: what slicing buys and what it costs](slicing-responsiveness.svg)';
    for (const section of sections) {
      const title = section.split('\n')[0];
      assert.equal(section.includes(image), title.startsWith('slicing on '), title);
      if (title.startsWith('doxbee')) assert.doesNotMatch(section, /responsiveness/, title);
    }
    const page = unpackPage((await report('html')).files[0].content);
    assert.match(page, /<figure class="chart" aria-label="slicing: what slicing buys and what it costs">/);
  });
});
