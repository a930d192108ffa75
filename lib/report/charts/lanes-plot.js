'use strict';

const show = require('../display');
const { CONFIG, DETAIL, isFinitePositive, ratioDomain, ratioAxis } = require('./vega');
const { runtimeShapes } = require('./colors');

// The picture the runtime and context charts share: one row per example, a
// lane per runtime within it (its colour, named in the legend), a point at a
// ratio and a bar for its 95% interval, on a log axis with a rule at 1. A
// ratio the t-test does not find different from 1 is a hollow point. Pure:
// points and labels in, a Vega-Lite specification out.

const WIDTH = 420;
// Each runtime's point has a lane of its own within its row.
const LANE = 13;
const ROW_GAP = 10;

/**
 * One point of a lanes chart: a row's ratio on one runtime, its interval
 * where both ends are known, whether it is significant, and its description
 * ("example · runtime: 1.23× (1.1–1.4) <what it is relative to>").
 * @param {string} example
 * @param {string} runtime
 * @param {{ ratio, low, high, significant }} ratio a finite positive ratio
 * @param {string} versus what the ratio is of, after it ("the CPU time without context")
 */
function lanePoint(example, runtime, ratio, versus) {
  const interval = isFinitePositive(ratio.low) && isFinitePositive(ratio.high);
  const range = show.range(ratio.low, ratio.high);
  const significance = ratio.significant === true ? 'significant' : ratio.significant === false ? 'same' : 'untested';
  return {
    example,
    runtime,
    ratio: ratio.ratio,
    low: interval ? ratio.low : null,
    high: interval ? ratio.high : null,
    significance,
    description: `${example}${DETAIL}${runtime}: ${show.ratio(ratio.ratio)}${range ? ` (${range})` : ''}${significance === 'same' ? ' ≈' : ''} ${versus}`,
  };
}

// Past this height the rows' lanes become small multiples, a panel per
// runtime, so that no chart is taller than a screen.
const MOST_HEIGHT = 900;
// The small multiples' panels: a row per example, no lanes.
const PANEL_WIDTH = 190;
const PANEL_ROW = 16;
// Panels side by side before they wrap onto another line, unless that line
// would make the chart too tall.
const MOST_COLUMNS = 5;

/**
 * @param {object} chart
 * @param {object} chart.title Vega-Lite's title: { text, subtitle }
 * @param {object[]} chart.points { [rowField], runtime, ratio, low, high, significance, description }
 * @param {string} chart.rowField the points' field that names their row
 * @param {string[]} chart.rows the rows, top to bottom
 * @param {string[]} chart.runtimes the lanes, in order
 * @param {string} chart.axisTitle what the ratio axis measures
 * @param {Map<string, string>} chart.runtimeColors every runtime of the report in its order (shapes follow that order)
 * @param {string} [chart.legendTitle] what a lane is ("runtime", "backend")
 * @returns {object} a Vega-Lite spec: lanes within each row, or, where that
 *   would be taller than MOST_HEIGHT, a panel per runtime
 */
function lanesSpec(chart) {
  const { points, rows, runtimes, runtimeColors, legendTitle = 'runtime' } = chart;
  const domain = ratioDomain(points.flatMap((p) => [p.ratio, p.low, p.high]));
  const shapes = runtimeShapes([...runtimeColors.keys(), ...runtimes]);
  // One legend: every layer's colour and shape say the same of a runtime.
  const legend = { title: legendTitle, orient: 'right', symbolStrokeWidth: 2, symbolSize: 90, symbolFillColor: 'white' };
  const color = {
    field: 'runtime',
    type: 'nominal',
    sort: runtimes,
    legend,
    scale: { domain: runtimes, range: runtimes.map((label) => runtimeColors.get(label) ?? '#444') },
  };
  const shape = { field: 'runtime', type: 'nominal', sort: runtimes, legend, scale: { domain: runtimes, range: runtimes.map((label) => shapes.get(label)) } };
  const look = { ...chart, legendTitle, domain, color, shape };
  return rows.length * (runtimes.length * LANE + ROW_GAP) <= MOST_HEIGHT ? lanesInRows(look) : panelPerRuntime(look);
}

