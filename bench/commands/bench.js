'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { Option } = require('commander');
const problems = require('../../examples');
const scenarios = require('../scenarios');
const { LATENCY_MODELS } = require('../../lib/fakes');
const { plan, runSession, readResults } = require('../../lib/runner/session');
const { killAll } = require('../../lib/runner/spawn');
const { summarize, growth } = require('../../lib/summary');
const { formatRows } = require('../../lib/format');
const { statusLabel } = require('../../lib/report/display');
const { UsageError, refuse, parseNames, parseNumber, parseNumbers, parseChoice, parsePath } = require('../usage');
const { createProgress } = require('../progress');

const FORMATS = ['table', 'markdown', 'csv', 'json'];
const DEFAULT_OUT = 'asyncmark-results.jsonl';

// Which latency parameter each model reads; giving the other is a conflict.
const LATENCY_PARAMS = { constant: ['t'], jitter: ['t'], load: ['dt'], tick: [] };

/**
 * Turns the command's options into a validated session: scenario, examples,
 * parameter grid, runs. Throws UsageError before anything runs.
 */
function resolveOptions(options) {
  const scenario = scenarios[options.scenario];
  if (!scenario) throw refuse('--scenario', options.scenario, `one of ${Object.keys(scenarios).join(', ')}`);
  const registry = problems[scenario.problem];
  const all = registry.examples.map((e) => e.name);

  const given = (value) => value !== undefined;
  if (given(options.examples) && given(options.exclude)) throw new UsageError('--examples and --exclude: give one or the other, not both');
  let examples = all;
  if (given(options.examples)) examples = parseNames('--examples', options.examples, all);
  if (given(options.exclude)) {
    const excluded = parseNames('--exclude', options.exclude, all);
    examples = all.filter((name) => !excluded.includes(name));
    if (examples.length === 0) throw new UsageError('--exclude: every example is excluded; nothing would run');
  }

  const defaults = scenario.defaults;
  const params = { ...defaults };
  if (options.n !== undefined) params.n = parseNumbers('--n', options.n, { min: 1, max: 1e7, integer: true });
  if (options.latency !== undefined) params.latency = parseChoice('--latency', options.latency, LATENCY_MODELS);
  const uses = LATENCY_PARAMS[params.latency];
  if (options.t !== undefined) {
    if (!uses.includes('t')) throw new UsageError(`--t: does not apply to --latency ${params.latency}${params.latency === 'load' ? '; use --dt' : ''}`);
    params.t = parseNumbers('--t', options.t, { min: 0, max: 60000 });
  }
  if (options.dt !== undefined) {
    if (!uses.includes('dt')) throw new UsageError(`--dt: applies only with --latency load, not ${params.latency}`);
    params.dt = parseNumber('--dt', options.dt, { min: 0, max: 60000, minExclusive: true });
  }
  if (options.e !== undefined) {
    if (!('e' in defaults) || defaults.e === 0) throw new UsageError(`--e: applies to scenarios with failures (doxbee-errors), not ${scenario.name}`);
    params.e = parseNumber('--e', options.e, { min: 0, max: 1 });
  }
  if (options.p !== undefined) {
    if (!('p' in defaults)) throw new UsageError(`--p: applies to madeup-parallel only, not ${scenario.name}`);
    params.p = parseNumber('--p', options.p, { min: 1, max: 1000, integer: true });
  }
  if (options.seed !== undefined) params.seed = parseNumber('--seed', options.seed, { min: 0, max: 2 ** 32 - 1, integer: true });
  // Only the parameters the latency model reads are kept, so cells are not split by unused values.
  if (!uses.includes('t')) delete params.t;
  if (!uses.includes('dt')) delete params.dt;

  let runs = options.runs === undefined ? 5 : parseNumber('--runs', options.runs, { min: 1, max: 1000, integer: true });
  const timeoutMs = parseNumber('--timeout', options.timeout ?? 60, { min: 0, max: 86400, minExclusive: true }) * 1000;
  const format = parseChoice('--format', options.format ?? 'table', FORMATS);
  // The problem's reference is the baseline when it runs; otherwise the first
  // example that does, unless --baseline names one.
  const baseline = options.baseline ?? (examples.includes(registry.reference) ? registry.reference : examples[0]);
  if (!examples.includes(baseline)) {
    throw refuse('--baseline', baseline, `one of the examples that run (${examples.join(', ')})`);
  }
  if (options.test) {
    // A cheap mode for CI and smoke tests: the first value of every list, tiny n, one run.
    params.n = [Math.min(10, params.n[0])];
    for (const key of Object.keys(params)) if (Array.isArray(params[key])) params[key] = [params[key][0]];
    runs = 1;
  }
  const out = options.out === undefined ? DEFAULT_OUT : options.out;
  if (out !== false) checkWritable(parsePath('--out', out, 'a file path (or --no-out for no file)'));
  if (options.resume) {
    if (out === false) throw new UsageError('--resume: needs a results file; it cannot be used with --no-out');
    try {
      readResults(out);
    } catch (error) {
      throw new UsageError(`--resume: ${error.message}; expected a results file written by asyncmark bench`);
    }
  }
  return { scenario, examples, params, runs, timeoutMs, format, baseline, out: out === false ? null : out };
}

