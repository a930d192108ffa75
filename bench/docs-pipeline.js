#!/usr/bin/env node
'use strict';

// `npm run docs`: regenerates docs/results/ from scratch — complexity,
// debuggability, the default grid of every scenario, then the reports. Each
// step is the public command, so the docs show exactly what users can rerun.
// `npm run docs -- --report-only` only rebuilds the reports and the README's family table.
// `npm run docs -- --resume` keeps docs/results/runs.jsonl and runs only the
// runs it lacks (an interrupted pipeline goes on; a finished one only renders
// its tables again), and probes only the examples whose debuggability results
// no longer stand (debuggability --keep). `--only FILE,...` (with --resume) runs only the steps that
// write those files (bench-doxbee-sequential.md, complexity.json, ...), then
// the reports: a part of the docs measured again without the rest.
// It also writes the references made from the code: docs/reference/cli.md
// from --help, docs/reference/results.md from the results schemas, api.md
// from package.json and the declarations, report-columns.md from the drivers' columns.
// `--out DIR` writes elsewhere, and then leaves the top-level README,
// docs/reference/ and docs/explanation/article-2013.md alone unless `--readme FILE` or `--article FILE`
// names a page to write into; `--test` runs every step in its cheap mode.
// It never overwrites a file a person wrote: each file it replaces must be one
// its steps generated, and that is checked before the first step runs.

const fs = require('node:fs');
const path = require('node:path');
const { parseArgs } = require('node:util');
const { spawnSync } = require('node:child_process');
const scenarios = require('./scenarios');
const problems = require('../examples');
const { UsageError, refuse } = require('./usage');
const { checkOutFolder, isReportFile } = require('./commands/report');
const { SCHEMA, isJson, upgrade } = require('../lib/results');
const { machine } = require('../lib/runner/environment');
const { findValgrind } = require('../lib/runner/count-plan');
const cliReference = require('./cli-reference');
const resultsReference = require('./results-reference');
const apiReference = require('./api-reference');
const reportReference = require('./report-reference');
const families = require('./readme-families');

const ROOT = path.join(__dirname, '..');
const DEFAULT_OUT = path.join(ROOT, 'docs', 'results');
const CLI = path.join(__dirname, 'cli.js');
// The probe is the slowest step; in --test mode it looks at two examples.
const TEST_EXAMPLES = 'callbacks-original,async-await';
// The default grids, trimmed so that the pipeline stays under 40 minutes on
// 2 cores. doxbee-io-bound's time is the simulated I/O, steady from run to
// run (a median 0.4% apart), so three n and 3 runs resolve what its grid shows
// (five n at up to 1.6 s a run for 29 examples took 7.5 minutes at 3 runs). Fib,
// slicing and the HTTP scenarios compare styles whose differences are large
// (or are asked again by a step of their own, as the 2018 client cell is), so
// 3 runs. The transpiled rows are left out of the I/O-bound and error steps:
// what compiling costs shows in the sequential tables, and the 2013 article's
// other experiments had none.
const TRANSPILED = problems.doxbee.examples.filter((entry) => entry.transpiled).map((entry) => entry.name);
const NO_TRANSPILED = ['--exclude', TRANSPILED.join(',')];
const THREE_RUNS = ['--runs', '3'];
// A step that names no --runs makes five, as before bench's default became 3
// (to keep its main job near 3 minutes): docs/results keeps its precision.
const FIVE_RUNS = ['--runs', '5'];
const SCENARIO_ARGS = {
  'doxbee-errors': NO_TRANSPILED,
  'doxbee-io-bound': ['--n', '100,1000,2000', ...THREE_RUNS, ...NO_TRANSPILED],
  fib: THREE_RUNS,
  slicing: THREE_RUNS,
  'http-server': THREE_RUNS,
  'http-client': THREE_RUNS,
};
// The cells whose CPU work is counted, each a cell of its scenario's default
// grid: DoxBee sequential and the parallel queries at n=1000, fib(20).
const COUNTED_CELLS = [
  ['doxbee-sequential', '1000'],
  ['madeup-parallel', '1000'],
  ['fib', '20'],
];
// The headline runtime: every table but the runtime matrices is measured on
// the current Node LTS (node@26 in November 2026), installed on demand.
const HEADLINE_RUNTIME = 'node@26';
// The runtimes set side by side: every Node line from the end-of-life 20 to
// the current 26, Bun and Deno.
const MATRIX_RUNTIMES = 'node@20,node@22,node@24,node@26,bun,deno';
// The cost of async context: Node before (22) and after (24, 26) AsyncLocalStorage
// moved onto AsyncContextFrame.
const CONTEXT_RUNTIMES = 'node@22,node@24,node@26';
// The recursion problem in browsers, with the headline runtime as their
// reference (cells UNSUPPORTED where one is not installed): sync against async,
// as the 2019 article compared engines, since a browser starts in 1-5 s a run.
const BROWSER_RUNTIMES = `${HEADLINE_RUNTIME},chromium,chromium-worker,firefox,firefox-worker`;
// The examples run against a real database.
const DATABASE_EXAMPLES =
  'callbacks-original,callbacks-flattened,callbacks-async-waterfall,generators-co,promises-native,promises-bluebird,promises-q,async-await,observables-rxjs,effect';
