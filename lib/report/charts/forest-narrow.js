'use strict';

const show = require('../display');
const { exampleColorEncoding } = require('./colors');
const { CONFIG, ratioDomain, ratioAxis, notDrawnNote } = require('./vega');
const { SIGNIFICANCE, forestRows, forestWhat } = require('./forest-plot');
const { WIDTH, FONT, LINE, narrowTitle, axisTitle: wrappedAxisTitle, fewerTicks, placeRows, rowTextLayers, blockRule } = require('./narrow');

// The forest plot's own layout for a phone's width (the HTML page shows it
// below 600 px): the same rows, points, bars and numbers, but each example's
// name on a line of its own above its bar, its ratio at the right of that line
// (or on a second line when the two would meet), fewer ticks, and the title,
// the axis's title and the key wrapped to the width. Rows are placed in pixels
// here, so no text can cover another. Pure.

// The bar's line under the text.
const BAR = 12;

/**
 * The narrow forest plot of the same cells as forestSpec.
 * @returns {object | null} a Vega-Lite spec, or null when no ratio can be drawn
 */
function narrowForestSpec(cells, at, { colors, drivers }, { what: measured, subject = 'time' } = {}) {
  const { rows: sorted, notDrawn } = forestRows(cells, at);
  if (!sorted.some((row) => row.kind === 'example')) return null;
  const rows = placeRows(sorted, { block: BAR });
  const height = rows[rows.length - 1].bottom;
  // Room at each end for a point drawn at the last ratio: the plot is narrow, a decade a few dozen pixels.
  const domain = ratioDomain(
    rows.flatMap((row) => [row.ratio, row.low, row.high]),
    1.3,
  );
  const what = forestWhat(cells, at, drivers, measured);
  // A measure of the caller's own (CPU work) is named in the subtitle at length, and on the axis by its subject.
  const axisTitle = wrappedAxisTitle(`${measured ? subject : `mean ${what}`} ÷ ${at.baseline}'s (log scale)`);
  const axis = ratioAxis(domain, axisTitle);
  // No grid: its lines would cross the names.
  axis.axis = { ...axis.axis, values: fewerTicks(axis.axis.values), grid: false };
  const x = { field: 'ratio', ...axis };
  const y = { field: 'barY', type: 'quantitative', scale: null };
  const color = exampleColorEncoding(
    rows.map((row) => row.example),
    colors,
  );
  const description = { field: 'description' };
  const isExample = { filter: "datum.kind === 'example'" };
  const untested = `datum.significance === '${SIGNIFICANCE.untested}'`;
  const shape = { condition: { test: untested, value: 'square' }, value: 'circle' };
  const intervals = rows.some((row) => row.low !== null);
  const key = [
    ...Object.values(SIGNIFICANCE).filter((s) => rows.some((row) => row.significance === s)),
    ...(rows.some((row) => row.kind === 'baseline') ? ['the baseline'] : []),
  ];
  const keyText = key.map((label) => ({
    label: `${label === SIGNIFICANCE.same ? 'hollow' : label === SIGNIFICANCE.untested ? 'square' : label === 'the baseline' ? 'diamond' : 'filled'}: ${label}`,
  }));
  return {
    title: narrowTitle(`${at.scenario}: ${subject} relative to ${at.baseline}`, [
      show.params(at.params),
      at.envLabel ?? null,
      at.pooling ?? null,
      `Point: ratio of the mean ${what} to the baseline's; ${intervals ? 'bar: its 95% interval' : 'no interval (one run a side)'}. Fastest on top.`,
      notDrawnNote(notDrawn, { most: 3, what: 'examples', reason: 'no ratio' }),
    ]),
    width: WIDTH,
    height,
    data: { values: rows },
    layer: [
      // The baseline, in each row's bar line: left of it is faster, right of it slower.
      blockRule({ datum: 1, type: 'quantitative' }),
      {
        transform: [isExample, { filter: 'isValid(datum.low)' }],
        mark: { type: 'rule', strokeWidth: 2.5 },
        encoding: { x: { field: 'low', type: 'quantitative' }, x2: { field: 'high' }, y, color, description },
      },
      { transform: [isExample], mark: { type: 'point', filled: true, color: 'white', opacity: 1, size: 80 }, encoding: { x, y, shape } },
      {
        transform: [isExample],
        mark: { type: 'point', filled: true, strokeWidth: 2, opacity: 1, size: 80 },
        encoding: {
          x,
          y,
          fill: color,
          stroke: color,
          shape,
          fillOpacity: { condition: { test: `datum.significance === '${SIGNIFICANCE.same}'`, value: 0 }, value: 1 },
          description,
        },
      },
      {
        transform: [{ filter: "datum.kind === 'baseline'" }],
        mark: { type: 'point', shape: 'diamond', filled: true, opacity: 1, size: 100 },
        encoding: { x, y, fill: color, description },
      },
      // The names and the numbers, on their own lines above the bars: the rule at 1× is drawn in the bars' lines only.
      ...rowTextLayers(),
      {
        // The key under the axis, a line each: there is no room for it in one row.
        data: { values: keyText },
        transform: [{ window: [{ op: 'row_number', as: 'i' }] }, { calculate: `${height + 34 + axisTitle.length * 15} + datum.i * ${LINE}`, as: 'keyY' }],
        mark: { type: 'text', align: 'left', baseline: 'middle', fontSize: FONT, color: '#333' },
        encoding: { x: { value: 0 }, y: { field: 'keyY', type: 'quantitative', scale: null }, text: { field: 'label' } },
      },
    ],
    config: CONFIG,
  };
}

module.exports = { narrowForestSpec };
