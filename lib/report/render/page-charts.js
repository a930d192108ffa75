'use strict';

const zlib = require('node:zlib');

// The charts of the HTML page. Vega's SVG is verbose (a results page of 90
// charts came to 4.6 MB of it), and a reader looks at a few sections, so the
// page carries the opening chart inline and every other chart once, gzipped
// and in base64 (about a tenth of its size), in one data block; the page's
// script inflates a chart with the browser's own DecompressionStream when its
// figure comes near the screen. A chart shown in two places is stored once.
// The page still loads nothing from anywhere. Deterministic: gzip writes no
// time into its header here.

function escapeHtml(text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function pack(svg) {
  return zlib.gzipSync(Buffer.from(svg, 'utf8'), { level: 9 }).toString('base64');
}

/**
 * @returns {{ inline(chart): string, packed(chart): string, dataBlock(): string, names(): string[] }}
 *   inline and packed return a figure's markup; dataBlock the script element holding every packed chart
 */
function pageCharts() {
  const store = new Map();
  return {
    /** A figure with its SVG in the page, for what a reader sees first. */
    inline(chart) {
      return `<figure class="chart" aria-label="${escapeHtml(chart.title)}">\n${chart.svg}\n</figure>`;
    },
    /** A figure the script fills from the data block; its title shows until then. */
    packed(chart) {
      if (!store.has(chart.name)) store.set(chart.name, pack(chart.svg));
      const title = escapeHtml(chart.title);
      return `<figure class="chart" data-chart="${escapeHtml(chart.name)}" aria-label="${title}"><p class="chart-wait">Chart: ${title} (drawn when shown; needs JavaScript).</p></figure>`;
    },
    dataBlock() {
      // JSON in a script element: "</" cannot occur in base64 or in the chart names' escaping.
      const data = JSON.stringify(Object.fromEntries(store)).replace(/</g, '\\u003c');
      return `<script type="application/json" id="chart-data">${data}</script>`;
    },
    names: () => [...store.keys()],
  };
}

module.exports = { pageCharts, escapeHtml };
