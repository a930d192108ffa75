'use strict';

const show = require('../display');
const { cellsAt } = require('../sections/cells');
const { exampleColorEncoding } = require('./colors');
const { textSize } = require('./label-layout');
const { CONFIG, DETAIL, isFinitePositive, ratioDomain, ratioAxis, notDrawnNote } = require('./vega');

// The headline picture of a scenario at one parameter set: "how much slower
// than the baseline, and how sure are we". One row per example, sorted by the
// ratio of its mean wall time to the baseline's; a point for the ratio and a
// bar for its 95% interval on a log axis, a vertical rule at 1. A ratio the
// t-test does not find different from 1 is a hollow point. Pure.

const WIDTH = 380;
// A row per example: 22 px holds a point and a 12 px label, and 43 examples
// under 1,200 px with the title and the key. More examples share those 946 px
// in rows down to 16 px, which still hold the 11 px point and the label.
const ROW = 22;
const LEAST_ROW = 16;
const ROWS_HEIGHT = 43 * ROW;

/** The height of each row when there are `count` of them. */
function rowHeight(count) {
  return Math.max(LEAST_ROW, Math.min(ROW, Math.floor(ROWS_HEIGHT / count)));
}
const VALUE_GAP = 10;
// The key sits below the x axis and its title.
const KEY_OFFSET = 56;

const SIGNIFICANCE = {
  significant: 'significant (p < 0.05)',
  same: 'not significant (p ≥ 0.05)',
  untested: 'not tested (fewer than 2 runs)',
};

function significanceOf(cell) {
  if (cell.ratio.significant === true) return SIGNIFICANCE.significant;
  if (cell.ratio.significant === false) return SIGNIFICANCE.same;
  return SIGNIFICANCE.untested;
}

function valueText(ratio, low, high, significance) {
  const interval = show.range(low, high);
  return `${show.ratio(ratio)}${interval ? ` (${interval})` : ''}${significance === SIGNIFICANCE.same ? ' ≈' : ''}`;
}

// What a filled point, a hollow one and the diamond mean, drawn as marks in
// pixels below the plot: Vega-Lite draws no legend for fill opacity.
function keyLayers(rows, y) {
  const entries = [
    ...Object.values(SIGNIFICANCE)
      .filter((s) => rows.some((row) => row.significance === s))
      .map((label) => ({
        label,
        shape: label === SIGNIFICANCE.untested ? 'square' : 'circle',
        fill: label === SIGNIFICANCE.same ? 'white' : '#444',
      })),
    ...(rows.some((row) => row.kind === 'baseline') ? [{ label: 'the baseline', shape: 'diamond', fill: '#444' }] : []),
  ];
  let x = 6;
  for (const entry of entries) {
    entry.x = x;
    x += 12 + textSize(entry.label).width + 24;
  }
  const at = { x: { field: 'x', type: 'quantitative', scale: null }, y: { value: y } };
  return [
    {
      data: { values: entries },
      mark: { type: 'point', size: 95, strokeWidth: 2, stroke: '#444', opacity: 1 },
      encoding: { ...at, shape: { field: 'shape', type: 'nominal', scale: null }, fill: { field: 'fill', type: 'nominal', scale: null } },
    },
    {
      data: { values: entries },
      mark: { type: 'text', align: 'left', baseline: 'middle', dx: 12, fontSize: 12, color: '#333' },
      encoding: { ...at, text: { field: 'label' } },
    },
  ];
}

/**
 * The forest plot's rows, fastest first.
 * @param {object[]} cells every summarized cell
 * @param {{ env, scenario, params, baseline }} at
 * @returns {{ rows: object[], notDrawn: string[] }}
 */
function forestRows(cells, at) {
  const here = cellsAt(cells, at);
  const rows = [];
  const notDrawn = [];
  for (const cell of here) {
    if (cell.example === at.baseline) {
      if (cell.time) rows.push({ example: cell.example, label: `${cell.example} (baseline)`, kind: 'baseline', ratio: 1, low: null, high: null, text: '1×' });
      else notDrawn.push(`${cell.example} (${show.statusLabel(cell.status)})`);
      continue;
    }
    if (!cell.ratio || !isFinitePositive(cell.ratio.ratio)) {
      notDrawn.push(cell.time ? cell.example : `${cell.example} (${show.statusLabel(cell.status)})`);
      continue;
    }
    const { ratio, low, high } = cell.ratio;
    const drawInterval = isFinitePositive(low) && isFinitePositive(high);
    const significance = significanceOf(cell);
    rows.push({
      example: cell.example,
      label: cell.example,
      kind: 'example',
      ratio,
      low: drawInterval ? low : null,
      high: drawInterval ? high : null,
      significance,
      text: valueText(ratio, low, high, significance),
    });
  }
  rows.sort((a, b) => a.ratio - b.ratio || a.example.localeCompare(b.example));
  for (const row of rows)
    row.description = `${row.example}${DETAIL}${row.text} ${at.baseline}'s mean time${row.significance ? `${DETAIL}${row.significance}` : ''}`;
  return { rows, notDrawn: notDrawn.sort() };
}

