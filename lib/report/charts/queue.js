'use strict';

const { renderSvg, tagExamples } = require('./vega');

// The charts of a report are queued while its sections are built (each
// section keeps the chart's name, kind and title) and drawn at the end, once.

function chartQueue() {
  const jobs = [];
  return {
    /** Queues a chart; returns the record the section keeps, its svg filled in by drawAll. */
    addChart(name, kind, spec) {
      const chart = { name, kind, title: spec.title.text, svg: null };
      jobs.push({ chart, spec });
      return chart;
    },
    /** Draws every queued chart, each example's marks tagged; Vega's messages go to `warnings`. */
    async drawAll(examples, warnings) {
      const messages = [];
      for (const job of jobs) job.chart.svg = tagExamples(await renderSvg(job.spec, { messages }), examples);
      for (const message of messages) warnings.push(`chart: ${message}`);
    },
    charts: () => jobs.map((job) => job.chart),
  };
}

module.exports = { chartQueue };