function checkWritable(file) {
  const dir = path.dirname(path.resolve(file));
  try {
    if (fs.existsSync(file)) {
      if (fs.statSync(file).isDirectory()) throw new Error('is a directory');
      fs.accessSync(file, fs.constants.W_OK);
    } else {
      fs.accessSync(dir, fs.constants.W_OK);
    }
  } catch (error) {
    throw refuse('--out', file, `a writable file path (${error.code === 'ENOENT' ? 'its folder does not exist' : error.message})`);
  }
}

const fixed = (digits) => (v) => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(digits) : '');

function rowsOf(summaries, baseline) {
  return summaries.map((s) => ({
    isBaseline: s.example === baseline,
    scenario: s.scenario,
    example: s.example,
    ...s.params,
    status: statusLabel(s.status),
    runs: `${s.okRuns}/${s.runs}`,
    // The mean: the ratio below is a ratio of means, and rows are sorted by
    // it, so the three never contradict each other.
    timeMs: s.time ? s.time.mean : null,
    medianMs: s.time ? s.time.median : null,
    plusMinusPct: s.time ? s.time.relative * 100 : null,
    minMs: s.time ? s.time.min : null,
    maxMs: s.time ? s.time.max : null,
    ratio: s.ratio ? s.ratio.ratio : null,
    significant: s.ratio ? s.ratio.significant : null,
    rssMB: s.maxRssMB,
    heapMB: s.heapPeakMB,
    cpuMs: s.cpuMs,
    gcMs: s.gcMs,
    failed: s.failed,
    error: s.error,
  }));
}

const COLUMNS = [
  { key: 'example', title: 'example' },
  { key: 'status', title: 'status' },
  { key: 'runs', title: 'runs', align: 'right' },
  { key: 'timeMs', title: 'mean ms', align: 'right', format: fixed(1) },
  { key: 'plusMinusPct', title: '±95%', align: 'right', format: (v) => (Number.isFinite(v) ? `${v.toFixed(1)}%` : '') },
  { key: 'ratio', title: 'x base', align: 'right', format: (v, row) => (v === null ? '' : `${v.toFixed(2)}${row.significant === false && !row.isBaseline ? ' ~' : ''}`) },
  { key: 'rssMB', title: 'RSS MB', align: 'right', format: fixed(1) },
  { key: 'heapMB', title: 'heap MB', align: 'right', format: fixed(1) },
  { key: 'cpuMs', title: 'CPU ms', align: 'right', format: fixed(0) },
  { key: 'gcMs', title: 'GC ms', align: 'right', format: fixed(1) },
  { key: 'failed', title: 'failed', align: 'right', format: fixed(0) },
];

function cellTitle(params) {
  return Object.entries(params).map(([k, v]) => `${k}=${v}`).join(' ');
}

/** The report printed at the end of a session, from its result lines only. */
function render(lines, { baseline, format }) {
  const summaries = summarize(lines, { baseline });
  const rows = rowsOf(summaries, baseline);
  if (format === 'json') return JSON.stringify({ cells: summaries.map(({ times, ...s }) => s), growth: growth(summaries) }, null, 2) + '\n';
  if (format === 'csv') {
    const keys = Object.keys(rows[0] ?? {}).filter((key) => key !== 'isBaseline').map((key) => ({ key }));
    return formatRows(rows, keys, 'csv');
  }
  const groups = new Map();
  rows.forEach((row, i) => {
    const title = `${row.scenario}: ${cellTitle(summaries[i].params)}`;
    if (!groups.has(title)) groups.set(title, []);
    groups.get(title).push(row);
  });
  const parts = [];
  for (const [title, group] of groups) {
    group.sort((a, b) => (a.timeMs ?? Infinity) - (b.timeMs ?? Infinity));
    parts.push(format === 'markdown' ? `### ${title}\n` : `${title}`);
    parts.push(formatRows(group, COLUMNS, format));
    const same = group.filter((r) => r.significant === false && !r.isBaseline).map((r) => r.example);
    const notes = [`Rows sorted by mean ms, the mean time of the runs; ±95%: half-width of its t-interval, relative; x base: ratio of means to ${baseline}.`];
    if (same.length) notes.push(`~ not significantly different from ${baseline} (t-test of the log ratio, Welch df, p >= 0.05): ${same.join(', ')}.`);
    const failedRows = group.filter((r) => r.error);
    for (const r of failedRows) notes.push(`${r.example}: ${r.status} ${r.error}`);
    parts.push(notes.join('\n') + '\n');
  }
  const exponents = growth(summaries);
  if (exponents.length) {
    parts.push(format === 'markdown' ? '### growth with n\n' : 'growth with n');
    parts.push(formatRows(exponents.sort((a, b) => a.cpuExponent - b.cpuExponent), [
      { key: 'scenario' },
      { key: 'example' },
      { key: 'ns', title: 'n', format: (v) => v.join(',') },
      { key: 'cpuExponent', title: 'CPU exponent', align: 'right', format: fixed(2) },
      { key: 'memoryExponent', title: 'heap exponent', align: 'right', format: fixed(2) },
      { key: 'timeExponent', title: 'wall exponent', align: 'right', format: fixed(2) },
    ], format));
    parts.push('Exponents are log-log slopes over n (1 = linear, 2 = quadratic) of median CPU time and of the heap a batch added. Wall time includes the sequential I/O waits, which do not grow with n, so its slope stays below 1 while they dominate.\n');
  }
  return parts.join('\n');
}

