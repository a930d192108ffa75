'use strict';

const { renderMarkdown } = require('./markdown');
const { renderHtml } = require('./html');
const { xmlComment } = require('./generated');

// The files of a report, by format: the markdown page and its SVG charts, or
// one HTML page with the charts inline. A lookup by name, as the rows reporters.

function svgFile(svg, generator) {
  // The declaration and the comment share the first line.
  return `<?xml version="1.0" encoding="UTF-8"?>${xmlComment(generator)}\n${svg}\n`;
}

const FILES = {
  markdown: (model, charts, generator) => [
    { name: 'README.md', content: renderMarkdown(model) },
    ...charts.map((chart) => ({ name: chart.name, content: svgFile(chart.svg, generator) })),
  ],
  html: (model) => [{ name: 'index.html', content: renderHtml(model) }],
};

const FORMATS = Object.keys(FILES);

/** The files of `model` in `format`. */
function reportFiles(format, model, charts, generator) {
  return FILES[format](model, charts, generator);
}

module.exports = { FORMATS, reportFiles };