// What npm run docs writes into pages a person wrote, between markers: the
// family table into the README (bench/readme-families.js), the report's 2013
// article section into docs/explanation/article-2013.md.
const FAMILIES = { open: families.OPEN, close: families.CLOSE };
const ARTICLE = { heading: 'Beside the 2013 article', open: '<!-- article:start -->', close: '<!-- article:end -->' };
const ARTICLE_PAGE = path.join(ROOT, 'docs', 'explanation', 'article-2013.md');

// The first line of a generated markdown file: which command, machine and time.
function header(label) {
  const { node, cpu } = machine();
  return `<!-- generated by \`${label}\` (npm run docs) on node ${node}, ${cpu}, at ${new Date().toISOString()}; do not edit by hand -->\n`;
}

// Paths inside the project are shown relative to it, as the committed docs have them.
function projectPath(file) {
  const relative = path.relative(ROOT, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

// A page given on the command line must have the section's markers.
function pageOption(parameter, file, { open, close }) {
  if (file === undefined) return null;
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    // Missing or not a file: refused just below, like a file without markers.
  }
  if (!text.includes(open) || !text.includes(close)) throw refuse(parameter, file, `a file with the ${open} and ${close} markers`);
  return path.resolve(file);
}

function parseOptions(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        out: { type: 'string' },
        readme: { type: 'string' },
        article: { type: 'string' },
        test: { type: 'boolean' },
        resume: { type: 'boolean' },
        'report-only': { type: 'boolean' },
        only: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new UsageError(`${error.message}; expected --out DIR, --readme FILE, --article FILE, --test, --resume, --report-only, --only FILE,...`);
  }
  // A part of the pipeline must not start with a fresh results file, which would throw the rest away.
  if (values.only !== undefined && !values.resume) throw new UsageError('--only: only with --resume, which keeps the runs of the steps left out');
  const out = checkOutFolder('--out', values.out ?? DEFAULT_OUT);
  const readme = pageOption('--readme', values.readme, FAMILIES) ?? (out === DEFAULT_OUT ? path.join(ROOT, 'README.md') : null);
  const article = pageOption('--article', values.article, ARTICLE) ?? (out === DEFAULT_OUT ? ARTICLE_PAGE : null);
  return {
    out,
    given: values.out ?? projectPath(DEFAULT_OUT),
    readme,
    article,
    references: out === DEFAULT_OUT,
    test: Boolean(values.test),
    resume: Boolean(values.resume),
    reportOnly: Boolean(values['report-only']),
    only: values.only === undefined ? null : values.only.split(',').map((name) => name.trim()),
  };
}

