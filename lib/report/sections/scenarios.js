'use strict';

const show = require('../display');
const { paramsKey } = require('../../summary');
const { referenceParams } = require('./cells');
const { timeTable } = require('./time-table');
const { chartBase, paramSlugs } = require('../charts/file-names');
const { forestSpec } = require('../charts/forest-plot');
const { narrowForestSpec } = require('../charts/forest-narrow');
const { againstNSpec } = require('../charts/against-n');
const { responsivenessSpec } = require('../charts/responsiveness');
const { throughputSpec } = require('../charts/throughput');
const { sessionCounts, poolingNote, oneGrid } = require('./sessions');
const { cpuWorkForestSpec, workAgainstTimeSpec } = require('../charts/cpu-work');

// The report's sections of each environment and scenario: the time tables at
// the reference cells and the charts their driver draws. Pure: the charts are
// queued by the caller's addChart and drawn later.

// The charts of a section drawn once per reference parameter set, below its
// tables, when its driver lists them: each spec function returns null when
// there is nothing to draw there, and draws the phone's layout given { narrow: true }.
const REFERENCE_CHARTS = {
  responsiveness: responsivenessSpec,
  throughput: throughputSpec,
  'cpu-work-forest': cpuWorkForestSpec,
  'cpu-work-against-time': workAgainstTimeSpec,
};
// Every chart a driver may list in its charts.
const CHART_KINDS = ['forest', ...Object.keys(REFERENCE_CHARTS), 'time-against-n', 'memory-against-n'];

/**
 * Per environment and scenario: at each reference cell a forest plot and the
 * table (and, for the compute driver, lateness against time), and the small
 * multiples (time and memory against n) of the grid lines the reference cells
 * sit on.
 * @param {{ colors: Map, drivers: object, registries: object, hooks: object[] }} look drivers, registries and hooks: the
 *   declarations (lib/drivers, examples/index.js, lib/problems.js reportHooks), handed in by the entry point
 * @param {(name, kind, spec) => object} addChart queues a chart to draw
 * @param {object[]} runs the runs summarized: a chart against n draws one session's grid of them
 * @returns {object[]} the sections
 */
function scenarioSections(summary, envs, look, addChart, runs = []) {
  const sessions = sessionCounts(runs);
  const sections = [];
  for (const [envIndex, env] of envs.entries()) {
    for (const scenario of summary.scenarios) {
      const cells = summary.cells.filter((c) => c.env === env.key && c.scenario === scenario);
      if (cells.length === 0) continue;
      const baseline = cells[0].baseline;
      const envLabel = envs.length > 1 ? env.label : undefined;
      const references = referenceParams(cells);
      const referenceSlugs = paramSlugs(references);
      const { charts: chosen } = look.drivers[cells[0].driver];
      // A chart of one parameter set says when its cells pool several sessions.
      const atParams = (params) => {
        const drawn = cells.filter((c) => paramsKey(c.params) === paramsKey(params) && c.params.n === params.n);
        return { env: env.key, scenario, params, baseline, envLabel, pooling: poolingNote(drawn, sessions) };
      };
      const tables = references.map((params, i) => {
        const at = atParams(params);
        const forest = chosen.includes('forest') ? forestSpec(summary.cells, at, look) : null;
        const narrow = forest && narrowForestSpec(summary.cells, at, look);
        return {
          params,
          title: show.params(params),
          pooling: at.pooling,
          table: timeTable(summary.cells, at, look),
          forest: forest && addChart(`${chartBase(scenario, envIndex, envs.length, referenceSlugs[i])}-forest.svg`, 'forest', forest, narrow),
        };
      });
      const series = [];
      for (const params of references) {
        const key = paramsKey(params);
        // A chart against n needs at least two values of n.
        const ns = new Set(cells.filter((c) => paramsKey(c.params) === key).map((c) => c.params.n));
        if (ns.size >= 2 && !series.some((p) => paramsKey(p) === key)) series.push(params);
      }
      const seriesSlugs = paramSlugs(series, { except: ['n'] });
      const sectionCharts = [];
      // Which charts a section draws is its driver's to say (lib/drivers).
      for (const [kind, specOf] of Object.entries(REFERENCE_CHARTS).filter(([k]) => chosen.includes(k))) {
        references.forEach((params, i) => {
          const spec = specOf(summary.cells, atParams(params), look);
          const name = `${chartBase(scenario, envIndex, envs.length, referenceSlugs[i])}-${kind}.svg`;
          const narrow = spec && specOf(summary.cells, atParams(params), look, { narrow: true });
          if (spec) sectionCharts.push(addChart(name, kind, spec, narrow));
        });
      }
      series.forEach((params, i) => {
        const base = chartBase(scenario, envIndex, envs.length, seriesSlugs[i]);
        const at = { env: env.key, scenario, params, baseline, envLabel };
        // One session's grid, not every run at these parameters (sessions.js).
        const grid = runs.length ? oneGrid(runs, at, look) : { cells: summary.cells, notes: [] };
        // No session ran two values of n here: a line would join two sessions' grids.
        if (new Set(grid.cells.map((c) => c.params.n)).size < 2) return;
        for (const kind of ['time', 'memory'].filter((k) => chosen.includes(`${k}-against-n`))) {
          const specOf = (layout) => againstNSpec(grid.cells, { ...at, notes: grid.notes }, kind, look, layout);
          sectionCharts.push(addChart(`${base}-${kind}.svg`, kind, specOf(), specOf({ narrow: true })));
        }
      });
      sections.push({ env, scenario, tables, charts: sectionCharts });
    }
  }
  return sections;
}

module.exports = { scenarioSections, CHART_KINDS };
