'use strict';

const show = require('./display');
const { parseResults } = require('./runs');
const { summarizeRuns, referenceParams, headlineCell } = require('./summarize');
const { timeTable, metricTable, summaryTable } = require('./tables');
const { metricRows } = require('./metric-files');
const charts = require('./charts');
const { renderMarkdown } = require('./markdown');
const { renderHtml } = require('./html');
const { xmlComment } = require('./generated');
const { paramsKey } = require('../summary');

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
    return { name: file.name, data, table: metricTable(data) };
  } catch (error) {
    return { name: file.name, note: `The ${what} file ${file.name} could not be read as a table (${error.message}), so this section is left out.` };
  }
}

// A chart file name that stays the same from run to run for the same grid.
function chartBase(scenario, envIndex, envCount, othersSlug) {
  return [scenario, envCount > 1 ? `env${envIndex + 1}` : null, othersSlug].filter(Boolean).join('-');
}

// Parameters (other than n) that differ between the chart series of one
// scenario name the files apart: "t1", "t10", "load-dt0.05".
function othersSlugs(paramSets) {
  if (paramSets.length < 2) return paramSets.map(() => null);
  const keys = show.orderedParamKeys(paramSets[0]).filter((key) => key !== 'n'
    && new Set(paramSets.map((p) => String(p[key]))).size > 1);
  const word = (key, value) => (typeof value === 'number' ? `${key}${value}` : String(value));
  return paramSets.map((p) => show.slug(keys.map((key) => word(key, p[key])).join('-')));
}

/**
 * Per environment and scenario: the tables at the reference cells, and the
 * charts (time and memory against n) of the grid lines they sit on.
 * @returns {{ sections: object[], chartJobs: Array<{ chart, spec }> }}
 */
function scenarioSections(summary, envs) {
  const chartJobs = [];
  const sections = [];
  for (const [envIndex, env] of envs.entries()) {
    for (const scenario of summary.scenarios) {
      const cells = summary.cells.filter((c) => c.env === env.key && c.scenario === scenario);
      if (cells.length === 0) continue;
      const references = referenceParams(cells);
      const tables = references.map((params) => ({
        params,
        title: show.params(params),
        table: timeTable(summary.cells, { env: env.key, scenario, params }),
      }));
      const series = [];
      for (const params of references) {
        const key = paramsKey(params);
        // A chart against n needs at least two values of n.
        const ns = new Set(cells.filter((c) => paramsKey(c.params) === key).map((c) => c.params.n));
        if (ns.size >= 2 && !series.some((p) => paramsKey(p) === key)) series.push(params);
      }
      const slugs = othersSlugs(series);
      const sectionCharts = [];
      series.forEach((params, i) => {
        const base = chartBase(scenario, envIndex, envs.length, slugs[i]);
        const at = { env: env.key, scenario, params, envLabel: envs.length > 1 ? env.label : undefined };
        for (const [kind, spec] of [['time', charts.timeChartSpec(summary.cells, at)], ['memory', charts.memoryChartSpec(summary.cells, at)]]) {
          const chart = { name: `${base}-${kind}.svg`, kind, title: spec.title.text, svg: null };
          chartJobs.push({ chart, spec });
          sectionCharts.push(chart);
        }
      });
      sections.push({ env, scenario, tables, charts: sectionCharts });
    }
  }
  return { sections, chartJobs };
}

/**
 * @param {object} input
 * @param {Array<{ name: string, text: string }>} input.results results files
 * @param {{ name, text?, missing? } | null} input.complexity
 * @param {{ name, text?, missing? } | null} input.debuggability
 * @param {'markdown' | 'html'} input.format
 * @param {string} [input.baseline] overrides the baseline the sessions named
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

  const summary = summarizeRuns(runs, { baseline: input.baseline });
  const envs = summary.envs.map((env, index) => ({ ...env, id: `env ${index + 1}`, label: show.envLabel(env) }));
  const envByKey = new Map(envs.map((env) => [env.key, env]));

  const complexity = readMetricFile(input.complexity, 'complexity');
  const debuggability = readMetricFile(input.debuggability, 'debuggability');
  for (const file of [complexity, debuggability]) if (file.name && file.note) warnings.push(file.note);

  const { sections, chartJobs } = scenarioSections(summary, envs);

  const headline = headlineCell(summary);
  const headlineBaseline = headline
    ? summary.cells.find((c) => c.env === headline.env && c.scenario === headline.scenario).baseline
    : null;
  const summaryRows = summaryTable(summary.cells, headline, complexity.data ?? null, debuggability.data ?? null);
  let scatter = null;
  if (headline && summaryRows.rows.some((row) => typeof row.tokens === 'number' && Number.isFinite(row.ratio))) {
    const spec = charts.scatterSpec(summaryRows.rows, {
      scenario: headline.scenario,
      params: headline.params,
      envLabel: envByKey.get(headline.env).label,
      tokensTitle: `complexity: ${summaryRows.tokensColumn}`,
      baseline: headlineBaseline,
    });
    scatter = { name: 'complexity-vs-time.svg', kind: 'scatter', title: spec.title.text, svg: null };
    chartJobs.push({ chart: scatter, spec });
  }

  const messages = [];
  for (const job of chartJobs) job.chart.svg = await charts.renderSvg(job.spec, { messages });
  for (const message of messages) warnings.push(`chart: ${message}`);

  const model = {
    generator: input.generator,
    links: input.links ?? {},
    inputs,
    envs,
    runs: runs.length,
    sessions: new Set(runs.map((r) => r.session)).size,
    headline: headline ? { ...headline, env: envByKey.get(headline.env), baseline: headlineBaseline } : null,
    summary: { table: summaryRows, scatter },
    sections,
    complexity,
    debuggability,
    cellCount: summary.cells.length,
  };

  const files = input.format === 'markdown'
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

module.exports = { FORMATS, buildReport };
