'use strict';

const show = require('./display');
const { parseResults } = require('../results');
const { referenceParams, headlineCell, sameParams } = require('./sections/cells');
const { timeTable, metricTable, summaryTable } = require('./sections/tables');
const { metricRows } = require('./sections/metric-files');
const { renderSvg, tagExamples } = require('./charts/vega');
const { forestSpec } = require('./charts/forest-plot');
const { againstNSpec } = require('./charts/against-n');
const { scatterSpec } = require('./charts/scatter-plot');
const { responsivenessSpec } = require('./charts/responsiveness');
const { throughputSpec } = require('./charts/throughput');
const { articleComparison } = require('./sections/article');
const { runtimeComparison } = require('./sections/runtimes');
const { runtimeSpec } = require('./charts/runtime-plot');
const { contextCost } = require('./sections/context');
const { contextSpec } = require('./charts/context-plot');
const { exampleColors, runtimeColors } = require('./charts/colors');
const registries = require('../../examples');
const drivers = require('../drivers');
const { renderMarkdown } = require('./render/markdown');
const { renderHtml } = require('./render/html');
const { xmlComment } = require('./render/generated');
const { paramsKey, summarize } = require('../summary');

// Building a report from the contents of results files: no file system, no
// clock, no process. The caller (bench/commands/report.js) reads the files,
// says who generated the report and when, and writes what comes back.

const FORMATS = ['markdown', 'html'];

/**
 * A complexity or debuggability file, read or not.
 * @param {{ name: string, text?: string, missing?: boolean } | null} file
 * @returns {{ name, table?, data?, note? }}
 */
function readMetricFile(file, what) {
  if (!file) return { name: null, note: `No ${what} file was given (--${what}).` };
  if (file.missing) return { name: file.name, note: `The ${what} file ${file.name} does not exist, so this section is left out.` };
  let json;
  try {
    json = JSON.parse(file.text);
  } catch {
    return { name: file.name, note: `The ${what} file ${file.name} is not JSON, so this section is left out.` };
  }
  try {
    const data = metricRows(json);
    return { name: file.name, data, table: metricTable(data, what) };
  } catch (error) {
    return { name: file.name, note: `The ${what} file ${file.name} could not be read as a table (${error.message}), so this section is left out.` };
  }
}

// The charts of a section drawn once per reference parameter set, below its
// tables, when its driver lists them: each spec function returns null when
// there is nothing to draw there.
const REFERENCE_CHARTS = { responsiveness: responsivenessSpec, throughput: throughputSpec };

// A chart file name that stays the same from run to run for the same grid.
function chartBase(scenario, envIndex, envCount, slug) {
  return [scenario, envCount > 1 ? `env${envIndex + 1}` : null, slug].filter(Boolean).join('-');
}

// Parameters that differ between the parameter sets of one scenario's charts
// name the files apart: "t1", "t10", "load-dt0.05", "n10000-t1".
function paramSlugs(paramSets, { except = [] } = {}) {
  if (paramSets.length < 2) return paramSets.map(() => null);
  // Every parameter any set has: a set without one (bytes under the compute workload) names it not.
  const keys = show
    .orderedParamKeys(Object.assign({}, ...paramSets))
    .filter((key) => !except.includes(key) && new Set(paramSets.map((p) => String(p[key]))).size > 1);
  const word = (key, value) => (typeof value === 'number' ? `${key}${value}` : String(value));
  return paramSets.map((p) =>
    show.slug(
      keys
        .filter((key) => p[key] !== undefined)
        .map((key) => word(key, p[key]))
        .join('-'),
    ),
  );
}

/**
 * Per environment and scenario: at each reference cell a forest plot and the
 * table (and, for the compute driver, lateness against time), and the small
 * multiples (time and memory against n) of the grid lines the reference cells
 * sit on.
 * @param {{ colors: Map, registries: object }} look
 * @param {(name, kind, spec) => object} addChart queues a chart to draw
 * @returns {object[]} the sections
 */
