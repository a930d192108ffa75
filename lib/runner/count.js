'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runInChild } = require('./spawn');
const { isExecutable } = require('../runtimes/browsers');

// bench --measure instructions: the CPU work of a run's measured region,
// counted by valgrind's cachegrind instead of timed. Valgrind cannot be told
// from JavaScript where the region starts, so the region is counted as the
// difference of two processes started alike: one repeats the measured region
// `warm` times, the other `warm + counted` times (the child's job.repeat);
// everything else (start-up, loading, the warm-up, the first rounds, exit) is
// the same in both and cancels out, and the difference divided by `counted` is
// the count of one steady round. V8's flags below make a process's count
// repeat to about 0.01% (a single thread, no concurrent GC or compilation).
//
// Why several warm rounds, measured rather than assumed (docs/benchmark.md):
// V8 keeps compiling for the first few thousand invocations, and with
// --single-threaded each compile is counted. At doxbee n=1000 the rounds of
// one process counted 182, 106, 49, 33 million instructions before settling,
// and a 1% planted change moved one round by 10% either way.

// --single-threaded: no V8 worker threads (GC and compilation run on the
// main thread, where they are counted); --predictable: deterministic
// scheduling and no time-based decisions; --no-incremental-marking and
// --no-memory-reducer: a full collection is started by allocation alone,
// and done at once, not in steps run by tasks whose turn depends on the
// clock (with them, two counts of async fib(20) were 1% apart; without, 18
// instructions).
const V8_FLAGS = ['--single-threaded', '--predictable', '--no-incremental-marking', '--no-memory-reducer'];
// A counted child repeats its region until at least WARM_INVOCATIONS
// invocations, and WARM_ROUNDS rounds, have run; then COUNTED_INVOCATIONS more
// (at least COUNTED_ROUNDS rounds) are counted. (Measured at doxbee n=1000:
// V8 compiled 20, 13, 7, 1, 0, 1, 0, 0 functions in the successive rounds.)
const WARM_INVOCATIONS = 8000;
const WARM_ROUNDS = 3;
const COUNTED_INVOCATIONS = 4000;
const COUNTED_ROUNDS = 2;

/**
 * How many rounds a counted child repeats before the counted ones, and how
 * many are counted, for a round of `size` invocations.
 * @returns {{ warm: number, counted: number }}
 */
function roundsFor(size) {
  const per = Math.max(1, size);
  return {
    warm: Math.max(WARM_ROUNDS, Math.ceil(WARM_INVOCATIONS / per)),
    counted: Math.max(COUNTED_ROUNDS, Math.ceil(COUNTED_INVOCATIONS / per)),
  };
}

// A counted child runs about 30-50x slower than a timed one: its --timeout
// is this many times the session's.
const SLOWDOWN = 50;
// Cachegrind writes its counts when the child exits, after the child has
// reported: it gets this long to do so before it is killed.
const EXIT_GRACE_MS = 120000;
// What a counted run adds to a run's metrics.
const COUNTED_METRICS = ['instructions', 'instructionsPerInvocation', 'estimatedCycles', 'estimatedCyclesPerInvocation', 'countedRounds', 'warmRounds'];
const HOW_TO_GET = 'install it (Debian/Ubuntu: apt-get install valgrind)';

/**
 * Where valgrind is: $ASYNCMARK_VALGRIND if set (a path), else the first
 * `valgrind` on PATH; null when there is none.
 * @returns {string|null}
 */
function findValgrind(env = process.env) {
  const candidates = env.ASYNCMARK_VALGRIND
    ? [env.ASYNCMARK_VALGRIND]
    : String(env.PATH ?? '')
        .split(path.delimiter)
        .filter(Boolean)
        .map((dir) => path.join(dir, 'valgrind'));
  return candidates.find(isExecutable) ?? null;
}

/**
 * Why the runs of a session cannot be counted, in one line, or null: the
 * driver's child cannot repeat its measured region, a runtime is a browser,
 * or valgrind is missing.
 * @param {object} driver its declaration (lib/drivers): `counted` says it can
 * @param {object[]} runtimes what --runtime resolved to
 */