/** The steps of the pipeline, in order: the command's arguments and where its stdout goes. Pure. */
function plan({ out, test, resume, reportOnly, valgrind = false }) {
  const runs = path.join(out, 'runs.jsonl');
  const complexity = path.join(out, 'complexity.json');
  const debuggability = path.join(out, 'debuggability.json');
  // Every bench step runs under the headline runtime unless it names its own
  // runtimes; --test runs them all under the node running the pipeline.
  const runtime = (list) => ['--runtime', test ? 'node' : list];
  // A step that sets runtimes side by side repeats cells a default grid times
  // under the headline runtime. Its label keeps its runs apart from the grid's,
  // so that --resume measures it whole, every runtime in one session, and its
  // ratios between runtimes are of runs made beside each other.
  const sideBySide = (list, label) => [...runtime(list), '--label', label];
  // --test makes one run of each cell, and refuses a --runs beside it.
  const withoutRuns = (args) => args.filter((arg, i) => arg !== '--runs' && args[i - 1] !== '--runs');
  const bench = (args, name) => ({
    args: [
      'bench',
      ...(test ? withoutRuns(args) : args),
      ...(test || args.includes('--runs') ? [] : FIVE_RUNS),
      ...(args.includes('--runtime') ? [] : runtime(HEADLINE_RUNTIME)),
      '--out',
      projectPath(runs),
      '--format',
      'markdown',
      ...(test ? ['--test'] : []),
      ...(resume ? ['--resume'] : []),
    ],
    stdout: path.join(out, name),
  });
  const steps = [];
  // --report-only rebuilds the reports from the measurements already there.
  if (!reportOnly) {
    steps.push({ args: ['complexity', '--format', 'json'], stdout: complexity });
    // With --resume, the probe keeps the results that still stand (their
    // files, runtime and libraries unchanged) and probes the rest; the file
    // and the report say which were kept and when they were probed.
    const keep = resume ? ['--keep', projectPath(debuggability)] : [];
    const probed = test ? ['--examples', TEST_EXAMPLES] : [];
    steps.push({ args: ['debuggability', '--format', 'json', ...runtime(HEADLINE_RUNTIME), ...probed, ...keep], stdout: debuggability });
    for (const name of Object.keys(scenarios)) steps.push(bench(['--scenario', name, ...(SCENARIO_ARGS[name] ?? [])], `bench-${name}.md`));
    // Counted CPU work (bench --measure instructions, docs/explanation/counted-work.md) at
    // cells the default grids time too, so that the report sets the CPU-work
    // ratios beside the wall-time ratios: one run a cell, since counts repeat
    // to about 0.01%. Where valgrind is missing, main says so and they are
    // left out; --test leaves them out too (a counted cell takes tens of
    // seconds even cut small). The three took 21 minutes on the 2-core VM on
    // 2026-11-26 with the cache simulation (doxbee-sequential 12, parallel
    // about 8, fib 1), beside the 40-minute goal of the rest.
    // doxbee-sequential is counted at n=10000 too, without the cache
    // simulation (17 minutes), so that the report gives the agreement of
    // work and time at both of its cells.
    if (valgrind && !test) {
      for (const [scenario, n] of COUNTED_CELLS) {
        steps.push(bench(['--scenario', scenario, '--n', n, '--measure', 'instructions', '--cycles', '--runs', '1'], `bench-${scenario}-instructions.md`));
      }
      steps.push(
        bench(
          ['--scenario', 'doxbee-sequential', '--n', '10000', '--measure', 'instructions', '--runs', '1'],
          'bench-doxbee-sequential-instructions-n10000.md',
        ),
      );
    }
    // The 2013 article's reference cell, n=1000 at t=10 ms, beside the default grid.
    steps.push(bench(['--scenario', 'doxbee-sequential', '--n', '1000', '--t', '10'], 'bench-doxbee-sequential-t10.md'));
    // Slicing where a sync call blocks for longer than the heartbeat's 1 ms
    // period, so that what slicing buys shows (set-timeout would take minutes a call).
    steps.push(bench(['--scenario', 'slicing', '--n', '28', '--exclude', 'set-timeout', '--runs', '3'], 'bench-slicing-n28.md'));
    // The 2019 article's asyncFib(30), which ran out of heap on the Node of then.
    steps.push(bench(['--scenario', 'fib', '--n', '30', '--examples', 'sync,async,async-memo,worker-sync,pool-split', '--runs', '3'], 'bench-fib-n30.md'));
    // The article's "with busywork both are equally fast": busywork that outweighs a call.
    steps.push(bench(['--scenario', 'fib', '--n', '20', '--w', '100000', '--examples', 'sync-busy,async-busy', '--runs', '3'], 'bench-fib-busy.md'));
    // The 2015 article's Fibonacci server: 1000 requests at c=50, sync against
    // time-sliced async, alone and forked (one process per core here, not 4).
    const servers = 'sync,async-callbacks,cluster-sync,cluster-async,worker-pool';
    steps.push(
      bench(
        ['--scenario', 'http-server', '--workload', 'compute', '--requests', '1000', '--c', '50', '--examples', servers, '--runs', '3'],
        'bench-http-server-compute.md',
      ),
    );
    // A server waiting on a database, where async I/O should pay off.
    steps.push(bench(['--scenario', 'http-server', '--workload', 'wait', '--requests', '200', '--c', '50', '--runs', '3'], 'bench-http-server-wait.md'));
    // The 2018 client cell: one request at a time, no keep-alive (Node's
    // default agent then), under every runtime, as kaizhu256 ran it on every
    // Node version; 6 runs, since its differences are a few per cent.
    steps.push(
      bench(
        ['--scenario', 'http-client', '--c', '1', '--keep-alive', 'off', ...sideBySide(MATRIX_RUNTIMES, 'runtimes'), '--runs', '6'],
        'bench-http-client-2018.md',
      ),
    );
    // The runtimes side by side: DoxBee at n=10000, where the styles' own costs
    // show (without the compiled rows, as in the error and I/O-bound steps),
    // and the recursion at n=25, each example under every runtime, 3 runs;
    // then sync and async in the browsers.
    steps.push(
      bench(
        ['--scenario', 'doxbee-sequential', '--n', '10000', ...sideBySide(MATRIX_RUNTIMES, 'runtimes'), ...THREE_RUNS, ...NO_TRANSPILED],
        'bench-doxbee-sequential-runtimes.md',
      ),
    );
    steps.push(bench(['--scenario', 'fib', '--n', '25', ...sideBySide(MATRIX_RUNTIMES, 'runtimes'), ...THREE_RUNS], 'bench-fib-runtimes.md'));
    steps.push(
      bench(
        ['--scenario', 'fib', '--n', '25', '--examples', 'sync,async', ...sideBySide(BROWSER_RUNTIMES, 'browsers'), ...THREE_RUNS],
        'bench-fib-browsers.md',
      ),
    );
    // Each style with and without AsyncLocalStorage, interleaved run by run, at a
    // cell no other step runs (so that its runs are not pooled with another
    // session's): 5 min 35 s on the 2-core VM.
    steps.push(
      bench(
        ['--scenario', 'doxbee-sequential', '--n', '800', '--t', '1', '--context', 'none,als', ...runtime(CONTEXT_RUNTIMES), '--runs', '3'],
        'bench-doxbee-sequential-context.md',
      ),
    );
    // Against a real database: the sequential grid's first cell (n=100) again
    // on PGlite and on a PostgreSQL server of the session's own, beside the
    // fake cell of the default grid, for one example of each family and the
    // extremes of the fake ranking, 3 runs: a PGlite run starts PostgreSQL in
    // WebAssembly. Both steps took 2 minutes on the 2-core VM at load average
    // 1-3 (05:22-05:24 UTC, 2026-11-26); at load average 10 a PGlite run took
    // 14.1 s and a served PostgreSQL's 3.4 s. bench --db's own defaults, every
    // example, took 3 min 34 s (pglite) and 69 s (postgres) at load 1-3.
    for (const db of ['pglite', 'postgres']) {
      steps.push(
        bench(
          ['--scenario', 'doxbee-sequential', '--n', '100', '--db', db, '--examples', DATABASE_EXAMPLES, ...THREE_RUNS],
          `bench-doxbee-sequential-${db}.md`,
        ),
      );
    }
  }
  const report = [
    'report',
    '--in',
    projectPath(runs),
    '--complexity',
    projectPath(complexity),
    '--debuggability',
    projectPath(debuggability),
    '--out',
    projectPath(out),
  ];
  // The page first: the markdown report then rebuilds it too (a report rebuilds
  // the other format's generated page in its folder), so every file names the
  // same command.
  steps.push({ args: [...report, '--format', 'html'] }, { args: report });
  return { runs, steps };
}

