#!/usr/bin/env node
'use strict';

// `npm run published`: measures every row of lib/published/figures.json with
// the public `asyncmark bench` (old Node versions installed on demand), and
// the chart "DoxBee across Node versions" (timed, then counted: bench
// --measure instructions, for its panel of CPU work), counts each row that
// shows counted work beside its times (ours.count), then writes docs/published.md (and
// docs/published/doxbee-across-node.svg) from the figures and those runs
// alone. While each bench runs it samples the load average, and records the
// window beside the runs (docs/published/load.jsonl), with the cores other
// processes kept busy (bench/others-busy.js): timed runs made on a machine
// that was not the bench's own are shown and not judged (lib/published/load.js).
//   --results FILE   the runs (default docs/published/runs.jsonl); runs
//                    already in it are kept (bench --resume)
//   --load FILE      the load windows (default: load.jsonl beside the runs)
//   --page FILE      the page (default docs/published.md); a file there that
//                    this script did not write is never overwritten
//   --only a,b       only these rows (their ids); the page still lists all
//   --report-only    no benchmark: the page from the runs already made
//   --counted-only   only the counts (bench --measure instructions), which a
//                    loaded machine does not move
//   --new-session    the rows' timed runs made again as a session of their
//                    own beside those already there (no --resume), so that
//                    each row is judged in each session (lib/published/
//                    comparisons.js); the counts and the chart are kept
//   --note TEXT      a sentence for the page (the load the machine was under)
//   --test           every bench in its cheap mode (n <= 10, one run)

const fs = require('node:fs');
const path = require('node:path');
const { parseArgs } = require('node:util');
const os = require('node:os');
const { spawn } = require('node:child_process');
const { UsageError, refuse } = require('./usage');
const { loadFigures } = require('../lib/published/figures');
const { benchArgs, runArgs } = require('../lib/published/commands');
const { publishedPage, MARK } = require('../lib/published/page');
const { readResults } = require('../lib/runner/session');
const drivers = require('../lib/drivers');
const { versionSpec, versionPoints, workPoints } = require('../lib/published/version-chart');
const { renderSvg } = require('../lib/report/charts/vega');
const { othersBusy } = require('./others-busy');
const FIGURES = require('../lib/published/figures.json');
const ARTICLE = require('../lib/article-2013.json');

const ROOT = path.join(__dirname, '..');
const CLI = path.join(__dirname, 'cli.js');
// "DoxBee across Node versions" (figures.json's chart).
const CHART = FIGURES.chart;
// Counts of each cell of a row with counted work beside its times: two, so that the
// interval shows whether they repeat.
const COUNTS = 2;

function options(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        results: { type: 'string', default: path.join(ROOT, 'docs', 'published', 'runs.jsonl') },
        load: { type: 'string' },
        page: { type: 'string', default: path.join(ROOT, 'docs', 'published.md') },
        only: { type: 'string' },
        'report-only': { type: 'boolean', default: false },
        'counted-only': { type: 'boolean', default: false },
        'new-session': { type: 'boolean', default: false },
        note: { type: 'string' },
        test: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError(
      `${error.message}; expected --results FILE, --load FILE, --page FILE, --only ID,..., --report-only, --counted-only, --new-session, --note TEXT, --test (see the comment at the top of bench/published.js)`,
    );
  }
  const ids = [...FIGURES.rows.map((row) => row.id), CHART.id];
  const only = values.only ? values.only.split(',') : ids;
  for (const id of only) if (!ids.includes(id)) throw refuse('--only', id, `row ids of lib/published/figures.json: ${ids.join(', ')}`);
  const page = path.resolve(values.page);
  if (fs.existsSync(page) && !fs.readFileSync(page, 'utf8').startsWith(MARK)) {
    throw new UsageError(`--page: ${values.page} was not written by npm run published; expected a new file or one it wrote (move that one away)`);
  }
  const results = path.resolve(values.results);
  return { ...values, only, page, results, load: path.resolve(values.load ?? path.join(path.dirname(results), 'load.jsonl')) };
}

function articleExamples(row) {
  return [...new Set([row.ours.denominator.example, ...ARTICLE.rows.filter((r) => r.example && typeof r.timeMs === 'number').map((r) => r.example)])];
}

// How often the load average is read while a bench runs.
const LOAD_EVERY_MS = 5000;

/**
 * Runs one bench, reading the 1-minute load average before, every
 * LOAD_EVERY_MS and after; resolves to its exit code and the load window.
 */
function benchWithLoad(args, row) {
  return new Promise((resolve) => {
    const samples = [os.loadavg()[0]];
    const from = new Date().toISOString();
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
    // The cores other processes keep busy, which the load average cannot tell from the bench's own.
    const others = othersBusy(child.pid);
    const timer = setInterval(() => {
      samples.push(os.loadavg()[0]);
      others.sample();
    }, LOAD_EVERY_MS);
    child.on('close', (code) => {
      clearInterval(timer);
      samples.push(os.loadavg()[0]);
      const busy = others.result();
      const window = {
        row,
        from,
        to: new Date().toISOString(),
        min: Math.min(...samples),
        max: Math.max(...samples),
        samples: samples.length,
        ...(busy ? { others: busy } : {}),
      };
      resolve({ code, window });
    });
  });
}

function readWindows(file) {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
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
    const timedPlan = [...FIGURES.rows, chartRow]
      .filter((r) => opts.only.includes(r.id))
      .map((row) => {
        const examples = row.fromArticle2013 ? articleExamples(row) : row.id === CHART.id ? CHART.examples : undefined;
        return { id: row.id, args: benchArgs(row, { examples }) };
      });
    const plan = opts['counted-only'] ? [] : timedPlan;
    // The chart's CPU-work panel: the same cell counted on every runtime of the chart.
    if (opts.only.includes(CHART.id) && CHART.counted) {
      const counted = benchArgs({ ours: { ...chartRow.ours, runs: CHART.counted.runs } }, { examples: CHART.examples });
      plan.push({ id: `${CHART.id} (counted)`, args: [...counted, '--measure', 'instructions'] });
    }
    // The rows with counted work beside their times: their cells counted too.
    for (const row of FIGURES.rows.filter((r) => opts.only.includes(r.id) && r.ours.count)) {
      plan.push({ id: `${row.id} (counted)`, args: [...benchArgs({ ...row, ours: { ...row.ours, runs: COUNTS } }), '--measure', 'instructions'] });
    }
    for (const { id, args: bench } of plan) {
      const args = runArgs(bench, { out: opts.results, newSession: opts['new-session'], counted: id.endsWith('(counted)'), chart: id === CHART.id });
      if (opts.test) args.splice(args.indexOf('--runs'), 2, '--test');
      process.stderr.write(`published: ${id}: asyncmark ${args.join(' ')}\n`);
      const { code, window } = await benchWithLoad(args, id);
      fs.appendFileSync(opts.load, `${JSON.stringify(window)}\n`);
      // A refused or failed bench leaves its row "not measured"; the page says why.
      if (code !== 0) process.stderr.write(`published: ${id}: bench ended with exit code ${code}\n`);
    }
  }
  const lines = fs.existsSync(opts.results) ? readResults(opts.results, { drivers }) : [];
  const windows = readWindows(opts.load);
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
  fs.writeFileSync(opts.page, publishedPage(loadFigures(), lines, { machine, note: opts.note, chart, windows }));
  process.stderr.write(`published: ${path.relative(process.cwd(), opts.page)} from ${lines.length} runs\n`);
}

main(process.argv.slice(2)).catch((error) => {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`asyncmark: ${error.message}\n`);
  process.exitCode = 2;
});
