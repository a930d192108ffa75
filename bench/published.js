#!/usr/bin/env node
'use strict';

// `npm run published`: measures every row of lib/published/figures.json with
// the public `asyncmark bench` (old Node versions installed on demand), and
// the chart "DoxBee across Node versions" (timed, then counted: bench
// --measure instructions, for its panel of CPU work), then writes
// docs/published.md (and docs/published/doxbee-across-node.svg) from the
// figures and those runs alone.
//   --results FILE   the runs (default docs/published/runs.jsonl); runs
//                    already in it are kept (bench --resume)
//   --page FILE      the page (default docs/published.md); a file there that
//                    this script did not write is never overwritten
//   --only a,b       only these rows (their ids); the page still lists all
//   --report-only    no benchmark: the page from the runs already made
//   --note TEXT      a sentence for the page (the load the machine was under)
//   --test           every bench in its cheap mode (n <= 10, one run)

const fs = require('node:fs');
const path = require('node:path');
const { parseArgs } = require('node:util');
const { spawnSync } = require('node:child_process');
const { UsageError, refuse } = require('./usage');
const { loadFigures } = require('../lib/published/figures');
const { benchArgs } = require('../lib/published/commands');
const { publishedPage, MARK } = require('../lib/published/page');
const { readResults } = require('../lib/runner/session');
const { versionSpec, versionPoints, workPoints } = require('../lib/published/version-chart');
const { renderSvg } = require('../lib/report/charts/vega');
const FIGURES = require('../lib/published/figures.json');
const ARTICLE = require('../lib/article-2013.json');

const ROOT = path.join(__dirname, '..');
const CLI = path.join(__dirname, 'cli.js');
// "DoxBee across Node versions" (figures.json's chart).
const CHART = FIGURES.chart;

function options(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      results: { type: 'string', default: path.join(ROOT, 'docs', 'published', 'runs.jsonl') },
      page: { type: 'string', default: path.join(ROOT, 'docs', 'published.md') },
      only: { type: 'string' },
      'report-only': { type: 'boolean', default: false },
      note: { type: 'string' },
      test: { type: 'boolean', default: false },
    },
  });
  const ids = [...FIGURES.rows.map((row) => row.id), CHART.id];
  const only = values.only ? values.only.split(',') : ids;
  for (const id of only) if (!ids.includes(id)) throw refuse('--only', id, `row ids of lib/published/figures.json: ${ids.join(', ')}`);
  const page = path.resolve(values.page);
  if (fs.existsSync(page) && !fs.readFileSync(page, 'utf8').startsWith(MARK)) {
    throw new UsageError(`--page: ${values.page} was not written by npm run published; expected a new file or one it wrote (move that one away)`);
  }
  return { ...values, only, page, results: path.resolve(values.results) };
}

function articleExamples(row) {
  return [...new Set([row.ours.denominator.example, ...ARTICLE.rows.filter((r) => r.example && typeof r.timeMs === 'number').map((r) => r.example)])];
}

function machineOf(lines) {
  const env = lines.find((line) => line.env && line.env.cpu)?.env;
  return env ? `${env.cpu}, ${env.cpus} cores, ${env.memoryGB} GB, ${env.platform} ${env.release}` : null;
}

async function main(argv) {
  const opts = options(argv);
  fs.mkdirSync(path.dirname(opts.results), { recursive: true });
  if (!opts['report-only']) {
    const chartRow = { id: CHART.id, ours: { ...CHART, numerator: { example: CHART.baseline }, denominator: { example: CHART.baseline } } };
    const plan = [...FIGURES.rows, chartRow]
      .filter((r) => opts.only.includes(r.id))
      .map((row) => {
        const examples = row.fromArticle2013 ? articleExamples(row) : row.id === CHART.id ? CHART.examples : undefined;
        return { id: row.id, args: benchArgs(row, { examples }) };
      });
    // The chart's CPU-work panel: the same cell counted on every runtime of the chart.
    if (opts.only.includes(CHART.id) && CHART.counted) {
      const counted = benchArgs({ ours: { ...chartRow.ours, runs: CHART.counted.runs } }, { examples: CHART.examples });
      plan.push({ id: `${CHART.id} (counted)`, args: [...counted, '--measure', 'instructions'] });
    }
    for (const { id, args: bench } of plan) {
      const args = [...bench, '--out', opts.results, '--resume', '--quiet'];
      if (opts.test) args.splice(args.indexOf('--runs'), 2, '--test');
      process.stderr.write(`published: ${id}: asyncmark ${args.join(' ')}\n`);
      const run = spawnSync(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
      // A refused or failed bench leaves its row "not measured"; the page says why.
      if (run.status !== 0) process.stderr.write(`published: ${id}: bench ended with exit code ${run.status}\n`);
    }
  }
  const lines = fs.existsSync(opts.results) ? readResults(opts.results) : [];
  const machine = machineOf(lines);
  const spec = versionSpec(lines, { ...CHART, machine }, CHART.basis);
  let chart = null;
  if (spec) {
    const file = path.join(path.dirname(opts.page), 'published', `${CHART.id}.svg`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${await renderSvg(spec)}\n`);
    chart = {
      file: path.relative(path.dirname(opts.page), file),
      basis: CHART.basis,
      notDrawn: versionPoints(lines, CHART, CHART.basis).notDrawn,
      notCounted: CHART.counted ? workPoints(lines, CHART).notCounted : null,
    };
  }
  fs.writeFileSync(opts.page, publishedPage(loadFigures(), lines, { machine, note: opts.note, chart }));
  process.stderr.write(`published: ${path.relative(process.cwd(), opts.page)} from ${lines.length} runs\n`);
}

main(process.argv.slice(2)).catch((error) => {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`asyncmark: ${error.message}\n`);
  process.exitCode = 2;
});
