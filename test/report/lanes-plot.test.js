'use strict';

const assert = require('node:assert/strict');
const { lanesSpec, lanePoint, MOST_HEIGHT } = require('../../lib/report/charts/lanes-plot');
const { runtimeColors, runtimeShapes, RUNTIME_PALETTE } = require('../../lib/report/charts/colors');
const { renderSvg } = require('../../lib/report/charts/vega');

// The runtime, context and database charts: every runtime its own colour and
// shape, and a chart that would be taller than a screen drawn as a panel per
// runtime instead of lanes within each row.

const RUNTIMES = ['node v20', 'node v22', 'node v24', 'bun 1', 'chromium 156', 'chromium-worker 156', 'deno 2', 'firefox 153', 'firefox-worker 153'];

function chart(rows, runtimes) {
  const points = rows.flatMap((row, i) =>
    runtimes.map((runtime, j) => lanePoint(row, runtime, { ratio: 1 + ((i + j) % 5) / 10, low: 0.9, high: 1.8, significant: j % 2 === 0 }, 'the reference')),
  );
  return lanesSpec({
    title: { text: 't', subtitle: ['s'] },
    points,
    rowField: 'example',
    rows,
    runtimes,
    axisTitle: 'ratio',
    runtimeColors: runtimeColors(runtimes),
  });
}

function svgHeight(svg) {
  return Number(/<svg[^>]* height="([0-9.]+)"/.exec(svg)[1]);
}

describe('report: the lanes charts', function () {
  this.timeout(60000);

  it('gives nine runtimes nine colours and nine shapes, and no two runtimes of 84 the same pair', () => {
    assert.equal(new Set(runtimeColors(RUNTIMES).values()).size, RUNTIMES.length);
    assert.equal(new Set(runtimeShapes(RUNTIMES).values()).size, Math.min(RUNTIMES.length, 7));
    const many = Array.from({ length: 84 }, (_, i) => `runtime ${i}`);
    const colors = runtimeColors(many);
    const shapes = runtimeShapes(many);
    assert.equal(new Set(many.map((r) => `${colors.get(r)} ${shapes.get(r)}`)).size, 84);
    assert.equal(new Set(RUNTIME_PALETTE).size, RUNTIME_PALETTE.length, 'no colour twice in the palette');
  });

  it('keeps lanes within rows while the chart is short', async () => {
    const spec = chart(['a', 'b', 'c'], RUNTIMES.slice(0, 3));
    assert.ok(spec.layer && !spec.concat);
    assert.ok(svgHeight(await renderSvg(spec)) < MOST_HEIGHT);
  });

  it('draws a panel per runtime, under 1,200 px, where lanes would be taller than a screen', async () => {
    const rows = Array.from({ length: 33 }, (_, i) => `example-${i}`);
    const runtimes = RUNTIMES.slice(0, 6);
    const spec = chart(rows, runtimes);
    assert.ok(spec.concat, 'small multiples');
    assert.deepEqual(
      spec.concat.map((panel) => panel.title.text),
      runtimes,
    );
    const messages = [];
    const height = svgHeight(await renderSvg(spec, { messages }));
    assert.deepEqual(messages, []);
    assert.ok(height <= 1200, `${height} px tall`);
    // The planted failure: the same rows as lanes would have been far taller.
    assert.ok(33 * (6 * 13 + 10) > MOST_HEIGHT);
  });

  it('draws every shape and colour of its runtimes in the legend, each once', async () => {
    const spec = chart(['a', 'b'], RUNTIMES);
    const svg = await renderSvg(spec);
    const symbols = [...svg.matchAll(/role-legend-symbol[\s\S]*?<\/g><\/g>/g)].join('');
    const strokes = [...symbols.matchAll(/stroke="(#[0-9a-f]{6})"/g)].map((m) => m[1]);
    assert.equal(new Set(strokes).size, RUNTIMES.length, strokes.join(' '));
  });
});
