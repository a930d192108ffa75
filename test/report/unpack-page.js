'use strict';

const zlib = require('node:zlib');
const { escapeHtml } = require('../../lib/report/render/page-charts');

// The HTML page's packed charts read back as the page's script reads them
// (lib/report/render/page-charts.js), and the page with every chart and every
// column's description written back inline, for tests that read the page as text.

/** Every packed chart's SVG by name, in the order the page stores them. */
function packedCharts(html) {
  const block = html.match(/<script type="application\/json" id="chart-data">([^<]*)<\/script>/);
  const charts = new Map();
  if (!block) return charts;
  const { charts: list, gzip } = JSON.parse(block[1]);
  const all = zlib.gunzipSync(Buffer.from(gzip, 'base64')).toString('utf8');
  let at = 0;
  for (const [name, length] of list) {
    charts.set(name, all.slice(at, at + length));
    at += length;
  }
  return charts;
}

/** Every column description, by the number a header names it with. */
function columnHelp(html) {
  const block = html.match(/<script type="application\/json" id="column-help">([^<]*)<\/script>/);
  return block ? JSON.parse(block[1]) : [];
}

function unpackPage(html) {
  const packed = packedCharts(html);
  const help = columnHelp(html);
  // A header's description written back as its title, as the page's script sets it.
  html = html.replace(/ data-help="(\d+)"/g, (all, n) => ` title="${escapeHtml(help[Number(n)])}"`);
  // A chart with a narrow layout too is written back in its desktop one, as a desktop draws it.
  return html.replace(/<figure class="chart" data-chart="([^"]*)"(?: data-narrow(?:="[^"]*")?)? aria-label="([^"]*)">.*?<\/figure>/g, (all, name, title) => {
    return `<figure class="chart" aria-label="${title}">\n${packed.get(name)}\n</figure>`;
  });
}

module.exports = { packedCharts, unpackPage };
