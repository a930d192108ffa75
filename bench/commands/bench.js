'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { Option } = require('commander');
const problems = require('../../examples');
const scenarios = require('../scenarios');
const drivers = require('../../lib/drivers');
const { plan, runSession, readResults } = require('../../lib/runner/session');
const { interruptible } = require('../interrupt');
const { summarize, growth } = require('../../lib/summary');
const { formatRows } = require('../../lib/format');
const { statusLabel } = require('../../lib/report/display');
const { UsageError, refuse, parseNames, parseNumber, parseChoice, parsePath } = require('../usage');
const { optionsFor, resolveParams, testParams } = require('../params');
const { createProgress } = require('../progress');

const FORMATS = ['table', 'markdown', 'csv', 'json'];
const DEFAULT_OUT = 'asyncmark-results.jsonl';

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

  const driver = drivers[scenario.driver];
  let params = resolveParams(scenario, driver, options, scenarios);

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
    // A cheap mode for CI and smoke tests: the first value of every list, cut small, one run.
    params = testParams(params, driver);
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
  return { scenario, driver, examples, params, runs, timeoutMs, format, baseline, out: out === false ? null : out };
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
    maxRssMB: s.maxRssMB,
    heapPeakMB: s.heapPeakMB,
    cpuMs: s.cpuMs,
    gcMs: s.gcMs,
    failed: s.failed,
    ...s.extra,
    error: s.error,
  }));
}

// The table's columns: the time and its ratio for every driver, then the driver's own.
function columnsOf(driver) {
  return [
    { key: 'example', title: 'example' },
    { key: 'status', title: 'status' },
    { key: 'runs', title: 'runs', align: 'right' },
    { key: 'timeMs', title: `mean ${driver.time.unit}`, align: 'right', format: fixed(driver.time.unit === 'ms' && driver.name === 'compute' ? 3 : 1) },
    { key: 'plusMinusPct', title: '±95%', align: 'right', format: (v) => (Number.isFinite(v) ? `${v.toFixed(1)}%` : '') },
    {
      key: 'ratio',
      title: 'x base',
      align: 'right',
      format: (v, row) => (v === null ? '' : `${v.toFixed(2)}${row.significant === false && !row.isBaseline ? ' ~' : ''}`),
    },
    ...driver.columns.map(({ key, title, digits }) => ({ key, title, align: 'right', format: fixed(digits) })),
  ];
}

function cellTitle(params) {
  return Object.entries(params)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
}

/** The report printed at the end of a session, from its result lines only. */
function render(lines, { baseline, format, driver = drivers.batch }) {
  const summaries = summarize(lines, { baseline });
  const rows = rowsOf(summaries, baseline);
  if (format === 'json') return JSON.stringify({ cells: summaries.map(({ times, ...s }) => s), growth: growth(summaries) }, null, 2) + '\n';
  if (format === 'csv') {
    const keys = Object.keys(rows[0] ?? {})
      .filter((key) => key !== 'isBaseline')
      .map((key) => ({ key }));
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
    parts.push(formatRows(group, columnsOf(driver), format));
    const same = group.filter((r) => r.significant === false && !r.isBaseline).map((r) => r.example);
    const notes = [
      `Rows sorted by the mean ${driver.time.title} of the runs (${driver.time.description}); ±95%: half-width of its t-interval, relative; x base: ratio of means to ${baseline}.`,
    ];
    if (same.length) notes.push(`~ not significantly different from ${baseline} (t-test of the log ratio, Welch df, p >= 0.05): ${same.join(', ')}.`);
    const failedRows = group.filter((r) => r.error);
    for (const r of failedRows) notes.push(`${r.example}: ${r.status} ${r.error}`);
    parts.push(notes.join('\n') + '\n');
  }
  const fits = growth(summaries);
  const powers = fits.filter((g) => g.model === 'power');
  if (powers.length) {
    parts.push(format === 'markdown' ? '### growth with n\n' : 'growth with n');
    parts.push(
      formatRows(
        powers.sort((a, b) => a.cpuExponent - b.cpuExponent),
        [
          { key: 'scenario' },
          { key: 'example' },
          { key: 'ns', title: 'n', format: (v) => v.join(',') },
          { key: 'cpuExponent', title: 'CPU exponent', align: 'right', format: fixed(2) },
          { key: 'memoryExponent', title: 'heap exponent', align: 'right', format: fixed(2) },
          { key: 'timeExponent', title: 'wall exponent', align: 'right', format: fixed(2) },
        ],
        format,
      ),
    );
    parts.push(
      'Exponents are log-log slopes over n (1 = linear, 2 = quadratic) of median CPU time and of the heap a batch added. Wall time includes the sequential I/O waits, which do not grow with n, so its slope stays below 1 while they dominate.\n',
    );
  }
  const bases = fits.filter((g) => g.model === 'exponential');
  if (bases.length) {
    parts.push(format === 'markdown' ? '### growth with n\n' : 'growth with n');
    parts.push(
      formatRows(
        bases.sort((a, b) => a.timeBase - b.timeBase),
        [
          { key: 'scenario' },
          { key: 'example' },
          { key: 'ns', title: 'n', format: (v) => v.join(',') },
          { key: 'timeBase', title: 'base b', align: 'right', format: fixed(3) },
        ],
        format,
      ),
    );
    parts.push(
      'b is the base of exponential growth, time per call ∝ bⁿ, fitted to the median times: 1.618 (the golden ratio) for the plain recursion, about 1 for one that does linear work (a memo).\n',
    );
  }
  return parts.join('\n');
}