async function action(options) {
  const settings = resolveOptions(options);
  const jobs = plan(settings);
  const progress = createProgress({ total: jobs.length, quiet: options.quiet });
  const onSignal = async () => {
    progress.stop();
    await killAll();
    process.stderr.write(`\nasyncmark: interrupted; finished runs are in ${settings.out ?? '(no file)'}\n`);
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let lines;
  try {
    lines = await runSession(jobs, {
      out: settings.out,
      resume: Boolean(options.resume),
      baseline: settings.baseline,
      timeoutMs: settings.timeoutMs,
      detailed: !options.bare,
      onRun: (line) => progress.tick(`${line.example} n=${line.params.n}`),
      onWarning: (message) => process.stderr.write(`asyncmark: warning: ${message}\n`),
    });
  } finally {
    progress.stop();
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
  process.stdout.write(render(lines, settings));
  if (settings.out && !options.quiet) process.stderr.write(`asyncmark: ${lines.length} runs in ${settings.out}\n`);
}

function register(program) {
  program
    .command('bench')
    .description('time and peak memory of every example: n concurrent invocations per child process, repeated and interleaved')
    .option('--scenario <name>', `scenario to run (${Object.keys(scenarios).join(', ')})`, 'doxbee-sequential')
    .option('--examples <a,b>', 'only these examples (default: all of the scenario\'s problem)')
    .option('--exclude <a,b>', 'every example but these')
    .option('--n <list>', 'concurrent invocations per run, a comma-separated list (default: the scenario\'s, see asyncmark list; 100,1000,10000 for doxbee)')
    .addOption(new Option('--latency <model>', 'I/O latency model: constant t ms, load = in-flight x dt ms, jitter = t ms +-50% (seeded), tick = next turn of the event loop; fractional delays are dithered between whole ms (Node timers have 1 ms resolution) so the mean is kept').choices(LATENCY_MODELS))
    .option('--t <ms>', 'latency of each operation in ms, for constant and jitter; a list gives a grid (default: 1)')
    .option('--dt <ms>', 'ms added per operation in flight, for --latency load (default: 0.1)')
    .option('--e <likelihood>', 'likelihood 0..1 that an operation fails, for doxbee-errors (default: 0.1)')
    .option('--p <count>', 'parallel queries per upload, for madeup-parallel (default: 25)')
    .option('--runs <count>', 'runs per cell, each in a fresh process (default: 5)')
    .option('--timeout <seconds>', 'a run still going after this is killed and reported T/O (default: 60)')
    .option('--seed <int>', 'seed of every random decision: faults, jitter (default: 1)')
    .option('--baseline <name>', 'example the others are compared with (default: the problem\'s reference, callbacks-original for doxbee, if it runs; else the first example)')
    .option('--out <file>', `append each run as a JSON line to this file (default: ${DEFAULT_OUT})`)
    .option('--no-out', 'do not write a results file')
    .option('--resume', 'skip runs already present in --out')
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS).default('table'))
    .option('--quiet', 'no progress on stderr (a bar on a terminal, elsewhere a line every 5 s) and no closing note')
    .option('--test', 'cheap mode for CI: first value of every list, n <= 10, one run')
    .option('--bare', 'no heap sampling, GC or event-loop observers (time, CPU and RSS only): to measure their overhead; use its own --out')
    .addHelpText('after', `
Each run is a fresh child process: load the example, warm up, collect garbage,
then start n invocations at once and wait for all. Runs are verified (every
invocation called back exactly once, every operation done) and a run that does
not check out is reported, not averaged: CRASH, T/O, OOM, DOUBLE, INVALID.

Examples:
  asyncmark bench
  asyncmark bench --scenario doxbee-errors --e 0.2 --n 1000 --runs 10
  asyncmark bench --examples callbacks-original,async-await --latency load --dt 0.05
`)
    .action(action);
}

module.exports = { register, resolveOptions, render };
