'use strict';

const fs = require('node:fs');
const os = require('node:os');
const crypto = require('node:crypto');
const { runMeasured } = require('./count');
const { launch, cannotRun } = require('./launch');
const { lacking } = require('../runtimes/syntax');
const { environment } = require('./environment');
const { SCHEMA, cutOffLine, parseResults, dropDuplicates } = require('../results');
const { createWriter } = require('./results-writer');

// A benchmark session: every run of every cell, each in its own child process,
// examples interleaved run by run (A B C A B C ...) so that drift in the machine
// hits them alike. Each finished run is appended at once to the results file as
// one JSON line, so an interrupted session loses nothing that finished.

// The grid of a scenario: every combination of the list-valued parameters.
function cells(params) {
  let combos = [{}];
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    combos = combos.flatMap((combo) => values.map((v) => ({ ...combo, [key]: v })));
  }
  return combos;
}

// The parameters a driver runs side by side within each run (interleaved: an
// example's context none and als one after the other) rather than as cells of
// the grid, and their combinations; a value the parameter declares absent is
// left out of the job's params.
function splitInterleaved(params, driver) {
  const interleaved = driver.params.filter((spec) => spec.interleaved && spec.name in params);
  const grid = { ...params };
  for (const spec of interleaved) delete grid[spec.name];
  const variants = cells(Object.fromEntries(interleaved.map((spec) => [spec.name, params[spec.name]]))).map((variant) => {
    for (const spec of interleaved) if (variant[spec.name] === spec.absent) delete variant[spec.name];
    return variant;
  });
  return { grid, variants };
}

// The list started k places later, wrapping round: A B C rotated by 1 is B C A.
function rotate(list, k) {
  const shift = k % list.length;
  return [...list.slice(shift), ...list.slice(0, shift)];
}

/**
 * The jobs of a session, in the order they run: per cell, per run, every
 * example, the order rotated by one each run (A B C, B C A, C A B ...) so that
 * no example always runs first or right after the same neighbour.
 * With runtimes, every example runs under each of them, interleaved the same
 * way (an example's runtimes side by side), so that drift hits them alike.
 * @param {object} settings { scenario, driver, examples (names), params, runs, added, unavailable, needs, runtimes }:
 *   driver, the declaration of the scenario's driver (lib/drivers), handed by the caller; added,
 *   registry entries of files outside the registries (bench --add), whose jobs
 *   carry the entry so that the driver's child loads the example from its file;
 *   unavailable, name → reason of examples that cannot run here, whose jobs carry the reason;
 *   needs, name → the syntax an example is written in (lib/runtimes/syntax.js), which its jobs carry;
 *   runtimes, what --runtime resolved to (lib/runtimes), or none for the node running asyncmark;
 *   test, bench --test's cheap mode, which its jobs carry (a driver's child may skip what only
 *   measures: the batch driver times hearing at the least latency only); never on a results line;
 *   label, bench --label, which its jobs and their lines carry (jobKey keeps them apart)
 * @returns {Array<{ scenario, problem, driver, example, params, run, label?, childOptions?, entry?, unavailable?, needs?, runtime?, runner? }>}
 *   driver: its name; childOptions: the scenario's, what its driver's child takes as they are
 *   besides the parameters (the simulated I/O's fixed options, say), never on a results line;
 *   runtime: the runtime's spec, as the results line records it; runner: how to start it
 */
function plan({ scenario, driver, examples, params, runs, added = [], unavailable = {}, needs = {}, runtimes = [], test = false, label = null }) {
  // What a child needs of an entry, as JSON: its load() is made again there.
  const entries = new Map(added.map(({ load, ...entry }) => [entry.name, entry]));
  const { grid, variants } = splitInterleaved(params, driver);
  const jobs = [];
  for (const cell of cells(grid)) {
    for (let run = 0; run < runs; run++) {
      const pairs = rotate(examples, run).flatMap((example) =>
        rotate(runtimes.length ? runtimes : [null], run).flatMap((runtime) => rotate(variants, run).map((variant) => ({ example, runtime, variant }))),
      );
      for (const { example, runtime, variant } of pairs) {
        const job = {
          scenario: scenario.name,
          problem: scenario.problem,
          driver: driver.name,
          example,
          params: { ...cell, ...variant },
          run,
        };
        if (label) job.label = label;
        if (scenario.childOptions) job.childOptions = scenario.childOptions;
        if (entries.has(example)) job.entry = entries.get(example);
        if (unavailable[example]) job.unavailable = unavailable[example];
        if (needs[example]) job.needs = needs[example];
        if (test) job.test = true;
        if (runtime) Object.assign(job, { runtime: runtime.spec, runner: runtime });
        jobs.push(job);
      }
    }
  }
  return jobs;
}

function jobKey({ scenario, example, params, run, runtime, measure, label }) {
  const ordered = Object.keys(params)
    .sort()
    .map((k) => [k, params[k]]);
  // A counted run is another job than the timed run of the same cell, and a
  // labelled session's run another than an unlabelled one's: --resume must not
  // take one for the other.
  const counted = measure && measure !== 'time' ? `|${measure}` : '';
  const labelled = label ? `|label=${label}` : '';
  return `${scenario}|${example}|${JSON.stringify(ordered)}|${run}${runtime ? `|${runtime}` : ''}${counted}${labelled}`;
}

