'use strict';

const show = require('../display');
const { cellsAt } = require('../sections/cells');
const { exampleColorEncoding } = require('./colors');
const { textSize } = require('./label-layout');
const { CONFIG, DETAIL, isFinitePositive, notDrawnNote } = require('./vega');
const narrow = require('./narrow');

// Requests per second and latency of the http-load driver's examples at one
// parameter set: one row per example, most requests per second on top, two
// panels sharing the rows. Left, the median requests/s of the runs, with a bar
// for the 95% interval of the mean duration turned into a rate (the whole
// load's requests over its high and low ends). Right, the p99 latency of one
// request (a filled point) and its p50 (a short upright tick, since a hollow
// point means "not significant" in every other chart), joined by a thin
// line so the spread shows; when no cell records a latency (the http-client
// problem: the client examples are their own load) only the left panel is
// drawn. The baseline is named "(baseline)" and drawn as a diamond, as in the
// forest plot. The numbers stand beside each panel, one line per row, so no
// label can cover another. On a phone (narrow: true) the panels stand one
// above the other, each row's name and number on a line above its marks
// (narrow.js). Pure.

const RATE_WIDTH = 280;
const LATENCY_WIDTH = 220;
const ROW = 24;
const VALUE_GAP = 10;
const RATE_HEADER = 'requests/s (95% CI)';
// Room between the left panel's numbers and the right panel.
const SPACING = 20;

// A linear axis from zero reads as "half as many requests"; once the values
// spread past 10×, the slowest rows crowd into the first tenth of it and
// their intervals shrink to a few pixels, so the axis turns logarithmic, where
// equal distances are equal ratios. Zero cannot sit on a log axis: a panel
// with a zero value stays linear.
const LOG_SPREAD = 10;

function wantsLog(values) {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0 || finite.some((v) => v <= 0)) return false;
  return Math.max(...finite) / Math.min(...finite) > LOG_SPREAD;
}

// Ticks a reader can name, as many per decade as its width in pixels leaves
// room for: 1, 2 and 5; 1 and 3; or only the powers of ten.
function logTicks([low, high], width) {
  const perDecade = width / Math.log10(high / low);
  const steps = perDecade >= 150 ? [1, 2, 5] : perDecade >= 70 ? [1, 3] : [1];
  const ticks = [];
  for (let e = Math.floor(Math.log10(low)); e <= Math.ceil(Math.log10(high)); e++) {
    for (const step of steps) ticks.push(Number((step * 10 ** e).toPrecision(1)));
  }
  return ticks.filter((v) => v >= low && v <= high);
}

// "850", "12k", "1.5M": thousands and up in SI units, so a tick label stays short.
const TICK_LABEL = "datum.value >= 1000 ? format(datum.value, '~s') : format(datum.value, '~g')";

/**
 * An x scale for `values`: from zero, or log past LOG_SPREAD; its domain fixed,
 * so that an interval open to the right can be drawn to its end.
 */
function axisScale(values, width) {
  const finite = values.filter(Number.isFinite);
  if (wantsLog(finite)) {
    const domain = [Math.min(...finite) / 1.15, Math.max(...finite) * 1.15];
    return { log: true, domain, scale: { type: 'log', domain, nice: false }, axis: { values: logTicks(domain, width), labelExpr: TICK_LABEL } };
  }
  const domain = [0, Math.max(...finite, 0) * 1.08 || 1];
  return { log: false, domain, scale: { type: 'linear', domain, nice: false, zero: true }, axis: { labelExpr: TICK_LABEL, tickCount: 5 } };
}

/**
 * The rate interval of a cell: `requests` over the high and low ends of the
 * 95% interval of its mean duration. A low end at or below zero (few, noisy
 * runs) leaves the rate open above; one run gives no interval.
 * @returns {{ low: number | null, high: number | null, open: boolean }}
 */
function rateInterval(cell) {
  const requests = cell.params?.requests;
  const { low, high } = cell.time;
  if (!isFinitePositive(requests) || !isFinitePositive(high)) return { low: null, high: null, open: false };
  const slowest = (requests * 1000) / high;
  if (!Number.isFinite(low)) return { low: null, high: null, open: false };
  if (low <= 0) return { low: slowest, high: null, open: true };
  return { low: slowest, high: (requests * 1000) / low, open: false };
}

function rateText(row) {
  const value = show.number(row.rate);
  if (row.open) return `${value} (≥ ${show.number(row.low)})`;
  const interval = show.range(row.low, row.high);
  return interval ? `${value} (${interval})` : value;
}

function latencyText(row) {
  if (row.p99 === null && row.p50 === null) return show.DASH;
  return `${show.number(row.p99)} / ${show.number(row.p50)}`;
}

const latencyOf = (value) => (Number.isFinite(value) && value >= 0 ? value : null);

/**
 * The chart's rows, most requests per second first.
 * @param {object[]} cells every summarized cell
 * @param {{ env, scenario, params, baseline }} at
 * @returns {{ rows: object[], notDrawn: string[], latency: boolean }} latency: whether any row has one
 */