function scenarioSections(summary, envs, look, addChart) {
  const sections = [];
  for (const [envIndex, env] of envs.entries()) {
    for (const scenario of summary.scenarios) {
      const cells = summary.cells.filter((c) => c.env === env.key && c.scenario === scenario);
      if (cells.length === 0) continue;
      const baseline = cells[0].baseline;
      const envLabel = envs.length > 1 ? env.label : undefined;
      const references = referenceParams(cells);
      const referenceSlugs = paramSlugs(references);
      const { charts: chosen } = drivers[cells[0].driver];
      const tables = references.map((params, i) => {
        const at = { env: env.key, scenario, params, baseline, envLabel };
        const forest = chosen.includes('forest') ? forestSpec(summary.cells, at, look) : null;
        return {
          params,
          title: show.params(params),
          table: timeTable(summary.cells, at),
          forest: forest && addChart(`${chartBase(scenario, envIndex, envs.length, referenceSlugs[i])}-forest.svg`, 'forest', forest),
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
          const spec = specOf(summary.cells, { env: env.key, scenario, params, baseline, envLabel }, look);
          const name = `${chartBase(scenario, envIndex, envs.length, referenceSlugs[i])}-${kind}.svg`;
          if (spec) sectionCharts.push(addChart(name, kind, spec));
        });
      }
      series.forEach((params, i) => {
        const base = chartBase(scenario, envIndex, envs.length, seriesSlugs[i]);
        const at = { env: env.key, scenario, params, baseline, envLabel };
        for (const kind of ['time', 'memory'].filter((k) => chosen.includes(`${k}-against-n`)))
          sectionCharts.push(addChart(`${base}-${kind}.svg`, kind, againstNSpec(summary.cells, at, kind, look)));
      });
      sections.push({ env, scenario, tables, charts: sectionCharts });
    }
  }
  return sections;
}

// Per machine and scenario, the runtimes chart of each matrix, named as the
// scenario's other charts are: "<scenario>[-machine<i>][-<params>]-runtimes.svg",
// the machine only when the runs hold several with runtime matrices.
function runtimeCharts(runtimes, look, addChart) {
  runtimes.machines.forEach((machine, machineIndex) => {
    const scenarios = [...new Set(machine.matrices.map((m) => m.scenario))];
    for (const scenario of scenarios) {
      const matrices = machine.matrices.filter((m) => m.scenario === scenario);
      const slugs = paramSlugs(matrices.map((m) => m.params));
      matrices.forEach((matrix, i) => {
        const spec = runtimeSpec(matrix, look);
        const machineName = runtimes.machines.length > 1 ? `machine${machineIndex + 1}` : null;
        const name = `${[scenario, machineName, slugs[i], 'runtimes'].filter(Boolean).join('-')}.svg`;
        matrix.chart = spec ? addChart(name, 'runtimes', spec) : null;
      });
    }
  });
}

// One chart per context table: "<scenario>-<params>-context.svg", the
// parameters only when the scenario has several tables.
function contextCharts(context, look, addChart) {
  const scenarios = [...new Set(context.groups.map((g) => g.scenario))];
  for (const scenario of scenarios) {
    const groups = context.groups.filter((g) => g.scenario === scenario);
    const slugs = paramSlugs(groups.map((g) => g.params));
    groups.forEach((group, i) => {
      const spec = contextSpec(group, look);
      group.chart = spec ? addChart(`${[scenario, slugs[i], 'context'].filter(Boolean).join('-')}.svg`, 'context', spec) : null;
    });
  }
}

/**
 * @param {object} input
 * @param {Array<{ name: string, text: string }>} input.results results files
 * @param {{ name, text?, missing? } | null} input.complexity
 * @param {{ name, text?, missing? } | null} input.debuggability
 * @param {'markdown' | 'html'} input.format
 * @param {string} [input.baseline] overrides the baseline the sessions named
 * @param {string} [input.referenceRuntime] text of the runtime the runtime matrices are relative to
 * @param {{ command: string, argv: string[], node: string, cpu: string, time: string }} input.generator
 * @param {{ guide?: string, complexity?: string, debuggability?: string }} [input.links] relative
 *   links from the output folder to docs/README.md, docs/complexity.md, docs/debuggability.md
 * @returns {Promise<{ files: Array<{ name, content }>, warnings: string[], model }>}
 */
