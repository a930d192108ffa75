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
  markdown: (model, charts, generator, look) => [
    { name: 'README.md', content: renderMarkdown(model, look) },
    // A chart left undrawn (no chart engine) has no file, and the page no image of it.
    ...charts.filter((chart) => chart.svg !== null).map((chart) => ({ name: chart.name, content: svgFile(chart.svg, generator) })),
  ],
  html: (model, charts, generator, look) => [{ name: 'index.html', content: renderHtml(model, look) }],
};

const FORMATS = Object.keys(FILES);

/**
 * The files of `model` in `format`.
 * @param {{ drivers: object }} look the declarations the renderers read (lib/report/index.js's look)
 */
function reportFiles(format, model, charts, generator, look) {
  return FILES[format](model, charts, generator, look);
}

module.exports = { FORMATS, reportFiles };
