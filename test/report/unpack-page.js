'use strict';

const zlib = require('node:zlib');

// The HTML page with its packed charts written back inline, as the page's
// script draws them (lib/report/render/page-charts.js): the page's text with
// every chart's SVG in its figure, for tests that read the page as text.

function unpackPage(html) {
  const block = html.match(/<script type="application\/json" id="chart-data">([^<]*)<\/script>/);
  const packed = block ? JSON.parse(block[1]) : {};
  // A chart with a narrow layout too is written back in its desktop one, as a desktop draws it.
  return html.replace(/<figure class="chart" data-chart="([^"]*)"(?: data-narrow="[^"]*")? aria-label="([^"]*)">.*?<\/figure>/g, (all, name, title) => {
    const svg = zlib.gunzipSync(Buffer.from(packed[name], 'base64')).toString('utf8');
    return `<figure class="chart" aria-label="${title}">\n${svg}\n</figure>`;
  });
}

module.exports = { unpackPage };
