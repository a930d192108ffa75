'use strict';

const drivers = require('../drivers');
const show = require('./display');
const { CONFIG, DETAIL, isFinitePositive, ratioDomain, ratioAxis, notDrawnNote } = require('./charts');

// The runtimes of one machine at one scenario and reference cell: one row per
// example, one point per runtime (its colour, named in the legend) at the
// example's mean time on that runtime ÷ its mean time on the reference
// runtime, a bar for that ratio's 95% interval, on a log axis with a rule at
// 1, the reference runtime. A ratio the t-test does not find different from 1
// is a hollow point. Pure: a matrix of lib/report/runtimes.js in, a
// Vega-Lite specification out.

const WIDTH = 420;
// Each runtime's point has a lane of its own within its example's row.
const LANE = 13;
const ROW_GAP = 10;

/**
 * The chart's points: one per example and runtime with a ratio to the
 * reference runtime, and what could not be drawn.
 * @returns {{ points: object[], notDrawn: string[] }}
 */
function runtimePoints(matrix) {
  const points = [];
  const notDrawn = [];
  const referenceIndex = matrix.columns.findIndex((column) => column.env === matrix.reference.env);
  for (const row of matrix.versus.rows) {
    row.versus.forEach((ratio, i) => {
      if (i === referenceIndex) return;
      const runtime = matrix.columns[i].label;
      const cell = row.cells[i];
      if (!ratio || !isFinitePositive(ratio.ratio)) {
        // Cells a runtime never ran are the table's "not run", not a gap worth naming here.
        if (cell) notDrawn.push(`${row.example} on ${runtime}${cell.time ? '' : ` (${show.statusLabel(cell.status === 'ok' ? 'invalid' : cell.status)})`}`);
        return;
      }
      const interval = isFinitePositive(ratio.low) && isFinitePositive(ratio.high);
      const range = show.range(ratio.low, ratio.high);
      const significance = ratio.significant === true ? 'significant' : ratio.significant === false ? 'same' : 'untested';
      points.push({
        example: row.example,
        runtime,
        ratio: ratio.ratio,
        low: interval ? ratio.low : null,
        high: interval ? ratio.high : null,
        significance,
        description: `${row.example}${DETAIL}${runtime}: ${show.ratio(ratio.ratio)}${range ? ` (${range})` : ''}${significance === 'same' ? ' ≈' : ''} ${matrix.reference.label}'s mean time`,
      });
    });
  }
  return { points, notDrawn };
}

/**
 * @param {object} matrix one matrix of runtimeComparison (lib/report/runtimes.js)
 * @param {{ runtimeColors: Map<string, string> }} look
 * @returns {object | null} a Vega-Lite spec, or null when no ratio can be drawn
 */
function runtimeSpec(matrix, { runtimeColors }) {
  const { points, notDrawn } = runtimePoints(matrix);
  if (points.length === 0) return null;
  const examples = matrix.versus.rows.map((row) => row.example).filter((example) => points.some((p) => p.example === example));
  const runtimes = matrix.columns.map((column) => column.label).filter((label) => points.some((p) => p.runtime === label));
  const domain = ratioDomain(points.flatMap((p) => [p.ratio, p.low, p.high]));
  const what = drivers[matrix.driver].time.title;
  const rowHeight = runtimes.length * LANE + ROW_GAP;
  const x = { field: 'ratio', ...ratioAxis(domain, `mean ${what} ÷ ${matrix.reference.label}'s (log scale)`) };
  const y = {
    field: 'example',
    type: 'nominal',
    sort: examples,
    title: null,
    scale: { paddingInner: ROW_GAP / rowHeight, paddingOuter: ROW_GAP / rowHeight / 2 },
    axis: { labelFontSize: 12, labelLimit: 400, labelPadding: 8, ticks: false, domain: false, grid: false },
  };
  const yOffset = { field: 'runtime', type: 'nominal', sort: runtimes, scale: { domain: runtimes, paddingInner: 0.1 } };
  const scale = { domain: runtimes, range: runtimes.map((label) => runtimeColors.get(label) ?? '#444') };
  // One legend: every layer's colour channel says the same of it.
  const legend = { title: 'runtime', orient: 'right', symbolType: 'circle', symbolStrokeWidth: 2, symbolSize: 90, symbolFillColor: 'white' };
  const color = { field: 'runtime', type: 'nominal', scale, sort: runtimes, legend };
  const description = { field: 'description' };
  return {
    title: {
      text: `${matrix.scenario}: each runtime relative to ${matrix.reference.label}`,
      // Short lines: the picture is as wide as its longest.
      subtitle: [
        matrix.title,
        `On ${matrix.cpu}; the rule at 1: ${matrix.reference.label}.`,
        `Point: mean ${what} on a runtime ÷ on ${matrix.reference.label}; bar: 95% interval.`,
        'Hollow: not significant, or fewer than two runs.',
        notDrawnNote(notDrawn, { most: 3, what: 'points', reason: 'no ratio' }),
      ].filter(Boolean),
    },
    width: WIDTH,
    height: examples.length * rowHeight,
    data: { values: points },
    layer: [
      {
        // Separates the examples' rows.
        mark: { type: 'rule', color: '#eeeeee', strokeWidth: 1 },
        encoding: { y: { ...y, bandPosition: 0 } },
      },
      {
        // The reference runtime: left of it is faster, right of it slower.
        mark: { type: 'rule', color: '#555', strokeWidth: 1.5 },
        encoding: { x: { datum: 1, type: 'quantitative' } },
      },
      {
        transform: [{ filter: 'isValid(datum.low)' }],
        mark: { type: 'rule', strokeWidth: 2.5 },
        encoding: { x: { field: 'low', type: 'quantitative' }, x2: { field: 'high' }, y, yOffset, stroke: color, description },
      },
      {
        // White under every point, so a hollow one hides the bar behind it.
        mark: { type: 'point', filled: true, color: 'white', opacity: 1, size: 70 },
        encoding: { x, y, yOffset },
      },
      {
        mark: { type: 'point', filled: true, strokeWidth: 2, opacity: 1, size: 70 },
        encoding: {
          x,
          y,
          yOffset,
          fill: color,
          stroke: color,
          fillOpacity: { condition: { test: "datum.significance === 'significant'", value: 1 }, value: 0 },
          description,
        },
      },
    ],
    config: CONFIG,
  };
}

module.exports = { runtimePoints, runtimeSpec };