// The environment of a run under a runtime of --runtime: that runtime's own
// name, version and the Node and V8 versions it reports, on this machine.
function runtimeEnv(env, runner, reported) {
  if (!runner) return env;
  // A browser runs no Node and reports no V8 version; it gives its own
  // version string (browser.version(): "Chrome/156.0.8078.79", "firefox/153.7.0").
  if (runner.browser) {
    const browser = (reported && reported.browser) || null;
    return { ...env, node: null, v8: null, runtime: { name: runner.name, version: runner.version, browser } };
  }
  // What the child said of itself; a child that never reported (it could not
  // start) has the versions the runtime's record knows.
  const node = (reported && reported.node) || runner.node || (runner.name === 'node' ? `v${String(runner.version).replace(/^v/, '')}` : 'unknown');
  const v8 = (reported && reported.v8) || runner.v8 || 'unknown';
  return { ...env, node, v8, runtime: { name: runner.name, version: runner.version } };
}

/**
 * Reads a results file to resume it: a missing file is empty; a line that is
 * not a run is skipped with a warning naming it, as asyncmark report skips it
 * (its run is simply run again); so is a cut-off last line (see lib/results
 * cutOffLine). A run found twice is read once.
 * @param {{ drivers: Object<string, object>, onWarning?: (message: string) => void }} options drivers, the
 *   declarations of every driver whose runs the file may hold, by name (lib/drivers), handed by the caller
 */
function readResults(file, { drivers, onWarning = () => {} } = {}) {
  if (!fs.existsSync(file)) return [];
  // Never read to its end what has none (a FIFO, a device): bench refuses such an --out first.
  if (!fs.statSync(file).isFile()) throw new Error(`${file} is not a regular file`);
  const text = fs.readFileSync(file, 'utf8');
  const cut = cutOffLine(text);
  if (cut) onWarning(`${file}:${cut.line}: a cut-off last line (${cut.bytes} bytes) is not read`);
  const { runs, skipped } = parseResults(text, file, { drivers });
  for (const skip of skipped.filter((s) => !(cut && s.line === cut.line))) onWarning(`${file}:${skip.line}: skipped, ${skip.reason}`);
  const { runs: unique, dropped } = dropDuplicates(runs);
  if (dropped > 0) onWarning(`${file}: ${dropped} ${dropped === 1 ? 'run is' : 'runs are'} in it twice; each is read once`);
  return unique.map(({ source, ...run }) => run);
}

