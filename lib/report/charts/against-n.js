'use strict';

const show = require('../display');
const { paramsKey } = require('../../summary');
const { colorScale, REFERENCE_GREY } = require('./colors');
const { familyPanels, shortName } = require('./families');
const { CONFIG, DETAIL, isFinitePositive, notDrawnNote } = require('./vega');
const narrow = require('./narrow');

// Wall time and peak memory against n as small multiples: one panel per style
// family, so no panel holds more than a handful of lines, every panel on the
// same axes, and the baseline repeated as a thin grey line in every panel it
// does not belong to, so panels compare. Each line is the mean of the runs
// with the 95% interval of that mean as a band. Pure.

const PANEL_WIDTH = 240;
const PANEL_HEIGHT = 170;
// Three columns, or more where more than three rows would make the picture
// taller than a screen (each row carries its panels' legends).
const COLUMNS = 3;
const MOST_ROWS = 3;
// The phone's layout: the panels in one column, each with a key under its
// axis of its own examples' lines (named without the family's prefix; the
// subtitle names the dashed baseline); the plots as tall as keep the whole
// picture, title and keys too, within NARROW_HEIGHT, between
// NARROW_PANEL_HEIGHT's ends.
const NARROW_PANEL_WIDTH = 236;
const NARROW_PANEL_HEIGHT = [80, PANEL_HEIGHT];
const NARROW_HEIGHT = 2300;
// What stands around the plots, in pixels: the title's and subtitle's lines;
// each panel's title, its axis's labels, its key's lines and the room under
// it; and the last axis's title.
const AROUND = { titleLine: 18, subtitleLine: 15, panelTitle: 24, axisLabels: 24, spacing: 14, axisTitle: 16 };

/**
 * The panels' layout: on a desktop, three columns (more past three rows) with a legend under each;
 * on a phone, one column with a key under each (narrow.js flowKey).
 * @param {{ text: string[], subtitle: string[] }} title the chart's, wrapped for a phone
 */
function panelLayout(panels, values, phone, title) {
  if (!phone) return { columns: Math.max(COLUMNS, Math.ceil(panels.length / MOST_ROWS)), width: PANEL_WIDTH, height: PANEL_HEIGHT, keys: null };
  const keys = panels.map((panel) =>
    narrow.flowKey(
      panel.examples.filter((name) => values.some((v) => v.example === name)).map((example) => ({ example, text: shortName(example, panel.family) })),
      NARROW_PANEL_WIDTH,
    ),
  );
  const around = keys.reduce(
    (sum, key) => sum + AROUND.panelTitle + AROUND.axisLabels + key.lines * narrow.KEY_LINE + AROUND.spacing,
    title.text.length * AROUND.titleLine + title.subtitle.length * AROUND.subtitleLine + AROUND.axisTitle,
  );
  const [least, most] = NARROW_PANEL_HEIGHT;
  const height = Math.max(least, Math.min(most, Math.floor((NARROW_HEIGHT - around) / panels.length)));
  return { columns: 1, width: NARROW_PANEL_WIDTH, height, keys };
}

/**
 * The cells of one chart: the environment and scenario's cells whose
 * parameters other than n are those of `params`.
 */
function seriesCells(cells, { env, scenario, params }) {
  const others = paramsKey(params);
  return cells.filter((c) => c.env === env && c.scenario === scenario && paramsKey(c.params) === others);
}

// A band that reaches below zero cannot be drawn on a log axis; it is cut at
// the smallest run, and the chart's subtitle says so.
function band(point) {
  const low = point.low > 0 ? point.low : point.min;
  return { low, high: point.high, cut: !(point.low > 0) };
}

const MEASURES = {
  time: {
    what: 'wall time',
    // Short: Vega overestimates text, and a rotated title taller than the
    // panel would push the panel's title up.
    yTitle: 'wall time, ms',
    unit: 'ms',
    point: (c) => (c.time ? { value: c.time.mean, low: c.time.low, high: c.time.high, min: c.time.min } : null),
  },
  memory: {
    what: 'peak memory',
    yTitle: 'peak RSS, MB',
    unit: 'MB',
    point: (c) => (c.memory ? { value: c.memory.mean, low: c.memory.low, high: c.memory.high, min: c.memory.min } : null),
  },
};