// The layers every panel draws: the rule at 1, the intervals, the points
// (hollow where not significant, over white so that a hollow point hides its bar).
function ratioLayers({ x, y, yOffset, color, shape }) {
  const description = { field: 'description' };
  const lane = yOffset ? { yOffset } : {};
  return [
    {
      // The rule at 1: left of it is faster, right of it slower.
      mark: { type: 'rule', color: '#555', strokeWidth: 1.5 },
      encoding: { x: { datum: 1, type: 'quantitative' } },
    },
    {
      transform: [{ filter: 'isValid(datum.low)' }],
      mark: { type: 'rule', strokeWidth: 2.5 },
      encoding: { x: { field: 'low', type: 'quantitative' }, x2: { field: 'high' }, y, ...lane, stroke: color, description },
    },
    {
      mark: { type: 'point', filled: true, color: 'white', opacity: 1, size: 70 },
      encoding: { x, y, ...lane, shape },
    },
    {
      mark: { type: 'point', filled: true, strokeWidth: 2, opacity: 1, size: 70 },
      encoding: {
        x,
        y,
        ...lane,
        fill: color,
        stroke: color,
        shape,
        fillOpacity: { condition: { test: "datum.significance === 'significant'", value: 1 }, value: 0 },
        description,
      },
    },
  ];
}

function rowAxis({ rowField, rows }, scale) {
  return {
    field: rowField,
    type: 'nominal',
    sort: rows,
    title: null,
    scale,
    axis: { labelFontSize: 12, labelLimit: 400, labelPadding: 8, ticks: false, domain: false, grid: false },
  };
}

// Every runtime's point in a lane of its own within its example's row.
function lanesInRows({ title, points, rows, runtimes, axisTitle, domain, color, shape, rowField }) {
  const rowHeight = runtimes.length * LANE + ROW_GAP;
  const x = { field: 'ratio', ...ratioAxis(domain, axisTitle) };
  const y = rowAxis({ rowField, rows }, { paddingInner: ROW_GAP / rowHeight, paddingOuter: ROW_GAP / rowHeight / 2 });
  const yOffset = { field: 'runtime', type: 'nominal', sort: runtimes, scale: { domain: runtimes, paddingInner: 0.1 } };
  return {
    title,
    width: WIDTH,
    height: rows.length * rowHeight,
    data: { values: points },
    layer: [
      {
        // Separates the rows.
        mark: { type: 'rule', color: '#eeeeee', strokeWidth: 1 },
        encoding: { y: { ...y, bandPosition: 0 } },
      },
      ...ratioLayers({ x, y, yOffset, color, shape }),
    ],
    config: CONFIG,
  };
}

// A panel per runtime, side by side (wrapping past MOST_COLUMNS), each with a
// row per example: the same marks, without lanes, on one ratio axis. The
// rows are named once, left of the first panel of each line of panels.
function panelPerRuntime({ title, points, rows, runtimes, axisTitle, domain, color, shape, rowField }) {
  // More side by side, past MOST_COLUMNS, where another line of panels would pass MOST_HEIGHT.
  const lines = Math.max(1, Math.floor(MOST_HEIGHT / (rows.length * PANEL_ROW + 40)));
  const columns = Math.min(runtimes.length, Math.max(MOST_COLUMNS, Math.ceil(runtimes.length / lines)));
  const x = { field: 'ratio', ...ratioAxis(domain, null) };
  const y = rowAxis({ rowField, rows }, { domain: rows, paddingInner: 0.2 });
  const panel = (runtime, i) => {
    const named = i % columns === 0;
    const yHere = named ? y : { ...y, axis: { ...y.axis, labels: false } };
    return {
      title: { text: runtime, fontSize: 12, anchor: 'middle', frame: 'group' },
      width: PANEL_WIDTH,
      height: rows.length * PANEL_ROW,
      transform: [{ filter: { field: 'runtime', equal: runtime } }],
      layer: [
        {
          mark: { type: 'rule', color: '#eeeeee', strokeWidth: 1 },
          encoding: { y: { ...yHere, bandPosition: 0 } },
        },
        ...ratioLayers({ x, y: yHere, color, shape }),
      ],
    };
  };
  return {
    title: { ...title, subtitle: [...[title.subtitle ?? []].flat(), `x: ${axisTitle}.`] },
    data: { values: points },
    columns,
    concat: runtimes.map(panel),
    spacing: { row: 16, column: 12 },
    config: CONFIG,
  };
}

module.exports = { MOST_HEIGHT, lanesSpec, lanePoint };