// Writes `content` to `name`, or to `name.2`, `name.3` ... if it exists: an
// earlier file is never overwritten.
function writeFresh(name, content) {
  for (let i = 1; ; i++) {
    const candidate = i === 1 ? name : `${name}.${i}`;
    try {
      fs.writeFileSync(candidate, content, { flag: 'wx' });
      return candidate;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
  }
}

/**
 * Makes a results file end on a complete line before a session appends to it,
 * so no run is glued onto the half line an interrupted write left: a cut-off
 * last line is moved to FILE.partial (or a fresh name) and the file truncated
 * back to its last complete line; a complete last line only gets its newline.
 * @returns {string | null} what was set aside, as a warning, or null
 */
function endOnCompleteLine(file) {
  if (!fs.existsSync(file)) return null;
  if (!fs.statSync(file).isFile()) throw new Error(`${file} is not a regular file`);
  const data = fs.readFileSync(file);
  if (data.length === 0 || data[data.length - 1] === 0x0a) return null;
  const cut = cutOffLine(data.toString('utf8'));
  if (!cut) {
    fs.appendFileSync(file, '\n');
    return null;
  }
  const start = data.lastIndexOf(0x0a) + 1;
  // Copied first, truncated second: a crash in between loses nothing.
  const aside = writeFresh(`${file}.partial`, data.subarray(start));
  fs.truncateSync(file, start);
  return `${file}:${cut.line}: a cut-off last line (${data.length - start} bytes) was set aside in ${aside}`;
}

function newSessionId() {
  return `${new Date().toISOString()}-${crypto.randomBytes(3).toString('hex')}`;
}

/**
 * Runs the jobs one at a time (parallel children would disturb each other's
 * timings on a small machine) and appends each result to `out`, one line in
 * one write. Counted runs (measure instructions) run one per core at once:
 * a count does not depend on what else the machine does. It prints nothing:
 * warnings go to `onWarning(message)`.
 * @param {object[]} jobs of plan()
 * @param {object} options { driver, drivers, out, writer, resume, timeoutMs, detailed, measure, cacheSim, childEnv, stopAfter, watch, onRun, onWarning }: driver, the
 *   declaration of the jobs' driver (lib/drivers), handed by the caller: its child runs each job; drivers, every
 *   declaration by name, to read with resume a file that holds other drivers' runs too (default: the one driver's);
 *   writer, a results-writer of `out` to share across sessions (one is made otherwise);
 *   measure, time | instructions | both (lib/runner/count.js); cacheSim, whether a count simulates
 *   the caches for its estimated cycles (bench --cycles: twice the cost; default false); childEnv, what each
 *   child adds to this process's environment (a database's password: never on a command line); stopAfter(line),
 *   after each run, a promise of why no further run can succeed (its server has gone), or of null;
 *   watch, for sessions timed only (measure time), called as each run's child starts: it returns what to call when the
 *   run has ended, which returns what the caller measured around the run, added to its line
 *   ({ othersBusy }: bench/others-busy.js); outside the child's measured region
 * @returns {Promise<object[]>} the result lines of this session and, with
 *   resume, those already in the file for the same jobs, in the jobs' order
 */
async function runSession(
  jobs,
  {
    driver,
    drivers = { [driver.name]: driver },
    out,
    writer,
    resume = false,
    timeoutMs,
    detailed = true,
    measure = 'time',
    cacheSim = false,
    childEnv = null,
    stopAfter = async () => null,
    watch = null,
    onRun = () => {},
    onWarning = () => {},
  } = {},
) {
  const childEnvironment = childEnv ? { ...process.env, ...childEnv } : undefined;
  const env = environment();
  const session = newSessionId();
  const setAside = out ? endOnCompleteLine(out) : null;
  if (setAside) onWarning(setAside);
  const previous = resume && out ? readResults(out, { drivers, onWarning }) : [];
  const done = new Map(previous.map((line) => [jobKey(line), line]));
  // The session's measure is every job's: a results line records it (measure) when it is not time.
  const measured = (job) => (measure === 'time' ? job : { ...job, measure });
  // Appends each run, and keeps it when the file is deleted or locked meanwhile.
  const sink = out ? (writer ?? createWriter(out, { onWarning })) : null;
  const lines = new Array(jobs.length);
  let next = 0;
  let interrupted = false;
  let stopped = null;
  const work = async () => {
    while (next < jobs.length && !interrupted && !stopped) {
      const index = next++;
      const job = measured(jobs[index]);
      const key = jobKey(job);
      if (done.has(key)) {
        if (sink) sink.hold([done.get(key)]);
        lines[index] = done.get(key);
        onRun(done.get(key), { skipped: true });
        continue;
      }
      // Only runs timed alone are watched: counted runs run several at once, and a run of
      // --measure both is mostly its count.
      const watched = watch && measure === 'time' ? watch() : null;
      const result = await runJob(job, { driver, timeoutMs, detailed, measure, cacheSim, env: childEnvironment });
      // The session was interrupted: the run did not finish and is not recorded.
      if (result.status === 'interrupted') {
        interrupted = true;
        break;
      }
      const line = { ...resultLine(job, result, { session, env }), ...(watched ? watched() : {}) };
      if (sink) sink.append(line);
      lines[index] = line;
      onRun(line, { skipped: false });
      // A run that failed may have lost what every later run needs; then they are not started.
      if (line.status !== 'ok' && !stopped) stopped = await stopAfter(line);
      if (stopped) break;
    }
  };
  const atOnce = measure === 'instructions' ? Math.min(jobs.length, os.availableParallelism()) : 1;
  await Promise.all(Array.from({ length: Math.max(1, atOnce) }, work));
  return lines.filter(Boolean);
}

// One job run by its driver's child, or recorded without a child.
async function runJob(job, { driver, timeoutMs, detailed, measure, cacheSim, env }) {
  // The driver knows what one run does; the session only runs it. An example
  // that cannot run here is recorded with its reason, and no child is started.
  // The child knows its time limit too (an HTTP load waits for an answer no longer).
  // A runtime that cannot parse the example's syntax (the node running
  // asyncmark included) is told apart before a child fails to load it.
  if (job.unavailable) return { status: 'unavailable', error: job.unavailable, metrics: null, stderrTail: '' };
  const unsupported = cannotRun(job.runner, driver) ?? lacking(job.needs, job.runner);
  if (unsupported) return { status: 'unsupported', error: unsupported, metrics: null, stderrTail: '' };
  return runMeasured(
    {
      ...job,
      runner: undefined,
      capabilities: job.runner ? job.runner.capabilities : undefined,
      browser: job.runner && job.runner.browser ? job.runner.browser : undefined,
      detailed,
      timeoutMs,
    },
    { timeoutMs, script: driver.child, driver, cacheSim, env, ...launch(driver, job.runner) },
    { measure, runner: job.runner },
  );
}

// A run's line in the results file.
function resultLine(job, result, { session, env }) {
  const line = {
    schema: SCHEMA,
    session,
    time: new Date().toISOString(),
    ...job,
    status: result.status,
    error: result.error ?? null,
    stderrTail: result.status === 'ok' ? '' : (result.stderrTail ?? ''),
    metrics: result.metrics ?? null,
    env: runtimeEnv(env, job.runner, result.reported),
  };
  // A run's line is the same whether its example is registered or a file:
  // the example's name says which.
  delete line.childOptions;
  delete line.entry;
  delete line.unavailable;
  delete line.needs;
  delete line.test;
  delete line.runner;
  line.params = { ...job.params };
  return line;
}

module.exports = { cells, plan, jobKey, readResults, runSession };
