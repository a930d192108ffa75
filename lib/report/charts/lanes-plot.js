'use strict';

const show = require('../display');
const { CONFIG, DETAIL, isFinitePositive, ratioDomain, ratioAxis } = require('./vega');

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

/**
 * @param {object} chart
 * @param {object} chart.title Vega-Lite's title: { text, subtitle }
 * @param {object[]} chart.points { [rowField], runtime, ratio, low, high, significance, description }
 * @param {string} chart.rowField the points' field that names their row
 * @param {string[]} chart.rows the rows, top to bottom
 * @param {string[]} chart.runtimes the lanes, in order
 * @param {string} chart.axisTitle what the ratio axis measures
 * @param {Map<string, string>} chart.runtimeColors
 * @param {string} [chart.legendTitle] what a lane is ("runtime", "backend")
 * @returns {object} a Vega-Lite spec
 */
function lanesSpec({ title, points, rowField, rows, runtimes, axisTitle, runtimeColors, legendTitle = 'runtime' }) {
  const domain = ratioDomain(points.flatMap((p) => [p.ratio, p.low, p.high]));
  const rowHeight = runtimes.length * LANE + ROW_GAP;
  const x = { field: 'ratio', ...ratioAxis(domain, axisTitle) };
  const y = {
    field: rowField,
    type: 'nominal',
    sort: rows,
    title: null,
    scale: { paddingInner: ROW_GAP / rowHeight, paddingOuter: ROW_GAP / rowHeight / 2 },
    axis: { labelFontSize: 12, labelLimit: 400, labelPadding: 8, ticks: false, domain: false, grid: false },
  };
  const yOffset = { field: 'runtime', type: 'nominal', sort: runtimes, scale: { domain: runtimes, paddingInner: 0.1 } };
  const scale = { domain: runtimes, range: runtimes.map((label) => runtimeColors.get(label) ?? '#444') };
  // One legend: every layer's colour channel says the same of it.
  const legend = { title: legendTitle, orient: 'right', symbolType: 'circle', symbolStrokeWidth: 2, symbolSize: 90, symbolFillColor: 'white' };
  const color = { field: 'runtime', type: 'nominal', scale, sort: runtimes, legend };
  const description = { field: 'description' };
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
      {
        // The rule at 1: left of it is faster, right of it slower.
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

module.exports = { lanesSpec, lanePoint };