function cannotCount(driver, runtimes = [], env = process.env) {
  if (!driver.counted) return `the ${driver.name} driver cannot give it (its runs have no measured region a child can repeat); use --measure time`;
  const browser = runtimes.find((runtime) => runtime.browser);
  if (browser) return `${browser.spec} is a browser: valgrind counts only a process it starts; use --measure time`;
  if (!findValgrind(env)) {
    return env.ASYNCMARK_VALGRIND
      ? `valgrind not found at ${env.ASYNCMARK_VALGRIND} ($ASYNCMARK_VALGRIND); ${HOW_TO_GET}`
      : `valgrind not found on PATH; ${HOW_TO_GET}`;
  }
  return null;
}

/**
 * Why one job cannot be counted under its runtime, or null: only Node is
 * counted so far. Valgrind does run Bun and Deno (docs/benchmark.md), but a
 * deterministic configuration of each is not chosen yet: Bun is not V8
 * (JavaScriptCore has no --single-threaded), and Deno takes V8's flags
 * through --v8-flags, which its child is not given.
 */
function cannotCountUnder(runner) {
  if (!runner || runner.name === 'node') return null;
  const why = {
    bun: "Bun runs JavaScriptCore, which has no single-threaded, predictable mode like V8's to make its counts repeat",
    deno: "Deno's V8 flags (--v8-flags=--single-threaded,--predictable) are not passed to its child yet",
  };
  return `counting instructions is done under Node only: ${why[runner.name] ?? `${runner.spec} was not tried under valgrind`}`;
}

// Functions whose instructions are waiting, not work, and are left out of a
// count: libuv's uv__async_close spins until another thread has finished
// signalling the handle it closes (at exit), so its count depends on the
// threads' timing. Measured: two runs of one child counted alike but for
// 442,964 instructions, all of them in this function.
const SPINNING = /^uv__async_(close|spin)\b/;

/**
 * The events of a cachegrind output file, by name: its summary line's totals
 * less the instructions of the SPINNING functions.
 * @returns {Record<string, number>}
 */
function readCounts(file) {
  const text = fs.readFileSync(file, 'utf8');
  const events = /^events: (.+)$/m.exec(text);
  const summary = /^summary: (.+)$/m.exec(text);
  if (!events || !summary) throw new Error(`${file}: no events or summary line`);
  const names = events[1].trim().split(/\s+/);
  const totals = summary[1].trim().split(/\s+/).map(Number);
  // Each cost line under fn=NAME is "line event1 event2 ...".
  let spinning = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('fn=')) spinning = SPINNING.test(line.slice(3));
    else if (spinning && /^\d/.test(line)) {
      const values = line.split(' ');
      for (let i = 0; i < names.length; i++) totals[i] -= Number(values[i + 1] ?? 0);
    }
  }
  return Object.fromEntries(names.map((name, i) => [name, totals[i] ?? 0]));
}

/**
 * Cycles estimated from cachegrind's cache simulation, as iai and
 * iai-callgrind do: L1 hits + 5 × last-level hits + 35 × RAM accesses.
 * null when the cache was not simulated.
 */
function estimatedCycles(c) {
  if (!('I1mr' in c)) return null;
  const accesses = c.Ir + c.Dr + c.Dw;
  const l1Misses = c.I1mr + c.D1mr + c.D1mw;
  const llMisses = c.ILmr + c.DLmr + c.DLmw;
  return accesses - l1Misses + 5 * (l1Misses - llMisses) + 35 * llMisses;
}