function throughputRows(cells, at) {
  const rows = [];
  const notDrawn = [];
  for (const cell of cellsAt(cells, at)) {
    const rate = cell.extra?.requestsPerSec;
    if (!cell.time) {
      notDrawn.push(`${cell.example} (${show.statusLabel(cell.status)})`);
      continue;
    }
    if (!isFinitePositive(rate)) {
      notDrawn.push(cell.example);
      continue;
    }
    const baseline = cell.example === at.baseline;
    rows.push({
      example: cell.example,
      label: baseline ? `${cell.example} (baseline)` : cell.example,
      kind: baseline ? 'baseline' : 'example',
      rate,
      ...rateInterval(cell),
      p99: latencyOf(cell.extra.latencyP99Ms),
      p50: latencyOf(cell.extra.latencyP50Ms),
    });
  }
  rows.sort((a, b) => b.rate - a.rate || a.example.localeCompare(b.example));
  for (const row of rows) {
    row.rateText = rateText(row);
    row.latencyText = latencyText(row);
    const latency = row.p99 === null ? '' : `${DETAIL}latency p99 ${show.ms(row.p99)}, p50 ${show.ms(row.p50)}`;
    row.description = `${row.example}${DETAIL}${row.rateText} requests/s${latency}`;
  }
  return { rows, notDrawn: notDrawn.sort(), latency: rows.some((row) => row.p99 !== null || row.p50 !== null) };
}

// The rows' names on the left panel; on the right only the grid lines, so each row reads across.
function yEncoding(labels, { names }) {
  const axis = names
    ? { labelFontSize: 12, labelLimit: 400, labelPadding: 8, ticks: false, domain: false, grid: true, gridColor: '#f2f2f2' }
    : { labels: false, ticks: false, domain: false, grid: true, gridColor: '#f2f2f2', title: null };
  return { field: 'label', type: 'nominal', sort: labels, title: null, axis };
}

// The baseline a diamond, as in the forest plot.
const pointShape = {
  shape: { field: 'kind', type: 'nominal', scale: { domain: ['baseline', 'example'], range: ['diamond', 'circle'] }, legend: null },
  size: { condition: { test: "datum.kind === 'baseline'", value: 120 }, value: 95 },
};

// A bold header over a panel's column of numbers, in pixels.
function header(text, x, align = 'left') {
  return {
    data: { values: [{ header: text }] },
    mark: { type: 'text', align, baseline: 'bottom', fontSize: 11, fontWeight: 'bold', color: '#333' },
    encoding: { x: { value: x }, y: { value: -4 }, text: { field: 'header' } },
  };
}

/**
 * Where a panel's rows go, their names, their numbers (the rows' field `text`)
 * and the header over them: on a desktop, a row per band of the y axis, which
 * names it, and the numbers in a column right of the plot; on a phone, each
 * row's name and number on a line above its marks, the header at the right.
 * @returns {{ rows, width, height, y, texts: object[] }} rows: the rows, placed on a phone
 */
function rowsLook(rows, { width, text, title, names, labels }, phone) {
  if (phone) {
    const placed = narrow.placeRows(rows, { block: ROW / 2, text });
    const texts = [...narrow.rowTextLayers({ text }), header(title, narrow.WIDTH, 'right')];
    return { rows: placed, width: narrow.WIDTH, height: placed[placed.length - 1].bottom, y: { field: 'barY', type: 'quantitative', scale: null }, texts };
  }
  const y = yEncoding(labels, { names });
  const numbers = {
    mark: { type: 'text', align: 'left', baseline: 'middle', fontSize: 11, color: '#333' },
    encoding: { x: { value: width + VALUE_GAP }, y, text: { field: text }, description: { field: 'description' } },
  };
  return { rows, width, height: rows.length * ROW, y, texts: [numbers, header(title, width + VALUE_GAP)] };
}

function ratePanel(all, { color, description, labels }, phone) {
  const { rows, width, height, y, texts } = rowsLook(all, { width: RATE_WIDTH, text: 'rateText', title: RATE_HEADER, names: true, labels }, phone);
  const { log, domain, scale, axis } = axisScale(
    rows.flatMap((row) => [row.rate, row.low, row.high]),
    width,
  );
  // An interval open above runs to the panel's right edge.
  const values = rows.map((row) => ({ ...row, highDrawn: row.open ? domain[1] : row.high }));
  const title = `requests per second${log ? ' (log scale)' : ''}`;
  const x = { field: 'rate', type: 'quantitative', title: phone ? narrow.axisTitle(title) : title, scale, axis };
  const base = rows.find((row) => row.kind === 'baseline');
  // The baseline's rate: right of it, more requests per second; on a phone across the rows' marks only.
  const dashed = { color: '#999', strokeWidth: 1, strokeDash: [4, 3] };
  const baseRule = phone
    ? narrow.blockRule({ datum: base?.rate, type: 'quantitative' }, dashed)
    : { data: { values: [{ rate: base?.rate }] }, mark: { type: 'rule', ...dashed }, encoding: { x: { field: 'rate', type: 'quantitative' } } };
  return {
    width,
    height,
    data: { values },
    layer: [
      ...(base ? [baseRule] : []),
      {
        transform: [{ filter: 'isValid(datum.low) && isValid(datum.highDrawn)' }],
        mark: { type: 'rule', strokeWidth: 2.5 },
        encoding: { x: { field: 'low', type: 'quantitative' }, x2: { field: 'highDrawn' }, y, color, description },
      },
      {
        mark: { type: 'point', filled: true, opacity: 1, strokeWidth: 0 },
        encoding: {
          x,
          y,
          color,
          ...pointShape,
          description,
        },
      },
      ...texts,
    ],
  };
}

