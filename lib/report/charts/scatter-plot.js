'use strict';

const show = require('../display');
const { exampleColorEncoding, REFERENCE_GREY } = require('./colors');
const { familyPanels, shortName } = require('./families');
const { placeLabels } = require('./label-layout');
const { CONFIG, DETAIL, isFinitePositive, ratioDomain, ratioTicks, notDrawnNote, placedLabelLayers } = require('./vega');
const { chartTitle, axisTitle } = require('./narrow');

// Complexity (tokens) against the time ratio to the baseline, as small
// multiples: one panel per style family, every panel on the same axes, its
// own examples in their colours and named beside their points, the other
// families' points in grey behind them. Thirty-odd styles in one plot crowd
// into a cluster whose labels no layout can place near their points, and a
// key of thirty-odd lines sends the eye back and forth; six to a panel can be
// named where they are. A label drops the family's prefix the panel's title
// gives ("callbacks: original"). The names are placed here, in pixels, so
// that none covers another or a point (label-layout.js), with text measured
// as Vega measures it without a font (0.8 em a character), which is wider
// than any real font writes it; the scales therefore have fixed domains. Pure.

const PANEL_WIDTH = 360;
const PANEL_HEIGHT = 210;
const COLUMNS = 3;
// Three rows of panels at full height; a fourth row makes every panel
// shorter, so that the chart stays under 1,200 px however many panels the
// families make.
const FULL_ROWS = 3;

/** The height of each panel when there are `count` of them. */
function panelHeight(count) {
  const rows = Math.ceil(count / COLUMNS);
  return rows <= FULL_ROWS ? PANEL_HEIGHT : Math.floor((PANEL_HEIGHT * FULL_ROWS) / rows);
}
const LABEL = { fontSize: 10, charWidth: 0.8, pointRadius: 5 };
// The phone's layout: the panels in one column, narrower, as tall as keep
// them all within NARROW_HEIGHT (with each one's title and axis labels,
// AROUND_PANEL), every name placed within its panel's width.
const NARROW_PANEL_WIDTH = 240;
const NARROW_HEIGHT = 1900;
const AROUND_PANEL = 56;
const NARROW_PANEL_HEIGHT = [100, PANEL_HEIGHT];

/** The panels' size and columns, and where their names may go, on a desktop or (narrow) a phone. */
function panelLook(count, narrow) {
  if (!narrow) return { columns: COLUMNS, width: PANEL_WIDTH, height: panelHeight(count), overhang: Infinity };
  const [least, most] = NARROW_PANEL_HEIGHT;
  const height = Math.max(least, Math.min(most, Math.floor(NARROW_HEIGHT / count) - AROUND_PANEL));
  return { columns: 1, width: NARROW_PANEL_WIDTH, height, overhang: 0 };
}

// Pixels from the left and from the top, as SVG counts them.
function logX([d0, d1], size) {
  return (value) => ((Math.log(value) - Math.log(d0)) / (Math.log(d1) - Math.log(d0))) * size;
}
function logY([d0, d1], size) {
  return (value) => size - logX([d0, d1], size)(value);
}

function tokensDomain(values) {
  return [Math.min(...values) / 1.1, Math.max(...values) * 1.1];
}

// Round token counts to mark on a log axis.
function tokenTicks([low, high]) {
  const steps = [100, 150, 200, 300, 400, 500, 600, 800, 1000, 1500, 2000, 3000, 5000, 10000, 20000];
  const ticks = steps.filter((v) => v >= low && v <= high);
  return ticks.length >= 2 ? ticks : [Math.round(low), Math.round(high)];
}

/**
 * The panels of a family scatter with their points and placed labels.
 * @param {Array<{ example, problem?, x: number, y: number, description }>} items x, y: the values drawn
 * @param {object} registries as exported by examples/index.js, for the families
 * @param {{ xDomain: number[], yDomain: number[] }} domains both log scales
 * @param {{ narrow?: boolean }} layout narrow: the phone's layout (panelLook)
 * @returns {Array<{ title, family, width, height, columns, points, others, labels }>} width, height: the panel's,
 *   in pixels (panelLook), and columns: how many side by side; points: { example, xValue, yValue, x, y,
 *   description }, x and y in pixels of their panel; labels: see label-layout.placeLabels
 */
function familyLayout(items, registries, { xDomain, yDomain }, { narrow = false } = {}) {
  const panels = familyPanels(
    items.map((item) => ({ problem: item.problem ?? null, example: item.example })),
    registries,
  );
  const { columns, width, height, overhang } = panelLook(panels.length, narrow);
  const px = logX(xDomain, width);
  const py = logY(yDomain, height);
  const all = items.map((item) => ({ example: item.example, xValue: item.x, yValue: item.y, x: px(item.x), y: py(item.y), description: item.description }));
  return panels.map((panel) => {
    const points = all.filter((p) => panel.examples.includes(p.example));
    const others = all.filter((p) => !panel.examples.includes(p.example));
    const labels = placeLabels(
      points.map((p) => ({ key: p.example, text: shortName(p.example, panel.family), x: p.x, y: p.y })),
      { width, height, ...LABEL, overhang, obstacles: others },
    ).map((label, i) => ({ ...label, example: points[i].example, description: points[i].description }));
    return { title: panel.title, family: panel.family, width, height, columns, points, others, labels };
  });
}

/**
 * The complexity scatter's panels: tokens against the time ratio.
 * @param {object[]} rows rows of the summary table, in its order (by time)
 * @param {object} registries as exported by examples/index.js, for the families
 * @param {{ narrow?: boolean }} layout narrow: the phone's layout (panelLook)
 * @returns {{ panels: Array<{ title, family, points, labels }>, xDomain, yDomain, left: string[] }}
 */