async function buildReport(input) {
  if (!FORMATS.includes(input.format)) throw new RangeError(`format must be one of ${FORMATS.join(', ')}`);
  const warnings = [];
  const inputs = [];
  let runs = [];
  for (const file of input.results) {
    const parsed = parseResults(file.text, file.name);
    inputs.push({ name: file.name, lines: parsed.lines, runs: parsed.runs.length, skipped: parsed.skipped });
    for (const skip of parsed.skipped) warnings.push(`${skip.source}:${skip.line}: skipped, ${skip.reason}`);
    runs = runs.concat(parsed.runs);
  }
  if (runs.length === 0) {
    const error = new Error(`no usable runs in ${input.results.map((f) => f.name).join(', ')}`);
    error.code = 'NO_RUNS';
    error.skipped = inputs.flatMap((file) => file.skipped);
    throw error;
  }

  if (input.baseline !== undefined && !runs.some((run) => run.example === input.baseline)) {
    const error = new Error(`no runs of the baseline ${input.baseline}`);
    error.code = 'UNKNOWN_BASELINE';
    error.examples = [...new Set(runs.map((run) => run.example))].sort();
    throw error;
  }

  const summary = summarize(runs, { baseline: input.baseline });
  const envs = summary.envs.map((env, index) => ({ ...env, id: `env ${index + 1}`, label: show.envLabel(env) }));
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
  const runtimes = runtimeComparison(summary, envs, { referenceRuntime: input.referenceRuntime });
  const context = contextCost(summary, envs);
  // One colour per example, and one per runtime, in every chart of the report.
  const runtimeLabels = [
    ...(runtimes ? runtimes.machines.flatMap((machine) => machine.envs.map((env) => show.runtimeLabel(env))) : []),
    ...(context ? context.groups.flatMap((group) => group.columns.map((column) => column.label)) : []),
  ];
  const look = { colors: exampleColors(examples, registries), runtimeColors: runtimeColors(runtimeLabels), registries };
  const chartJobs = [];
  const addChart = (name, kind, spec) => {
    const chart = { name, kind, title: spec.title.text, svg: null };
    chartJobs.push({ chart, spec });
    return chart;
  };
  const sections = scenarioSections(summary, envs, look, addChart);
  if (runtimes) runtimeCharts(runtimes, look, addChart);
  if (context) contextCharts(context, look, addChart);

  const headline = headlineCell(summary);
  const headlineCellOf = headline && summary.cells.find((c) => c.env === headline.env && c.scenario === headline.scenario);
  const headlineBaseline = headline ? headlineCellOf.baseline : null;
  // The headline's forest plot is its scenario section's, shown again first.
  const headlineSection = headline && sections.find((s) => s.env.key === headline.env && s.scenario === headline.scenario);
  const headlineTable = headlineSection && headlineSection.tables.find((t) => sameParams(t.params, headline.params));
  const survival = context && headline ? (context.survival.get(headlineCellOf.problem) ?? null) : null;
  const summaryRows = summaryTable(summary.cells, headline, complexity.data ?? null, debuggability.data ?? null, survival);
  let scatter = null;
  if (headline && summaryRows.rows.some((row) => typeof row.tokens === 'number' && Number.isFinite(row.ratio))) {
    const spec = scatterSpec(
      summaryRows.rows,
      {
        scenario: headline.scenario,
        params: headline.params,
        envLabel: envByKey.get(headline.env).label,
        tokensTitle: `complexity: ${summaryRows.tokensColumn}`,
        baseline: headlineBaseline,
      },
      look,
    );
    scatter = addChart('complexity-vs-time.svg', 'scatter', spec);
  }

  const messages = [];
  for (const job of chartJobs) job.chart.svg = tagExamples(await renderSvg(job.spec, { messages }), examples);
  for (const message of messages) warnings.push(`chart: ${message}`);

  // The 2013 article's tables beside ours, with the io-bound charts of the same environment.
  const comparison = articleComparison(summary.cells, envs, complexity.data ?? null);
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
    headline: headline ? { ...headline, env: envByKey.get(headline.env), baseline: headlineBaseline } : null,
    summary: { table: summaryRows, forest: headlineTable ? headlineTable.forest : null, scatter },
    // Every time table has the same columns: one glossary closes their section.
    timeGlossary: sections.length ? sections[0].tables[0].table.glossary : null,
    colors: Object.fromEntries(look.colors),
    sections,
    complexity,
    debuggability,
    article,
    runtimes,
    context,
    cellCount: summary.cells.length,
  };

  const files =
    input.format === 'markdown'
      ? [
          { name: 'README.md', content: renderMarkdown(model) },
          ...chartJobs.map(({ chart }) => ({ name: chart.name, content: svgFile(chart.svg, input.generator) })),
        ]
      : [{ name: 'index.html', content: renderHtml(model) }];
  return { files, warnings, model };
}

function svgFile(svg, generator) {
  // The declaration and the comment share the first line.
  return `<?xml version="1.0" encoding="UTF-8"?>${xmlComment(generator)}\n${svg}\n`;
}

module.exports = { FORMATS, buildReport, scenarioSections };