async function action(options) {
  const settings = resolveOptions(options);
  const jobs = plan(settings);
  const progress = createProgress({ total: jobs.length, quiet: options.quiet });
  const lines = await interruptible(
    () =>
      runSession(jobs, {
        out: settings.out,
        resume: Boolean(options.resume),
        timeoutMs: settings.timeoutMs,
        detailed: !options.bare,
        onRun: (line) => progress.tick(`${line.example} n=${line.params.n}`),
        onWarning: (message) => process.stderr.write(`asyncmark: warning: ${message}\n`),
      }),
    { progress, note: `interrupted; finished runs are in ${settings.out ?? '(no file)'}` },
  );
  process.stdout.write(render(lines, settings));
  if (settings.out && !options.quiet) process.stderr.write(`asyncmark: ${lines.length} runs in ${settings.out}\n`);
}

function register(program) {
  const command = program
    .command('bench')
    .description('time and peak memory of every example of a scenario, each run in a fresh child process, repeated and interleaved')
    .option('--scenario <name>', `scenario to run (${Object.keys(scenarios).join(', ')})`, 'doxbee-sequential')
    .option('--examples <a,b>', "only these examples (default: all of the scenario's problem)")
    .option('--exclude <a,b>', 'every example but these')
    .option('--runs <count>', 'runs per cell, each in a fresh process (default: 5)')
    .option('--timeout <seconds>', 'a run still going after this is killed and reported T/O (default: 60)')
    .option(
      '--baseline <name>',
      "example the others are compared with (default: the problem's reference, callbacks-original for doxbee, if it runs; else the first example)",
    )
    .option('--out <file>', `append each run as a JSON line to this file (default: ${DEFAULT_OUT})`)
    .option('--no-out', 'do not write a results file')
    .option('--resume', 'skip runs already present in --out')
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS).default('table'))
    .option('--quiet', 'no progress on stderr (a bar on a terminal, elsewhere a line every 5 s) and no closing note')
    .option('--test', 'cheap mode for CI: first value of every list, cut small (n <= 10), one run')
    .option('--bare', 'no heap sampling, GC or event-loop observers (time, CPU and RSS only): to measure their overhead; use its own --out');
  // Every driver's parameters, generated from their declarations (lib/drivers).
  for (const option of optionsFor(drivers, scenarios)) command.addOption(option);
  command
    .addHelpText(
      'after',
      `
Each run is a fresh child process: load the example, warm up, collect garbage,
then measure. A scenario's driver says what a run does: batch (the DoxBee
scenarios) starts n invocations at once and waits for all; compute (fib,
slicing) calls fib(n) again and again for --min-time ms. Runs are verified
(batch: every invocation called back exactly once, every operation done;
compute: every call returned fib(n)) and a run that does not check out is
reported, not averaged: CRASH, T/O, OOM, DOUBLE, INVALID.
Parameters a scenario does not take are refused; asyncmark list shows which.

Examples:
  asyncmark bench
  asyncmark bench --scenario doxbee-errors --e 0.2 --n 1000 --runs 10
  asyncmark bench --examples callbacks-original,async-await --latency load --dt 0.05
  asyncmark bench --scenario fib --n 20,25 --examples sync,async,pool-split
  asyncmark bench --scenario slicing --k 100
`,
    )
    .action(action);
}

module.exports = { register, resolveOptions, render };