/**
 * The points of every line, a cell that did not finish being a gap: each run
 * of finished cells is a segment of its own, not a straight line across.
 * @returns {{ values: object[], unfinished: object[], cut: boolean }}
 */
function linePoints(series, measure) {
  const values = [];
  const unfinished = [];
  let cut = false;
  const ordered = [...series].sort((a, b) => a.example.localeCompare(b.example) || a.params.n - b.params.n);
  let segment = 0;
  let previous = null;
  for (const cell of ordered) {
    if (cell.example !== previous) segment++;
    previous = cell.example;
    const p = measure.point(cell);
    if (!p || !isFinitePositive(p.value)) {
      unfinished.push(cell);
      segment++;
      continue;
    }
    const b = band(p);
    cut = cut || b.cut;
    values.push({
      example: cell.example,
      segment: `${cell.example}#${segment}`,
      n: cell.params.n,
      value: p.value,
      low: b.low,
      high: b.high,
      description: `${cell.example}${DETAIL}n=${cell.params.n}${DETAIL}mean ${show.number(p.value)} ${measure.unit} (95% CI ${show.range(p.low, p.high) || 'n/a'})`,
    });
  }
  return { values, unfinished, cut };
}

function panelSpec(panel, index, count, { values, baseline, colors, x, yScale, yTitle, layout }) {
  const reference = `${baseline} (baseline)`;
  const own = values.filter((v) => panel.examples.includes(v.example));
  // The baseline in a panel of other examples: thin, grey, for reference.
  const references = panel.examples.includes(baseline)
    ? []
    : values
        .filter((v) => v.example === baseline)
        .map((v) => ({
          ...v,
          series: reference,
          segment: `${reference}${v.segment}`,
          description: `${reference}${DETAIL}for reference${DETAIL}${v.description.split(DETAIL).slice(1).join(DETAIL)}`,
        }));
  const names = [...panel.examples.filter((name) => own.some((v) => v.example === name)), ...(references.length ? [reference] : [])];
  const scale = colorScale(names, new Map([...colors, [reference, REFERENCE_GREY]]));
  const legend = layout.keys
    ? null
    : { orient: 'bottom', direction: 'vertical', title: null, symbolType: 'stroke', labelLimit: 400, symbolSize: 120, rowPadding: 2 };
  const color = { field: 'series', type: 'nominal', scale, legend };
  const firstColumn = index % layout.columns === 0;
  const lastRow = index >= count - layout.columns;
  const y = { field: 'value', type: 'quantitative', scale: yScale, title: firstColumn ? yTitle : null };
  const detail = { field: 'segment' };
  const description = { field: 'description' };
  return {
    // Placed by the plot, not by the bounds Vega estimates for the rotated axis title.
    title: { text: panel.title, fontSize: 13, anchor: 'start', frame: 'group' },
    width: layout.width,
    height: layout.height,
    data: { values: [...references, ...own.map((v) => ({ ...v, series: v.example }))] },
    encoding: { x: { ...x, title: lastRow ? x.title : null } },
    layer: [
      {
        transform: [{ filter: `datum.series === ${JSON.stringify(reference)}` }],
        mark: { type: 'line', strokeWidth: 1.5, strokeDash: [5, 3] },
        encoding: { y, color, detail, description },
      },
      {
        transform: [{ filter: `datum.series !== ${JSON.stringify(reference)}` }],
        mark: { type: 'area', opacity: 0.15 },
        encoding: {
          y: { field: 'low', type: 'quantitative', scale: yScale },
          y2: { field: 'high' },
          color,
          detail,
          description,
        },
      },
      {
        transform: [{ filter: `datum.series !== ${JSON.stringify(reference)}` }],
        mark: { type: 'line' },
        encoding: { y, color, detail, description },
      },
      {
        transform: [{ filter: `datum.series !== ${JSON.stringify(reference)}` }],
        mark: { type: 'point', filled: true, size: 36, opacity: 1 },
        encoding: { y, color, description },
      },
      ...(layout.keys
        ? narrow.keyLayers(layout.keys[index], {
            top: layout.height + AROUND.axisLabels + (lastRow ? AROUND.axisTitle * x.title.length : 0) + narrow.KEY_LINE / 2,
            color,
          })
        : []),
    ],
  };
}