/** What the ratio is of: the caller's measure, or the driver's time. */
function forestWhat(cells, at, drivers, measured) {
  return measured ?? drivers[cells.find((c) => c.scenario === at.scenario)?.driver]?.time.title ?? 'wall time';
}

/**
 * @param {object[]} cells every summarized cell
 * @param {{ env, scenario, params, baseline: string, envLabel?: string }} at
 * @param {{ colors: Map<string, string>, drivers: object }} look drivers: their declarations by name (lib/drivers)
 * @returns {object | null} a Vega-Lite spec, or null when no ratio can be drawn
 */
function forestSpec(cells, at, { colors, drivers }, { what: measured, subject = 'time' } = {}) {
  const { rows, notDrawn } = forestRows(cells, at);
  if (!rows.some((row) => row.kind === 'example')) return null;
  const labels = rows.map((row) => row.label);
  const domain = ratioDomain(rows.flatMap((row) => [row.ratio, row.low, row.high]));
  // What "time" is depends on the driver: a batch's wall time, or the time per
  // call; a caller may draw another measure (lib/report/charts/cpu-work.js).
  const what = forestWhat(cells, at, drivers, measured);
  const x = { field: 'ratio', ...ratioAxis(domain, `mean ${what} ÷ ${at.baseline}'s (log scale)`) };
  const y = {
    field: 'label',
    type: 'nominal',
    sort: labels,
    title: null,
    axis: { labelFontSize: 12, labelLimit: 400, labelPadding: 8, ticks: false, domain: false, grid: true, gridColor: '#f2f2f2' },
  };
  const color = exampleColorEncoding(
    rows.map((row) => row.example),
    colors,
  );
  const description = { field: 'description' };
  const isExample = { filter: "datum.kind === 'example'" };
  // One meaning per mark: hollow is "not significant" only; a ratio no test
  // could judge (one run a side) is a filled square, and no interval is claimed.
  const untested = `datum.significance === '${SIGNIFICANCE.untested}'`;
  const shape = { condition: { test: untested, value: 'square' }, value: 'circle' };
  const intervals = rows.some((row) => row.low !== null);
  return {
    title: {
      text: `${at.scenario}: ${subject} relative to ${at.baseline}`,
      subtitle: [
        show.params(at.params),
        at.envLabel ?? null,
        at.pooling ?? null,
        `Point: ratio of the mean ${what} to the baseline's; ${intervals ? 'bar: its 95% interval' : 'no interval (one run a side)'}. Fastest on top.`,
        notDrawnNote(notDrawn, { most: 3, what: 'examples', reason: 'no ratio' }),
      ].filter(Boolean),
    },
    width: WIDTH,
    height: rows.length * rowHeight(rows.length),
    data: { values: rows },
    layer: [
      {
        // The baseline: left of it is faster, right of it slower.
        mark: { type: 'rule', color: '#555', strokeWidth: 1.5 },
        encoding: { x: { datum: 1, type: 'quantitative' } },
      },
      {
        transform: [isExample, { filter: 'isValid(datum.low)' }],
        mark: { type: 'rule', strokeWidth: 2.5 },
        encoding: { x: { field: 'low', type: 'quantitative' }, x2: { field: 'high' }, y, color, description },
      },
      {
        // White under every point, so a hollow one hides the bar behind it.
        transform: [isExample],
        mark: { type: 'point', filled: true, color: 'white', opacity: 1, size: 95 },
        encoding: { x, y, shape },
      },
      {
        transform: [isExample],
        mark: { type: 'point', filled: true, strokeWidth: 2, opacity: 1, size: 95 },
        encoding: {
          x,
          y,
          fill: color,
          stroke: color,
          shape,
          // Hollow where the difference from the baseline is not significant.
          fillOpacity: { condition: { test: `datum.significance === '${SIGNIFICANCE.same}'`, value: 0 }, value: 1 },
          description,
        },
      },
      {
        transform: [{ filter: "datum.kind === 'baseline'" }],
        mark: { type: 'point', shape: 'diamond', filled: true, opacity: 1, size: 120 },
        encoding: { x, y, fill: color, description },
      },
      {
        // The numbers beside the plot, one per row, in the table's words.
        mark: { type: 'text', align: 'left', baseline: 'middle', fontSize: 11, color: '#333' },
        encoding: { x: { value: WIDTH + VALUE_GAP }, y, text: { field: 'text' }, description },
      },
      {
        data: { values: [{ header: `× ${at.baseline}${intervals ? ' (95% CI)' : ''}` }] },
        mark: { type: 'text', align: 'left', baseline: 'bottom', fontSize: 11, fontWeight: 'bold', color: '#333' },
        encoding: { x: { value: WIDTH + VALUE_GAP }, y: { value: -4 }, text: { field: 'header' } },
      },
      ...keyLayers(rows, rows.length * rowHeight(rows.length) + KEY_OFFSET),
    ],
    config: CONFIG,
  };
}

module.exports = { rowHeight, SIGNIFICANCE, forestRows, forestWhat, forestSpec };
