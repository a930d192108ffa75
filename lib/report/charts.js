'use strict';

const vega = require('vega');
const vegaLite = require('vega-lite');
const show = require('./display');
const { paramsKey } = require('../summary');

// The report's charts as Vega-Lite specifications, and their rendering to SVG
// by Vega's headless view (no browser, no canvas). The specs are plain data and
// pure; renderSvg is the only function that does work.

const WIDTH = 520;
const HEIGHT = 300;

// Readable in a plain markdown viewer: white background, larger labels, a
// legend wide enough for the longest example name.
const CONFIG = {
  background: 'white',
  font: 'Helvetica, Arial, sans-serif',
  padding: 12,
  title: { fontSize: 15, subtitleFontSize: 12, subtitleColor: '#555', anchor: 'start', offset: 12 },
  axis: { labelFontSize: 11, titleFontSize: 12, titleFontWeight: 'normal', gridColor: '#e6e6e6' },
  legend: { labelFontSize: 12, titleFontSize: 12, labelLimit: 320, symbolStrokeWidth: 3, symbolSize: 200, rowPadding: 4 },
  view: { stroke: '#bbb' },
  line: { strokeWidth: 2 },
};

// Enough distinct colours for every example of a problem.
function colorScheme(count) {
  return count <= 10 ? 'tableau10' : 'tableau20';
}

function isFinitePositive(value) {
  return Number.isFinite(value) && value > 0;
}

/**
 * The points of one chart: every cell of the environment and scenario whose
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

function unfinishedNote(unfinished) {
  if (unfinished.length === 0) return null;
  // A long line would widen the picture: past two, only the count.
  if (unfinished.length > 2) return `${unfinished.length} cells not drawn, did not finish; see the tables.`;
  const listed = unfinished.map((c) => `${c.example} at n=${c.params.n} (${show.statusLabel(c.status)})`);
  return `Not drawn, did not finish: ${listed.join(', ')}.`;
}

function lineSpec({ title, subtitle, values, yTitle, examples }) {
  const scale = { scheme: colorScheme(examples.length) };
  // Colour and dash share one legend, drawn from the lines and points (the
  // bands' fill has none, or the legend would show their pale colour).
  // Vega-Lite merges the two legends only when neither channel sets a sort;
  // the default, ascending by name, is the order wanted anyway.
  const legend = { orient: 'right', symbolType: 'stroke', title: 'example' };
  const color = { field: 'example', type: 'nominal', scale, legend };
  const strokeDash = { field: 'example', type: 'nominal', legend };
  const y = { field: 'value', type: 'quantitative', title: yTitle, scale: { type: 'log', nice: false } };
  const x = {
    field: 'n',
    type: 'quantitative',
    title: 'n, concurrent uploads (log scale)',
    scale: { type: 'log' },
    axis: { values: [...new Set(values.map((v) => v.n))].sort((a, b) => a - b), format: '~s' },
  };
  return {
    title: { text: title, subtitle },
    width: WIDTH,
    height: HEIGHT,
    data: { values },
    encoding: { x },
    layer: [
      {
        mark: { type: 'area', opacity: 0.16 },
        encoding: {
          y: { field: 'low', type: 'quantitative' },
          y2: { field: 'high' },
          fill: { field: 'example', type: 'nominal', scale, legend: null },
          detail: { field: 'segment' },
          description: { field: 'example' },
        },
      },
      {
        mark: { type: 'line' },
        encoding: { y, color, strokeDash, detail: { field: 'segment' }, description: { field: 'example' } },
      },
      {
        mark: { type: 'point', filled: true, size: 45, opacity: 1 },
        encoding: { y, color, strokeDash, description: { field: 'description' } },
      },
    ],
    config: CONFIG,
  };
}

/**
 * Median wall time against n, one line per example with its 95% interval band.
 * @param {object[]} cells every summarized cell
 * @param {{ env, scenario, params, envLabel?: string }} at params: any cell of the series (n is ignored)
 */
function timeChartSpec(cells, at) {
  return measureChartSpec(cells, at, {
    what: 'wall time',
    yTitle: 'wall time, ms (log scale)',
    point: (c) => (c.time ? { value: c.time.median, low: c.time.low, high: c.time.high, min: c.time.min } : null),
    unit: 'ms',
  });
}

/** Median peak RSS against n, one line per example with its 95% interval band. */
function memoryChartSpec(cells, at) {
  return measureChartSpec(cells, at, {
    what: 'peak memory',
    yTitle: 'peak RSS, MB (log scale)',
    point: (c) => (c.memory ? { value: c.memory.median, low: c.memory.low, high: c.memory.high, min: c.memory.min } : null),
    unit: 'MB',
  });
}