function latencyPanel(all, { color, description, labels }, phone) {
  const { rows, width, height, y, texts } = rowsLook(all, { width: LATENCY_WIDTH, text: 'latencyText', title: 'p99 / p50, ms', names: false, labels }, phone);
  const { log, scale, axis } = axisScale(
    rows.flatMap((row) => [row.p99, row.p50]),
    width,
  );
  const title = `latency, ms: p99 dot, p50 tick${log ? ' (log)' : ''}`;
  const x = (field) => ({ field, type: 'quantitative', title: phone ? narrow.axisTitle(title) : title, scale, axis });
  return {
    width,
    height,
    data: { values: rows },
    layer: [
      {
        // From p50 to p99: how far the slow requests are from the typical one.
        transform: [{ filter: 'isValid(datum.p50) && isValid(datum.p99)' }],
        mark: { type: 'rule', strokeWidth: 1.5, opacity: 0.5 },
        encoding: { x: x('p50'), x2: { field: 'p99' }, y, color, description },
      },
      {
        transform: [{ filter: 'isValid(datum.p50)' }],
        mark: { type: 'tick', orient: 'vertical', thickness: 2, size: 12, opacity: 1 },
        encoding: { x: x('p50'), y, color, description },
      },
      {
        transform: [{ filter: 'isValid(datum.p99)' }],
        mark: { type: 'point', filled: true, opacity: 1, strokeWidth: 0 },
        encoding: {
          x: x('p99'),
          y,
          color,
          ...pointShape,
          description,
        },
      },
      ...texts,
    ],
  };
}

/**
 * @param {object[]} cells every summarized cell
 * @param {{ env, scenario, params, baseline: string, envLabel?: string }} at
 * @param {{ colors: Map<string, string> }} look
 * @param {{ narrow?: boolean }} layout narrow: the phone's layout, the panels one above the other
 * @returns {object | null} a Vega-Lite spec, or null when no cell at `at` has a rate
 */
function throughputSpec(cells, at, { colors }, { narrow: phone = false } = {}) {
  const { rows, notDrawn, latency } = throughputRows(cells, at);
  if (rows.length === 0) return null;
  const labels = rows.map((row) => row.label);
  const color = exampleColorEncoding(
    rows.map((row) => row.example),
    colors,
  );
  const description = { field: 'description' };
  const problem = cellsAt(cells, at)[0].problem;
  const left = ratePanel(rows, { color, description, labels }, phone);
  const panels = latency ? [left, latencyPanel(rows, { color, description, labels }, phone)] : [left];
  const text = latency ? `${at.scenario}: requests/s and p99 latency` : `${at.scenario}: requests/s`;
  const subtitle = [
    show.params(at.params),
    at.envLabel ?? null,
    at.pooling ?? null,
    // Short lines: Vega overestimates text, and a long line widens the picture.
    'Point: median requests/s of the runs; bar: its 95% interval, from the mean duration.',
    latency
      ? `${phone ? 'Below' : 'Right'}: latency of one request, p99 and p50, medians of the runs.`
      : `Latency n/a for ${problem}: no latency per request is recorded.`,
    'Most requests/s on top.',
    notDrawnNote(notDrawn, { most: 3, what: 'examples', reason: 'no requests/s' }),
  ].filter(Boolean);
  if (phone) {
    return { title: narrow.narrowTitle(text, subtitle), vconcat: panels, spacing: 24, resolve: { scale: { color: 'shared' } }, config: CONFIG };
  }
  return {
    title: { text, subtitle },
    hconcat: panels,
    // Panels placed by their plots alone: Vega, with no font here, guesses
    // text far wider than it is, and would leave a wide gap after the
    // numbers. The room for the numbers is measured by label-layout's estimate.
    bounds: 'flush',
    spacing: VALUE_GAP + Math.max(...rows.map((row) => textSize(row.rateText).width), textSize(RATE_HEADER, { fontSize: 11 }).width) + SPACING,
    resolve: { scale: { y: 'shared', color: 'shared' } },
    config: CONFIG,
  };
}

module.exports = { throughputRows, throughputSpec };