// One child under valgrind, repeating its measured region `repeat` times.
async function countedChild(job, repeat, { script, timeoutMs, execPath, execArgv, valgrind, cacheSim }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-count-'));
  const out = path.join(dir, 'cachegrind.out');
  try {
    const result = await runInChild(
      // Not detailed: the heap sampler and the event-loop observers fire on
      // timers, so their work would grow with valgrind's slowdown.
      { ...job, repeat, detailed: false, counted: true },
      {
        script,
        timeoutMs: timeoutMs * SLOWDOWN,
        exitGraceMs: EXIT_GRACE_MS,
        execPath: valgrind,
        // -q: valgrind says nothing but its errors, so a crash's stderr ends on its own line.
        execArgv: [
          '-q',
          '--tool=cachegrind',
          `--cache-sim=${cacheSim ? 'yes' : 'no'}`,
          `--cachegrind-out-file=${out}`,
          execPath ?? process.execPath,
          ...V8_FLAGS,
          ...execArgv,
        ],
      },
    );
    if (result.status === 'ok') {
      if (!fs.existsSync(out)) return { ...result, status: 'crash', error: 'valgrind wrote no counts (the child was killed before it exited)' };
      result.counts = readCounts(out);
    }
    return result;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One run counted: the two children (`warm` rounds, `warm + counted` rounds)
 * at once, since a count does not depend on what else the machine does. Both
 * are verified as any run is: the first that does not check out is the run's
 * status. Its metrics are the shorter child's, with the driver's timed
 * metrics null (a time under valgrind is not the example's), and the count of
 * one steady round.
 * @param {object} job the job as runInChild takes it
 * @param {object} options runInChild's, and { driver, valgrind, cacheSim }
 */
async function runCounted(job, { driver, valgrind = findValgrind(), cacheSim = true, ...options }) {
  // A driver whose rounds are large says how many it needs (lib/drivers).
  const rounds = driver.counted.rounds ?? roundsFor(driver.counted.roundSize(job));
  const [shorter, longer] = await Promise.all(
    [rounds.warm, rounds.warm + rounds.counted].map((repeat) => countedChild(job, repeat, { ...options, valgrind, cacheSim })),
  );
  const failing = [shorter, longer].find((result) => result.status !== 'ok');
  if (failing) return { ...failing, error: `under valgrind: ${failing.error}` };
  const metrics = { ...shorter.metrics };
  for (const name of driver.counted.timed) if (name in metrics) metrics[name] = null;
  const per = metrics[driver.counted.invocations];
  const instructions = (longer.counts.Ir - shorter.counts.Ir) / rounds.counted;
  const one = estimatedCycles(shorter.counts);
  const cycles = one === null ? null : (estimatedCycles(longer.counts) - one) / rounds.counted;
  Object.assign(metrics, {
    instructions,
    instructionsPerInvocation: instructions / per,
    estimatedCycles: cycles,
    estimatedCyclesPerInvocation: cycles === null ? null : cycles / per,
    countedRounds: rounds.counted,
    warmRounds: rounds.warm,
  });
  return { ...shorter, metrics };
}

/**
 * A run by the session's measure: timed (time), counted (instructions), or
 * timed then counted, the counts added to the timed run's metrics (both).
 * @param {object} options runInChild's, and the driver
 * @param {{ measure?: string, runner?: object }} how: runner, the job's runtime record
 */
async function runMeasured(job, options, { measure = 'time', runner } = {}) {
  if (measure === 'time') return runInChild(job, options);
  const why = cannotCountUnder(runner);
  if (why) return { status: 'unsupported', error: why, metrics: null, stderrTail: '' };
  if (measure === 'instructions') return runCounted(job, options);
  const timed = await runInChild(job, options);
  if (timed.status !== 'ok') return timed;
  const counted = await runCounted(job, options);
  if (counted.status !== 'ok') return counted;
  const counts = {};
  for (const name of COUNTED_METRICS) counts[name] = counted.metrics[name];
  return { ...timed, metrics: { ...timed.metrics, ...counts } };
}

const MEASURES = ['time', 'instructions', 'both'];

module.exports = { MEASURES, COUNTED_METRICS, V8_FLAGS, SLOWDOWN, roundsFor, findValgrind, cannotCount, readCounts, estimatedCycles, runCounted, runMeasured };