// With --only, the steps that write the files named, then the reports (the
// steps that write no file of their own); every name must be a step's file.
function onlySteps(pipeline, only) {
  if (only === null) return pipeline;
  const names = pipeline.steps.filter((s) => s.stdout).map((s) => path.basename(s.stdout));
  const unknown = only.filter((name) => !names.includes(name));
  if (unknown.length > 0 || only.length === 0) throw refuse('--only', only.join(','), `the names of files the pipeline writes: ${names.join(', ')}`);
  return { ...pipeline, steps: pipeline.steps.filter((s) => !s.stdout || only.includes(path.basename(s.stdout))) };
}

// Whether a file the pipeline is about to replace is one its steps generated:
// markdown carries the generated-by line; JSON cannot, so complexity and
// debuggability files must be JSON and a results file must hold asyncmark runs.
function isGenerated(file) {
  const text = fs.readFileSync(file, 'utf8');
  if (text === '') return true;
  const line = text.split('\n', 1)[0];
  if (file.endsWith('.md')) return line.startsWith('<!-- generated by `asyncmark ') && line.includes('(npm run docs)');
  if (file.endsWith('.jsonl')) return isJson(line) && upgrade(JSON.parse(line)).schema === SCHEMA;
  return isJson(text);
}

// Every file the pipeline replaces, checked before anything runs, so that a
// refusal costs nothing and leaves the folder as it was.
function checkReplaceable({ out, given, reportOnly }, { runs, steps }) {
  const mine = steps.filter((s) => s.stdout).map((s) => ({ file: s.stdout, ok: isGenerated }));
  if (!reportOnly) mine.push({ file: runs, ok: isGenerated });
  for (const name of ['README.md', 'index.html']) mine.push({ file: path.join(out, name), ok: isReportFile });
  for (const { file, ok } of mine) {
    if (fs.existsSync(file) && !ok(file)) {
      throw refuse(
        '--out',
        given,
        `a folder where each file npm run docs replaces is absent or one it generated; ${path.join(given, path.basename(file))} was not generated by it (move it, or pick another --out)`,
      );
    }
  }
}

