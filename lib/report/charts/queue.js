'use strict';

const { renderSvg, tagExamples } = require('./vega');
const { narrowNameOf } = require('./file-names');

// The charts of a report are queued while its sections are built (each
// section keeps the chart's name, kind and title) and drawn at the end, once.
// A chart may bring a narrow layout of its own, for a phone's width: the HTML
// page shows it below 600 px (chart.narrow, named by file-names.js).

function chartQueue() {
  const jobs = [];
  // The charts a section shows; a narrow layout is its chart's, never a file of its own.
  const shown = [];
  return {
    /** Queues a chart (and its narrow layout); returns the record the section keeps, its svg filled in by drawAll. */
    addChart(name, kind, spec, narrowSpec = null) {
      const chart = { name, kind, title: spec.title.text, svg: null, narrow: null };
      jobs.push({ chart, spec });
      shown.push(chart);
      if (narrowSpec) {
        chart.narrow = { name: narrowNameOf(name), kind, title: chart.title, svg: null };
        jobs.push({ chart: chart.narrow, spec: narrowSpec });
      }
      return chart;
    },
    /** Draws every queued chart, each example's marks tagged; Vega's messages go to `warnings`. */
    async drawAll(examples, warnings) {
      const messages = [];
      for (const job of jobs) job.chart.svg = tagExamples(await renderSvg(job.spec, { messages }), examples);
      for (const message of messages) warnings.push(`chart: ${message}`);
    },
    charts: () => shown,
  };
}

module.exports = { chartQueue };