/**
 * A measure against n, as small multiples by style family.
 * @param {object[]} cells every summarized cell
 * @param {{ env, scenario, params, baseline: string, envLabel?: string, notes?: string[] }} at params: any cell of the series (n is ignored);
 *   notes: which sessions the cells' runs come from
 * @param {'time' | 'memory'} kind
 * @param {{ colors: Map<string, string>, drivers: object, registries: object }} look
 * @param {{ narrow?: boolean }} layout narrow: the phone's layout (panelLayout)
 */
function againstNSpec(cells, at, kind, { colors, drivers, registries }, { narrow: phone = false } = {}) {
  const series = seriesCells(cells, at);
  // The driver names its time and what n counts (its growth label); where its
  // growth is exponential the n axis is linear, on which that growth is straight.
  const driver = series.map((c) => drivers[c.driver]).find(Boolean);
  const linear = driver?.growth?.model === 'exponential';
  const measure =
    driver && kind === 'time' ? { ...MEASURES.time, what: driver.time.title, yTitle: `${driver.time.title}, ${driver.time.unit}` } : MEASURES[kind];
  const { values, unfinished, cut } = linePoints(series, measure);
  const panels = familyPanels([...new Map(series.map((c) => [c.example, { problem: c.problem, example: c.example }])).values()], registries);
  const ns = [...new Set(series.map((c) => c.params.n))].sort((a, b) => a - b);
  // One domain for every panel, so that panels compare.
  const lows = values.map((v) => v.low).filter(isFinitePositive);
  const highs = values.map((v) => v.high).filter(isFinitePositive);
  const yScale = { type: 'log', nice: false, domain: lows.length ? [Math.min(...lows) / 1.1, Math.max(...highs) * 1.1] : undefined };
  const xTitle = `n, ${driver?.growth?.label ?? 'concurrent uploads'}${linear ? '' : ' (log scale)'}`;
  // Short subtitle lines: Vega measures text without a font here, and a long
  // line would widen the picture with empty space.
  const subtitle = [
    show.params(at.params, { except: ['n'] }),
    at.envLabel ?? null,
    // Which sessions' runs are drawn (sections/sessions.js).
    ...(at.notes ?? []),
    linear ? 'Line: mean of the runs; band: its 95% CI; time on a log scale.' : 'Line: mean of the runs; band: its 95% CI; both axes log scale.',
    panels.length > 1 ? `One panel per style family; dashed grey in the others: ${at.baseline}.` : null,
    notDrawnNote(
      unfinished.map((c) => `${c.example} at n=${c.params.n} (${show.statusLabel(c.status)})`),
      { most: 2, what: 'cells', reason: 'did not finish' },
    ),
    cut ? 'Bands reaching below zero are cut at the fastest run.' : null,
  ].filter(Boolean);
  const title = narrow.chartTitle(`${at.scenario}: ${measure.what} against n`, subtitle, { narrow: phone });
  const layout = panelLayout(panels, values, phone, title);
  const x = {
    field: 'n',
    type: 'quantitative',
    title: phone ? narrow.axisTitle(xTitle, layout.width) : xTitle,
    scale: { type: linear ? 'linear' : 'log', domain: [ns[0], ns[ns.length - 1]], nice: false },
    axis: { values: ns, format: '~s' },
  };
  return {
    title,
    columns: Math.min(layout.columns, panels.length),
    concat: panels.map((panel, i) =>
      // On a phone the rotated title wraps to the shorter plot: longer, it would push the panel's title up.
      panelSpec(panel, i, panels.length, {
        values,
        baseline: at.baseline,
        colors,
        x,
        yScale,
        yTitle: phone ? narrow.axisTitle(measure.yTitle, layout.height) : measure.yTitle,
        layout,
      }),
    ),
    resolve: { scale: { color: 'independent' }, legend: { color: 'independent' } },
    spacing: phone ? { row: AROUND.spacing } : { row: 20, column: 24 },
    config: CONFIG,
  };
}

module.exports = { againstNSpec };