// Runs one step. Its output goes to a temporary file that replaces the target
// only when the step succeeds, so a failed step leaves the earlier file whole.
function step({ args, stdout }) {
  const label = `asyncmark ${args.join(' ')}`;
  process.stderr.write(`\n== ${label}${stdout ? ` > ${projectPath(stdout)}` : ''}\n`);
  const temp = stdout && path.join(path.dirname(stdout), `.${path.basename(stdout)}.${process.pid}.tmp`);
  if (stdout) fs.writeFileSync(temp, stdout.endsWith('.md') ? header(label) : '');
  const fd = stdout ? fs.openSync(temp, 'a') : 'inherit';
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', fd, 'inherit'] });
  if (stdout) fs.closeSync(fd);
  if (result.status !== 0) {
    if (stdout) fs.rmSync(temp, { force: true });
    process.stderr.write(`asyncmark docs: step failed (exit ${result.status}): ${label}\n`);
    return result.status || 1;
  }
  if (stdout) fs.renameSync(temp, stdout);
  return 0;
}

// Copies one section of the report (its text under `## heading`) into a file
// written by a person, between the markers, so that file shows the numbers of
// the last full run. Links into the report's folder are made relative to it.
function copySection(reportFile, { heading, open, close }, targetFile, out) {
  if (!fs.existsSync(targetFile)) return;
  const report = fs.readFileSync(reportFile, 'utf8');
  const title = `\n## ${heading}\n`;
  const start = report.indexOf(title);
  const end = report.indexOf('\n## ', start + 1);
  if (start === -1) return;
  const folder = path.relative(path.dirname(targetFile), out).split(path.sep).join('/');
  const isRelative = (link) => !/^(https?:|#|\/)/.test(link);
  // A line that links to the page it is copied into would send the reader to where they are.
  const toSelf = (line) =>
    [...line.matchAll(/\]\(([^)]+)\)/g)].some(([, link]) => isRelative(link) && path.resolve(out, decodeURI(link)) === path.resolve(targetFile));
  const section = report
    .slice(start + title.length, end === -1 ? undefined : end)
    .trim()
    .split('\n')
    .filter((line) => !toSelf(line))
    .join('\n')
    .replace(/\]\(([^)]+)\)/g, (match, link) => (isRelative(link) ? `](${path.posix.normalize(`${folder}/${link}`)})` : match));
  const generated = report.split('\n')[0];
  const target = fs.readFileSync(targetFile, 'utf8');
  const from = target.indexOf(open);
  const to = target.indexOf(close);
  if (from === -1 || to === -1) return;
  const block = `${open}\n${generated.replace('do not edit by hand', 'copied by npm run docs; do not edit by hand')}\n\n${section}\n${close}`;
  fs.writeFileSync(targetFile, target.slice(0, from) + block + target.slice(to + close.length));
}

