'use strict';

const show = require('./display');
const { summarize } = require('../summary');
const { readRuns, readMetricFile } = require('./inputs');
const { scenarioSections } = require('./sections/scenarios');
const { envNames } = require('./sections/env-names');
const { sessionCounts } = require('./sections/sessions');
const { headlineSection } = require('./sections/headline');
const { articleComparison } = require('./sections/article');
const { runtimeComparison } = require('./sections/runtimes');
const { contextCost } = require('./sections/context');
const { databaseComparison, databaseSummaryNotes } = require('./sections/databases');
const { chartQueue } = require('./charts/queue');
const { runtimeCharts } = require('./charts/runtime-plot');
const { contextCharts } = require('./charts/context-plot');
const { databaseCharts } = require('./charts/database-plot');
const { exampleColors, runtimeColors } = require('./charts/colors');
const { FORMATS, reportFiles } = require('./render/files');

// Building a report from the contents of results files: no file system, no
// clock, no process, no registry. The caller (bench/commands/report.js) reads
// the files, hands in the declarations of the drivers and of the problems
// (their registries and their report hooks), says who generated the report
// and when, and writes what comes back. The steps: read the inputs,
// summarize, build the sections (queueing their charts), draw the charts,
// render the files.

/**
 * @param {object} input
 * @param {Array<{ name: string, text: string }>} input.results results files
 * @param {Object<string, object>} input.drivers the drivers' declarations by name (lib/drivers)
 * @param {Object<string, object>} input.registries each problem's registry, by name (examples/index.js)
 * @param {object[]} input.hooks each problem's report hooks, [{ problem, ...hooks }] (lib/problems.js
 *   reportHooks: each examples/<problem>/report.js): the headline scenario, the problem beside the 2013 article and the styles of the 2018 table
 * @param {Object<string, { scenario: string, example: string }>} [input.floors] the floor each scenario
 *   declares, by its name (lib/problems.js floors): its time noted under the scenario's tables and the
 *   counted tables' ratios above it, where the runs hold it; none, neither
 * @param {{ name, text?, missing? } | null} input.complexity
 * @param {{ name, text?, missing? } | null} input.debuggability
 * @param {'markdown' | 'html'} input.format
 * @param {string} [input.baseline] overrides the baseline the sessions named
 * @param {string} [input.referenceRuntime] text of the runtime the runtime matrices are relative to
 * @param {{ command: string, argv: string[], node: string, cpu: string, time: string }} input.generator
 * @param {boolean} [input.charts] false: the tables only, no chart drawn (the chart engine is an
 *   optional dependency; the caller says whether it is there)
 * @param {{ guide?: string, complexity?: string, debuggability?: string }} [input.links] relative
 *   links from the output folder to docs/README.md, docs/explanation/complexity.md, docs/explanation/debuggability.md
 * @returns {Promise<{ files: Array<{ name, content }>, warnings: string[], model }>}
 */
async function buildReport(input) {
  if (!FORMATS.includes(input.format)) throw new RangeError(`format must be one of ${FORMATS.join(', ')}`);
  if (input.charts === false && input.format === 'html') throw new RangeError('format html draws charts into its page; charts: false takes markdown');
  const { drivers, registries, hooks } = input;
  if (!Array.isArray(hooks)) throw new TypeError("buildReport: each problem's report hooks are needed (lib/problems.js reportHooks)");
  const { runs, inputs, warnings } = readRuns(input.results, { baseline: input.baseline, drivers });
  const summary = summarize(runs, { baseline: input.baseline, drivers, registries, floors: input.floors });
  // Each environment named by what it is ("node 26"), for section titles and the page's picker.
  const names = envNames(summary.envs);
  const envs = summary.envs.map((env, index) => ({ ...env, id: names[index], label: show.envLabel(env) }));
  const envByKey = new Map(envs.map((env) => [env.key, env]));

  const complexity = readMetricFile(input.complexity, 'complexity');
  const debuggability = readMetricFile(input.debuggability, 'debuggability');
  for (const file of [complexity, debuggability]) if (file.name && file.note) warnings.push(file.note);

  // Every example the report names, for one colour each everywhere.
  const examples = new Set([
    ...summary.cells.map((c) => c.example),
    ...[complexity, debuggability].flatMap((file) => (file.data ? file.data.rows.map((row) => row.example) : [])),
  ]);
  // Two runtimes or more on one machine: the runtime matrices; styles run
  // with and without async context: their cost and survival.
  const runtimes = runtimeComparison(summary, envs, { referenceRuntime: input.referenceRuntime, hooks });
  const context = contextCost(summary, envs, { registries });
  // The same examples against a real database beside the simulated I/O (bench --db).
  const databases = databaseComparison(summary, runs);
  // One colour per example, and one per runtime, in every chart of the report.
  const runtimeLabels = [
    ...(runtimes ? runtimes.machines.flatMap((machine) => machine.envs.map((env) => show.runtimeLabel(env))) : []),
    ...(context ? context.groups.flatMap((group) => group.columns.map((column) => column.label)) : []),
  ];
  // sessions: how many bench sessions each cell's runs come from, for the charts' subtitles;
  // drivers, registries and hooks: the declarations every section and chart reads instead of a registry.
  const look = {
    colors: exampleColors(examples, registries),
    runtimeColors: runtimeColors(runtimeLabels),
    drivers,
    registries,
    hooks,
    floors: input.floors ?? {},
    sessions: sessionCounts(runs),
  };
  const queue = chartQueue();
  const sections = scenarioSections(summary, envs, look, queue.addChart, runs);
  if (runtimes) runtimeCharts(runtimes, look, queue.addChart);
  if (context) contextCharts(context, look, queue.addChart);
  if (databases) databaseCharts(databases, look, queue.addChart);
  const opening = headlineSection(summary, envByKey, sections, { context, complexity, debuggability }, look, queue.addChart);
  // The summary says what the real database changed, where it ran.
  if (databases) opening.summary.table.notes.push(...databaseSummaryNotes(databases));
  if (input.charts !== false) await queue.drawAll(examples, warnings);

  // The 2013 article's tables beside ours, with the io-bound charts of the same environment.
  const comparison = articleComparison(summary.cells, envs, complexity.data ?? null, { hooks });
  const article = comparison && {
    ...comparison,
    envLabel: envByKey.get(comparison.env)?.label ?? 'no runs',
    charts: sections.filter((s) => s.env.key === comparison.env && s.scenario === comparison.ioScenario).flatMap((s) => s.charts),
  };

  const model = {
    generator: input.generator,
    links: input.links ?? {},
    inputs,
    envs,
    runs: runs.length,
    sessions: new Set(runs.map((r) => r.session)).size,
    headline: opening.headline,
    summary: opening.summary,
    // Every time table has the same columns: one glossary closes their section.
    timeGlossary: sections.length ? sections[0].tables[0].table.glossary : null,
    colors: Object.fromEntries(look.colors),
    sections,
    // Every cell, for the page's comparison of two examples (render/page-picker.js).
    cells: summary.cells,
    complexity,
    debuggability,
    article,
    runtimes,
    context,
    databases,
    cellCount: summary.cells.length,
  };
  return { files: reportFiles(input.format, model, queue.charts(), input.generator, look), warnings, model };
}

module.exports = { FORMATS, buildReport };
