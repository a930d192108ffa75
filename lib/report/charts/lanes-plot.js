'use strict';

const show = require('../display');
const { CONFIG, DETAIL, isFinitePositive, ratioDomain, ratioAxis } = require('./vega');
const { runtimeShapes } = require('./colors');
const narrow = require('./narrow');

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
 * @param {{ narrow?: boolean }} [chart.layout] narrow: the phone's layout (lanesNarrow)
 * @returns {object} a Vega-Lite spec: lanes within each row, or, where that
 *   would be taller than MOST_HEIGHT, a panel per runtime
 */
function lanesSpec(chart) {
  const { points, rows, runtimes, runtimeColors, legendTitle = 'runtime', layout = {} } = chart;
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
  if (layout.narrow) return lanesNarrow(look);
  return rows.length * (runtimes.length * LANE + ROW_GAP) <= MOST_HEIGHT ? lanesInRows(look) : panelPerRuntime(look);
}

// The layers every panel draws: the rule at 1, then ratioMarks.
function ratioLayers(look) {
  return [
    {
      // The rule at 1: left of it is faster, right of it slower.
      mark: { type: 'rule', color: '#555', strokeWidth: 1.5 },
      encoding: { x: { datum: 1, type: 'quantitative' } },
    },
    ...ratioMarks(look),
  ];
}

// The intervals and the points (hollow where not significant, over white so
// that a hollow point hides its bar).
function ratioMarks({ x, y, yOffset, color, shape, size = 70 }) {
  const description = { field: 'description' };
  const lane = yOffset ? { yOffset } : {};
  return [
    {
      transform: [{ filter: 'isValid(datum.low)' }],
      mark: { type: 'rule', strokeWidth: 2.5 },
      encoding: { x: { field: 'low', type: 'quantitative' }, x2: { field: 'high' }, y, ...lane, stroke: color, description },
    },
    {
      mark: { type: 'point', filled: true, color: 'white', opacity: 1, size },
      encoding: { x, y, ...lane, shape },
    },
    {
      mark: { type: 'point', filled: true, strokeWidth: 2, opacity: 1, size },
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

// The phone's layout: a row per example, its name on a line of its own above
// a lane per runtime, as many rows as there are, in lanes as tall as keep the
// rows within NARROW_ROWS_HEIGHT (down to 5 px); the key under the axis.
const NARROW_ROWS_HEIGHT = 1900;
const NARROW_LANE = 10;
const LABEL_FLUSH = 30;

function lanesNarrow({ title, points, rows, runtimes, axisTitle, domain, color, shape, rowField }) {
  const room = NARROW_ROWS_HEIGHT - rows.length * (narrow.LINE + 9);
  const lane = Math.max(5, Math.min(NARROW_LANE, Math.floor(room / (rows.length * runtimes.length))));
  const placed = narrow.placeRows(
    rows.map((row) => ({ label: row })),
    { block: runtimes.length * lane, text: null },
  );
  const rowOf = new Map(placed.map((row) => [row.label, row]));
  const values = points.map((p) => ({ ...p, laneY: rowOf.get(p[rowField]).top + (runtimes.indexOf(p.runtime) + 0.5) * lane }));
  const axis = ratioAxis(domain, narrow.axisTitle(axisTitle));
  // No grid: its lines would cross the names.
  // A label within LABEL_FLUSH px of the axis's ends is aligned flush with
  // it: centred there, it would widen the picture past the phone's page.
  const x = { field: 'ratio', ...axis, axis: { ...axis.axis, values: narrow.fewerTicks(axis.axis.values), grid: false, labelFlush: LABEL_FLUSH } };
  const y = { field: 'laneY', type: 'quantitative', scale: null };
  // The key under the axis, a runtime a line: two side by side would cut the longer names short.
  const key = { orient: 'bottom', direction: 'vertical' };
  return {
    title: narrow.narrowTitle(title.text, [title.subtitle ?? []].flat()),
    width: narrow.WIDTH,
    height: placed[placed.length - 1].bottom,
    layer: [
      {
        data: { values: placed },
        layer: [narrow.blockRule({ datum: 1, type: 'quantitative' }), ...narrow.rowTextLayers({ text: null })],
      },
      {
        data: { values },
        layer: ratioMarks({
          x,
          y,
          color: { ...color, legend: { ...color.legend, ...key } },
          shape: { ...shape, legend: { ...shape.legend, ...key } },
          size: Math.min(70, (lane - 1) ** 2),
        }),
      },
    ],
    config: CONFIG,
  };
}

module.exports = { MOST_HEIGHT, lanesSpec, lanePoint };