/** @returns {number} the exit code: 0, 2 for a bad option, or a failed step's */
function main(argv) {
  let settings;
  let pipeline;
  try {
    settings = parseOptions(argv);
    const valgrind = Boolean(findValgrind());
    if (!valgrind && !settings.reportOnly && !settings.test) {
      process.stderr.write(
        'asyncmark docs: valgrind not found, so the counted CPU work steps are left out; install it (Debian/Ubuntu: apt-get install valgrind)\n',
      );
    }
    pipeline = onlySteps(plan({ ...settings, valgrind }), settings.only);
    checkReplaceable(settings, pipeline);
    // First, since they run nothing: the references are made from the code alone.
    if (settings.references) {
      cliReference.writeCliReference();
      resultsReference.writeResultsReference();
      apiReference.writeApiReference();
      reportReference.writeReportReference();
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`asyncmark docs: ${error.message}\n`);
    return 2;
  }
  fs.mkdirSync(settings.out, { recursive: true });
  // A fresh results file, so a second run changes numbers, not structure.
  if (!settings.reportOnly && !settings.resume) fs.rmSync(pipeline.runs, { force: true });
  for (const each of pipeline.steps) {
    const code = step(each);
    if (code !== 0) return code;
  }
  if (settings.readme && !families.writeFamilies(pipeline.runs, settings.readme, projectPath(pipeline.runs))) {
    process.stderr.write(
      `asyncmark docs: no family table for ${projectPath(settings.readme)}: the runs hold no headline cell of a problem that declares families\n`,
    );
  }
  if (settings.article) copySection(path.join(settings.out, 'README.md'), ARTICLE, settings.article, settings.out);
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));

module.exports = { plan, copySection, ARTICLE };