function measureChartSpec(cells, at, { what, yTitle, point, unit }) {
  const series = seriesCells(cells, at);
  const examples = [...new Set(series.map((c) => c.example))].sort();
  const values = [];
  const unfinished = [];
  let cut = false;
  // A cell that did not finish is a gap in its line, not a straight segment
  // across it: each run of finished cells is a segment of its own.
  const ordered = [...series].sort((a, b) => a.example.localeCompare(b.example) || a.params.n - b.params.n);
  let segment = 0;
  let previous = null;
  for (const cell of ordered) {
    if (cell.example !== previous) segment++;
    previous = cell.example;
    const p = point(cell);
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
      description: `${cell.example} · n=${cell.params.n} · median ${show.number(p.value)} ${unit} (95% CI ${show.range(p.low, p.high) || 'n/a'})`,
    });
  }
  values.sort((a, b) => a.example.localeCompare(b.example) || a.n - b.n);
  // Short subtitle lines: Vega measures text without a font here, and a long
  // line would widen the picture with empty space.
  const subtitle = [
    show.params(at.params, { except: ['n'] }),
    at.envLabel ?? null,
    'Line: median of the runs; band: 95% CI of the mean.',
    unfinishedNote(unfinished),
    cut ? 'Bands reaching below zero are cut at the fastest run.' : null,
  ].filter(Boolean);
  return lineSpec({ title: `${at.scenario}: ${what} against n`, subtitle, values, yTitle, examples });
}

// The style an example belongs to, for the scatter's colours.
function familyOf(example) {
  if (example.startsWith('async-await')) return 'async/await';
  return example.split('-')[0];
}

/**
 * Complexity (tokens) against time ratio to the baseline, one labelled point
 * per example.
 * @param {object[]} rows rows of the summary table (see tables.summaryTable)
 * @param {{ scenario, params, envLabel?, tokensTitle?: string, baseline?: string }} at
 */
function scatterSpec(rows, at) {
  const drawn = rows.filter((row) => typeof row.tokens === 'number' && isFinitePositive(row.ratio));
  const left = rows.filter((row) => !drawn.includes(row)).map((row) => row.example);
  const values = drawn
    .map((row) => ({
      example: row.example,
      family: familyOf(row.example),
      tokens: row.tokens,
      ratio: row.ratio,
      description: `${row.example} · ${row.tokens} tokens · ${show.ratio(row.ratio)} the baseline's time`,
    }));
  const families = [...new Set(values.map((v) => v.family))].sort();
  const x = { field: 'tokens', type: 'quantitative', title: at.tokensTitle ?? 'tokens', scale: { zero: false, padding: 30 } };
  const y = { field: 'ratio', type: 'quantitative', title: `time × ${at.baseline ?? 'baseline'} (log scale)`, scale: { type: 'log', nice: false, padding: 20 } };
  return {
    title: {
      text: `${at.scenario}: complexity against time`,
      subtitle: [
        show.params(at.params),
        at.envLabel,
        // A long list would widen the picture: past three, only the count.
        left.length > 3 ? `${left.length} examples not drawn (no time or no token count); see the table.` : null,
        left.length > 0 && left.length <= 3 ? `Not drawn (no time or no token count): ${left.join(', ')}.` : null,
      ].filter(Boolean),
    },
    width: WIDTH,
    height: HEIGHT,
    data: { values },
    layer: [
      {
        // The baseline's own level: points above it are slower.
        data: { values: [{ one: 1 }] },
        mark: { type: 'rule', color: '#888', strokeDash: [4, 4] },
        encoding: { y: { field: 'one', type: 'quantitative' } },
      },
      {
        mark: { type: 'point', filled: true, size: 90, opacity: 0.9 },
        encoding: {
          x,
          y,
          color: { field: 'family', type: 'nominal', title: 'style', sort: families, scale: { scheme: 'tableau10' } },
          description: { field: 'description' },
        },
      },
      {
        mark: { type: 'text', align: 'left', dx: 8, dy: -6, fontSize: 11, color: '#333' },
        encoding: { x, y, text: { field: 'example' }, description: { field: 'description' } },
      },
    ],
    config: CONFIG,
  };
}

// Vega and Vega-Lite log to the console by default; a report collects their
// warnings instead, so a command's output stays its own.
function collectingLogger(messages) {
  let level = vega.Warn;
  const keep = (kind, min) => (...args) => {
    if (level >= min) messages.push(`${kind}: ${args.join(' ')}`);
    return logger;
  };
  const logger = {
    level(value) {
      if (value === undefined) return level;
      level = value;
      return logger;
    },
    error: keep('error', vega.Error),
    warn: keep('warning', vega.Warn),
    info: keep('info', vega.Info),
    debug: keep('debug', vega.Debug),
  };
  return logger;
}

/**
 * Renders a Vega-Lite spec to SVG markup, without a browser.
 * @param {object} spec a Vega-Lite specification
 * @param {{ messages?: string[] }} options messages collects Vega's warnings
 * @returns {Promise<string>} the <svg> element
 */
async function renderSvg(spec, { messages = [] } = {}) {
  const logger = collectingLogger(messages);
  const compiled = vegaLite.compile(spec, { logger }).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none', logger });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

module.exports = { seriesCells, timeChartSpec, memoryChartSpec, scatterSpec, renderSvg };
