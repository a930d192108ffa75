'use strict';

const show = require('./display');
const { CONFIG, DETAIL, isFinitePositive, ratioDomain, ratioAxis, notDrawnNote } = require('./charts');

// The cost of async context at one scenario and parameter set: one row per
// style, one point per runtime (its colour, named in the legend) at the
// style's mean CPU time with context ÷ without on that runtime, a bar for that
// ratio's 95% interval, on a log axis with a rule at 1 (no cost). CPU time,
// not wall time: it is the work the context adds, and on a shared machine
// other processes stretch the wall time of short runs far more (the table has
// both). A ratio the
// t-test does not find different from 1 is a hollow point. Pure: a group of
// lib/report/context.js in, a Vega-Lite specification out.

const WIDTH = 420;
// Each runtime's point has a lane of its own within its style's row.
const LANE = 13;
const ROW_GAP = 10;

/**
 * The chart's points, one per style and runtime with a time ratio, and what
 * could not be drawn.
 * @returns {{ points: object[], notDrawn: string[] }}
 */
function contextPoints(group) {
  const points = [];
  const notDrawn = [];
  for (const row of group.table.rows) {
    group.columns.forEach((column, i) => {
      const ratio = row[`cpu${i}`];
      if (!ratio || !isFinitePositive(ratio.ratio)) {
        // A runtime that never ran the style is the table's "not run", not a gap worth naming.
        if (row[`missing${i}`] !== 'not run') notDrawn.push(`${row.example} on ${column.label}`);
        return;
      }
      const interval = isFinitePositive(ratio.low) && isFinitePositive(ratio.high);
      const range = show.range(ratio.low, ratio.high);
      const significance = ratio.significant === true ? 'significant' : ratio.significant === false ? 'same' : 'untested';
      const lost = row.found.find((f) => f.runtime === column.label && f.survival !== 'kept');
      points.push({
        example: row.example,
        runtime: column.label,
        ratio: ratio.ratio,
        low: interval ? ratio.low : null,
        high: interval ? ratio.high : null,
        significance,
        description: `${row.example}${DETAIL}${column.label}: ${show.ratio(ratio.ratio)}${range ? ` (${range})` : ''}${significance === 'same' ? ' ≈' : ''} the CPU time without context${lost ? `${DETAIL}context ${lost.survival}` : ''}`,
      });
    });
  }
  return { points, notDrawn };
}

/**
 * @param {object} group one group of contextCost (lib/report/context.js)
 * @param {{ runtimeColors: Map<string, string> }} look
 * @returns {object | null} a Vega-Lite spec, or null when no ratio can be drawn
 */
function contextSpec(group, { runtimeColors }) {
  const { points, notDrawn } = contextPoints(group);
  if (points.length === 0) return null;
  // A style that lost the context says so in its row's label.
  const labelOf = new Map(group.table.rows.map((row) => [row.example, row.found.some((f) => f.survival !== 'kept') ? `${row.example} ⚠` : row.example]));
  for (const point of points) point.label = labelOf.get(point.example);
  const labels = group.table.rows.map((row) => labelOf.get(row.example)).filter((label) => points.some((p) => p.label === label));
  const runtimes = group.columns.map((column) => column.label).filter((label) => points.some((p) => p.runtime === label));
  const domain = ratioDomain(points.flatMap((p) => [p.ratio, p.low, p.high]));
  const rowHeight = runtimes.length * LANE + ROW_GAP;
  const x = { field: 'ratio', ...ratioAxis(domain, 'mean CPU time with context ÷ without (log scale)') };
  const y = {
    field: 'label',
    type: 'nominal',
    sort: labels,
    title: null,
    scale: { paddingInner: ROW_GAP / rowHeight, paddingOuter: ROW_GAP / rowHeight / 2 },
    axis: { labelFontSize: 12, labelLimit: 400, labelPadding: 8, ticks: false, domain: false, grid: false },
  };
  const yOffset = { field: 'runtime', type: 'nominal', sort: runtimes, scale: { domain: runtimes, paddingInner: 0.1 } };
  const scale = { domain: runtimes, range: runtimes.map((label) => runtimeColors.get(label) ?? '#444') };
  const legend = { title: 'runtime', orient: 'right', symbolType: 'circle', symbolStrokeWidth: 2, symbolSize: 90, symbolFillColor: 'white' };
  const color = { field: 'runtime', type: 'nominal', scale, sort: runtimes, legend };
  const description = { field: 'description' };
  const lostAny = labels.some((label) => label.endsWith(' ⚠'));
  return {
    title: {
      text: `${group.scenario}: the cost of async context`,
      subtitle: [
        show.params(group.params),
        'Point: mean CPU time with AsyncLocalStorage ÷ without, same style;',
        'bar: 95% interval. Hollow: not significant, or fewer than two runs.',
        lostAny ? '⚠: the style lost the context (see the table).' : null,
        notDrawnNote(notDrawn, { most: 3, what: 'points', reason: 'no ratio' }),
      ].filter(Boolean),
    },
    width: WIDTH,
    height: labels.length * rowHeight,
    data: { values: points },
    layer: [
      {
        // Separates the styles' rows.
        mark: { type: 'rule', color: '#eeeeee', strokeWidth: 1 },
        encoding: { y: { ...y, bandPosition: 0 } },
      },
      {
        // No cost: left of it is faster with context, right of it slower.
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

module.exports = { contextPoints, contextSpec };
