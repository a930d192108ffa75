'use strict';

const zlib = require('node:zlib');
const { narrowNameOf } = require('../charts/file-names');

// The charts of the HTML page. Vega's SVG is verbose (a results page of 90
// charts came to 4.6 MB of it), and a reader looks at a few sections, so the
// page carries the opening chart inline and every other chart once, in one
// data block: their SVG one after another, gzipped as one stream and in base64
// (about a thirteenth of its size: gzipped one by one, each chart began with
// nothing to refer back to, and the block was two fifths larger), beside each
// chart's name and length. The page's script inflates the block with the
// browser's own DecompressionStream when the first figure comes near the
// screen, and draws a chart when its figure does. A chart shown in two places
// is stored once.
// A chart with a narrow layout (charts/queue.js) carries it too: the page shows
// it below 600 px, inline by its stylesheet, packed by its script.
// The page still loads nothing from anywhere. Deterministic: gzip writes no
// time into its header here.

function escapeHtml(text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

// Vega writes its coordinates to 14 decimals; the page keeps 1 (a tenth of a
// pixel), which leaves every picture as it was and its random digits, which
// gzip cannot shorten, out of the page. Only the attributes that place and
// shape a mark: no text and no label, whose numbers are the report's. Nor does
// it keep what draws nothing: an opacity of 1, which is SVG's own, and the
// empty paths Vega writes behind and over every axis and legend.
const GEOMETRY = / (transform|d|x|y|x1|x2|y1|y2|width|height)="([^"]*)"/g;
const NOTHING = [
  / opacity="1"/g,
  /<path class="background" aria-hidden="true" d="M0,0h0v0h0Z" pointer-events="none"\/>/g,
  /<path class="foreground" aria-hidden="true" d="" pointer-events="none" display="none"\/>/g,
];

function slim(svg) {
  const rounded = svg.replace(GEOMETRY, (all, name, value) => ` ${name}="${value.replace(/(\d\.\d)\d+/g, '$1').replace(/(\d)\.0(?!\d)/g, '$1')}"`);
  return NOTHING.reduce((text, pattern) => text.replace(pattern, ''), rounded);
}

function wait(title) {
  return `<p class="chart-wait">Chart: ${escapeHtml(title)} (drawn when shown; needs JavaScript).</p>`;
}

/**
 * @returns {{ inline(chart): string, packed(chart): string, dataBlock(): string, names(): string[] }}
 *   inline and packed return a figure's markup; dataBlock the script element holding every packed chart
 */
function pageCharts() {
  // Each chart's SVG by name, in the order the page shows them: a chart's narrow layout beside it.
  const store = new Map();
  return {
    /** A figure with its SVG in the page, for what a reader sees first. */
    inline(chart) {
      const label = `aria-label="${escapeHtml(chart.title)}"`;
      const svg = slim(chart.svg);
      if (!chart.narrow?.svg) return `<figure class="chart" ${label}>\n${svg}\n</figure>`;
      // The narrow layout packed beside it, drawn by the script where the stylesheet shows it (below 600 px).
      const { name } = chart.narrow;
      if (!store.has(name)) store.set(name, slim(chart.narrow.svg));
      return `<figure class="chart" ${label}>\n<div class="wide-only">${svg}</div>\n<div class="narrow-only" data-chart="${escapeHtml(name)}">${wait(chart.title)}</div>\n</figure>`;
    },
    /** A figure the script fills from the data block; its title shows until then. */
    packed(chart) {
      if (!store.has(chart.name)) store.set(chart.name, slim(chart.svg));
      const narrow = chart.narrow?.svg ? chart.narrow : null;
      if (narrow && !store.has(narrow.name)) store.set(narrow.name, slim(narrow.svg));
      const title = escapeHtml(chart.title);
      // A narrow layout named as the queue names it (charts/queue.js) is a bare
      // flag the script derives the name from: a hundred figures a page.
      const named = narrow && narrow.name !== narrowNameOf(chart.name) ? `="${escapeHtml(narrow.name)}"` : '';
      const narrowName = narrow ? ` data-narrow${named}` : '';
      return `<figure class="chart" data-chart="${escapeHtml(chart.name)}"${narrowName} aria-label="${title}">${wait(chart.title)}</figure>`;
    },
    dataBlock() {
      // Lengths in UTF-16 code units, as the page's script slices the inflated text.
      const charts = [...store].map(([name, svg]) => [name, svg.length]);
      const gzip = zlib.gzipSync(Buffer.from([...store.values()].join(''), 'utf8'), { level: 9 }).toString('base64');
      // JSON in a script element: "</" cannot occur in base64 or in the chart names' escaping.
      const data = JSON.stringify({ charts, gzip }).replace(/</g, '\\u003c');
      return `<script type="application/json" id="chart-data">${data}</script>`;
    },
    names: () => [...store.keys()],
  };
}

module.exports = { pageCharts, escapeHtml };