function scatterLayout(rows, registries, layout = {}) {
  const drawn = rows.filter((row) => typeof row.tokens === 'number' && isFinitePositive(row.ratio));
  const left = rows.filter((row) => !drawn.includes(row)).map((row) => row.example);
  const xDomain = tokensDomain(drawn.map((row) => row.tokens));
  const yDomain = ratioDomain(
    drawn.map((row) => row.ratio),
    1.15,
  );
  const items = drawn.map((row) => ({
    example: row.example,
    problem: row.problem,
    x: row.tokens,
    y: row.ratio,
    description: `${row.example}${DETAIL}${row.tokens} tokens${DETAIL}${show.ratio(row.ratio)} the baseline's mean time`,
  }));
  return { panels: familyLayout(items, registries, { xDomain, yDomain }, layout), xDomain, yDomain, left };
}

function panelSpec(panel, { x, y, colors, reference, firstColumn, lastRow }) {
  const color = exampleColorEncoding(
    panel.points.map((p) => p.example),
    colors,
  );
  const description = { field: 'description' };
  // Outlined in white: a name may lie over another family's grey point.
  const placed = placedLabelLayers(panel.labels, { fontSize: LABEL.fontSize, color, description, outline: true });
  const xAxis = { ...x, field: 'xValue', title: lastRow ? x.title : null };
  const yAxis = { ...y, field: 'yValue', title: firstColumn ? y.title : null };
  return {
    title: { text: panel.title, fontSize: 13, anchor: 'start', frame: 'group' },
    width: panel.width,
    height: panel.height,
    layer: [
      reference(xAxis, yAxis),
      {
        // The other families, for where this one sits among them.
        data: { values: panel.others },
        mark: { type: 'point', filled: true, size: 30, color: REFERENCE_GREY, opacity: 0.45 },
        encoding: { x: xAxis, y: yAxis, description },
      },
      placed.leaders,
      {
        data: { values: panel.points },
        mark: { type: 'point', filled: true, size: 70, opacity: 0.95 },
        encoding: { x: xAxis, y: yAxis, color, description },
      },
      ...placed.texts,
    ],
  };
}

/**
 * The small multiples of a family scatter, a panel per style family.
 * @param {{ panels, x, y, reference: (x, y) => object, colors }} chart x, y: axis definitions (type, title,
 *   scale, axis); reference: the layer under the points (a rule, a diagonal) from the panel's axes
 * @returns {object} the spec's members (columns, concat, resolve, spacing)
 */
function familyScatter({ panels, x, y, reference, colors }) {
  const columns = panels[0]?.columns ?? COLUMNS;
  return {
    usermeta: { panels: panels.map((p) => ({ title: p.title, labels: p.labels })) },
    columns: Math.min(columns, panels.length),
    concat: panels.map((panel, i) => panelSpec(panel, { x, y, colors, reference, firstColumn: i % columns === 0, lastRow: i >= panels.length - columns })),
    resolve: { scale: { color: 'independent' } },
    spacing: columns === 1 ? { row: 14 } : { row: 24, column: 36 },
  };
}

/**
 * @param {object[]} rows rows of the summary table (see tables.summaryTable), in its order
 * @param {{ scenario, params, envLabel?, tokensTitle?: string, baseline?: string, pooling?: string }} at
 * @param {{ colors: Map<string, string>, registries: object }} look
 * @param {{ narrow?: boolean }} layout narrow: the phone's layout, the panels in one column (panelLook)
 * @returns {object} a Vega-Lite spec; usermeta.panels are the panels' labels, placed
 */
function scatterSpec(rows, at, { colors, registries }, layout = {}) {
  const { panels, xDomain, yDomain, left } = scatterLayout(rows, registries, layout);
  const xTitle = `${at.tokensTitle ?? 'tokens'} (log scale)`;
  const x = {
    type: 'quantitative',
    title: layout.narrow ? axisTitle(xTitle, NARROW_PANEL_WIDTH) : xTitle,
    scale: { type: 'log', domain: xDomain, nice: false },
    axis: { values: tokenTicks(xDomain) },
  };
  // A short title: Vega overestimates text, and a rotated title taller than
  // the panel would push the panel's title up; the subtitle names the baseline.
  const yTitle = "× the baseline's time";
  const y = {
    type: 'quantitative',
    // On a phone a panel is shorter than the title, which goes onto two lines.
    title: layout.narrow ? axisTitle(yTitle, panels[0].height) : yTitle,
    scale: { type: 'log', domain: yDomain, nice: false },
    axis: { values: ratioTicks(...yDomain), labelExpr: "format(datum.value, '~g') + '×'" },
  };
  const text = `${at.scenario}: complexity against time`;
  const subtitle = [
    show.params(at.params),
    at.envLabel,
    at.pooling ?? null,
    `Lower left: short and fast. Dashed: the time of ${at.baseline ?? 'the baseline'}. Both axes log scale.`,
    'One panel per style family, its examples named without the family prefix; grey: the other families.',
    notDrawnNote(left, { most: 3, what: 'examples', reason: 'no time or no token count' }),
  ].filter(Boolean);
  return {
    title: chartTitle(text, subtitle, layout),
    ...familyScatter({
      panels,
      x,
      y,
      colors,
      // The baseline's own level: points above it are slower.
      reference: (xAxis, yAxis) => ({
        data: { values: [{ one: 1 }] },
        mark: { type: 'rule', color: '#888', strokeDash: [4, 4] },
        encoding: { y: { ...yAxis, field: 'one' } },
      }),
    }),
    config: CONFIG,
  };
}

module.exports = { PANEL_WIDTH, PANEL_HEIGHT, NARROW_PANEL_WIDTH, LABEL, panelHeight, familyLayout, familyScatter, scatterLayout, scatterSpec };
