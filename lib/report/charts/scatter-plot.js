'use strict';

const show = require('../display');
const { exampleColorEncoding } = require('./colors');
const { placeLabels } = require('./label-layout');
const { CONFIG, DETAIL, isFinitePositive, ratioDomain, ratioAxis, notDrawnNote, pixel, placedLabelLayers } = require('./vega');

// Complexity (tokens) against the time ratio to the baseline, one point per
// example in its colour. The styles crowd together (the shortest ones are
// close in tokens and in time), so a point carries a number, its rank by time
// as in the summary table and the forest plot, and a key beside the plot
// names each. The numbers are placed here, in pixels, so that none covers
// another or a point (label-layout.js); the scales therefore have fixed
// domains, so that a value's pixel position is known. Pure.

const WIDTH = 560;
const HEIGHT = 360;
const KEY = { gap: 22, line: 16, fontSize: 12 };
const NUMBER_FONT = 11;

function linear([d0, d1], size) {
  return (value) => ((value - d0) / (d1 - d0)) * size;
}

// Pixels from the top, as SVG counts them.
function logarithmic([d0, d1], size) {
  return (value) => size - ((Math.log(value) - Math.log(d0)) / (Math.log(d1) - Math.log(d0))) * size;
}

function tokensDomain(values) {
  const low = Math.min(...values);
  const high = Math.max(...values);
  const pad = Math.max(10, (high - low) * 0.08);
  return [low - pad, high + pad];
}

/**
 * The points with their numbers placed, and the key.
 * @param {object[]} rows rows of the summary table, in its order (by time)
 * @returns {{ points, labels, key, xDomain, yDomain, left: string[] }} labels: see label-layout.placeLabels
 */
function scatterLayout(rows) {
  const drawn = rows.filter((row) => typeof row.tokens === 'number' && isFinitePositive(row.ratio));
  const left = rows.filter((row) => !drawn.includes(row)).map((row) => row.example);
  const xDomain = tokensDomain(drawn.map((row) => row.tokens));
  const yDomain = ratioDomain(
    drawn.map((row) => row.ratio),
    1.15,
  );
  const px = linear(xDomain, WIDTH);
  const py = logarithmic(yDomain, HEIGHT);
  const points = drawn.map((row, i) => ({
    example: row.example,
    number: String(i + 1),
    tokens: row.tokens,
    ratio: row.ratio,
    x: px(row.tokens),
    y: py(row.ratio),
    description: `${row.example}${DETAIL}${row.tokens} tokens${DETAIL}${show.ratio(row.ratio)} the baseline's mean time`,
  }));
  const labels = placeLabels(
    points.map((p) => ({ key: p.example, text: p.number, x: p.x, y: p.y })),
    { width: WIDTH, height: HEIGHT, fontSize: NUMBER_FONT },
  ).map((label, i) => ({ ...label, example: points[i].example, description: points[i].description }));
  // In columns when the key is taller than the plot.
  const perColumn = Math.max(1, Math.floor(HEIGHT / KEY.line));
  const columnWidth = Math.max(...points.map((p) => `${p.number}  ${p.example}`.length)) * KEY.fontSize * 0.62 + 16;
  const key = points.map((p, i) => ({
    example: p.example,
    text: `${p.number}  ${p.example}`,
    x: WIDTH + KEY.gap + Math.floor(i / perColumn) * columnWidth,
    y: KEY.line / 2 + (i % perColumn) * KEY.line,
    description: p.description,
  }));
  return { points, labels, key, xDomain, yDomain, left };
}

/**
 * @param {object[]} rows rows of the summary table (see tables.summaryTable), in its order
 * @param {{ scenario, params, envLabel?, tokensTitle?: string, baseline?: string }} at
 * @param {{ colors: Map<string, string> }} look
 * @returns {object} a Vega-Lite spec; usermeta.labels are the numbers' places, usermeta.key the key's lines
 */
function scatterSpec(rows, at, { colors }) {
  const { points, labels, key, xDomain, yDomain, left } = scatterLayout(rows);
  const color = exampleColorEncoding(
    points.map((p) => p.example),
    colors,
  );
  const x = { field: 'tokens', type: 'quantitative', title: at.tokensTitle ?? 'tokens', scale: { domain: xDomain, nice: false, zero: false } };
  // A short title: Vega overestimates text, and a rotated title taller than
  // the plot would push the plot down.
  const y = { field: 'ratio', ...ratioAxis(yDomain, `× ${at.baseline ?? 'baseline'}'s mean time`) };
  const description = { field: 'description' };
  const placed = placedLabelLayers(labels, { fontSize: NUMBER_FONT, color, description });
  return {
    title: {
      text: `${at.scenario}: complexity against time`,
      subtitle: [
        show.params(at.params),
        at.envLabel,
        "Lower left: short and fast. Dashed: the baseline's time; log scale. Numbered by time, as in the table.",
        notDrawnNote(left, { most: 3, what: 'examples', reason: 'no time or no token count' }),
      ].filter(Boolean),
    },
    width: WIDTH,
    height: HEIGHT,
    usermeta: { labels, key },
    layer: [
      {
        // The baseline's own level: points above it are slower.
        data: { values: [{ one: 1 }] },
        mark: { type: 'rule', color: '#888', strokeDash: [4, 4] },
        encoding: { y: { field: 'one', type: 'quantitative' } },
      },
      placed.leaders,
      {
        data: { values: points },
        mark: { type: 'point', filled: true, size: 80, opacity: 0.95 },
        encoding: { x, y, color, description },
      },
      ...placed.texts,
      {
        data: { values: key },
        mark: { type: 'text', align: 'left', baseline: 'middle', fontSize: KEY.fontSize },
        encoding: { x: pixel('x'), y: pixel('y'), text: { field: 'text' }, color, description },
      },
    ],
    config: CONFIG,
  };
}

module.exports = { WIDTH, HEIGHT, scatterLayout, scatterSpec };
