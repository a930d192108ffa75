'use strict';

const { needOptional } = require('../../optional-dependency');

// What the report's charts share: the look, the ratio axis, and the rendering
// of a Vega-Lite specification to SVG by Vega's headless view (no browser, no
// canvas). The specifications themselves (forest-plot.js, against-n.js,
// scatter-plot.js) are plain data and pure; renderSvg is the only function
// here that does work.

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

// Between an example's name and the details in a mark's description, which
// Vega writes into the mark's aria-label: the HTML page reads the name back.
const DETAIL = ' · ';

function isFinitePositive(value) {
  return Number.isFinite(value) && value > 0;
}

// Ticks a reader can name on a log ratio axis: denser when the range is narrow.
const RATIO_TICKS = [
  [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
  [0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 6, 8, 10, 15, 20],
  [0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3],
];

/** Tick values between `low` and `high` on a log ratio axis, always with 1 when it is in range. */
function ratioTicks(low, high) {
  const span = high / low;
  const list = span <= 3 ? RATIO_TICKS[2] : span <= 25 ? RATIO_TICKS[1] : RATIO_TICKS[0];
  return list.filter((v) => v >= low && v <= high);
}

/** A log ratio domain around `values` and 1, padded by `factor` at each end. */
function ratioDomain(values, factor = 1.12) {
  const finite = values.filter(isFinitePositive);
  return [Math.min(1, ...finite) / factor, Math.max(1, ...finite) * factor];
}

/** The x or y definition of a log ratio axis: "0.8×, 1×, 1.25×, ...". */
function ratioAxis(domain, title) {
  return {
    type: 'quantitative',
    title,
    scale: { type: 'log', domain, nice: false },
    axis: { values: ratioTicks(...domain), labelExpr: "format(datum.value, '~g') + '×'" },
  };
}

// The example a mark, label or legend entry stands for, from its text or
// aria-label: "name", "name · details" or "name (baseline)".
function exampleKey(text, examples) {
  const head = text.split(DETAIL)[0].replace(/ \(baseline\)$/, '');
  return examples.has(head) ? head : null;
}

/**
 * Adds data-example="name" to every mark and text of the SVG that stands for
 * an example, so a page can pick out one example across charts and tables.
 * @param {string} svg from renderSvg
 * @param {Set<string>} examples
 */
function tagExamples(svg, examples) {
  return svg
    .replace(/ aria-label="([^"]*)"/g, (all, label) => {
      const key = exampleKey(label, examples);
      return key ? `${all} data-example="${key}"` : all;
    })
    .replace(/<text([^>]*)>([^<]*)<\/text>/g, (all, attributes, content) => {
      const key = attributes.includes('data-example=') ? null : exampleKey(content, examples);
      return key ? `<text${attributes} data-example="${key}">${content}</text>` : all;
    });
}

/**
 * "Not drawn (reason): a, b." A long list would widen the picture: past
 * `most` names, only the count.
 */
function notDrawnNote(names, { most, what, reason }) {
  if (names.length === 0) return null;
  const why = reason ? ` (${reason})` : '';
  if (names.length > most) return `${names.length} ${what} not drawn${why}; see the tables.`;
  return `Not drawn${why}: ${names.join(', ')}.`;
}

// Vega and Vega-Lite log to the console by default; a report collects their
// warnings instead, so a command's output stays its own.
function collectingLogger(vega, messages) {
  let level = vega.Warn;
  const keep =
    (kind, min) =>
    (...args) => {
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
  // The chart engine is an optional dependency, loaded when a chart is drawn.
  needOptional(['vega', 'vega-lite'], "drawing a report's charts");
  const vega = require('vega');
  const vegaLite = require('vega-lite');
  const logger = collectingLogger(vega, messages);
  const compiled = vegaLite.compile(spec, { logger }).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none', logger });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

// A field drawn at its value in pixels, not through a scale: labels placed by
// label-layout.js.
const pixel = (field) => ({ field, type: 'quantitative', scale: null });

/**
 * The layers of labels placed in pixels by label-layout.js: the leader lines
 * from moved labels to their points, and the texts, one layer per alignment
 * (Vega-Lite has no align channel). With `outline`, each text is first drawn
 * as a wide white stroke, so that rules and grid lines stop short of it.
 * @returns {{ leaders: object, texts: object[] }} leaders goes under the points, texts over them
 */
function placedLabelLayers(labels, { fontSize, color, description, outline = false }) {
  const leaders = labels.filter((label) => label.leader).map((label) => ({ example: label.example, ...label.leader }));
  const passes = outline
    ? [
        { mark: { stroke: 'white', strokeWidth: 5, strokeJoin: 'round', aria: false }, encoding: {} },
        { mark: {}, encoding: { color, description } },
      ]
    : [{ mark: {}, encoding: { color, description } }];
  return {
    leaders: {
      data: { values: leaders },
      mark: { type: 'rule', color: '#999', strokeWidth: 1 },
      encoding: { x: pixel('x1'), y: pixel('y1'), x2: { field: 'x2' }, y2: { field: 'y2' } },
    },
    texts: ['left', 'right', 'center'].flatMap((align) =>
      passes.map((pass) => ({
        data: { values: labels },
        transform: [{ filter: `datum.align === '${align}'` }],
        mark: { type: 'text', align, baseline: 'middle', fontSize, ...pass.mark },
        encoding: { x: pixel('x'), y: pixel('y'), text: { field: 'text' }, ...pass.encoding },
      })),
    ),
  };
}

module.exports = {
  CONFIG,
  pixel,
  placedLabelLayers,
  DETAIL,
  isFinitePositive,
  ratioTicks,
  ratioDomain,
  ratioAxis,
  tagExamples,
  notDrawnNote,
  renderSvg,
};
