'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFile } = require('node:child_process');
const { runInChild } = require('./spawn');
const { isExecutable } = require('../runtimes/browsers');
const { countedCommand, refusedV8Flag } = require('./count-runtime');
const { plannedRounds, findValgrind, cannotCountUnder, collectOf } = require('./count-plan');
const { roundCounts } = require('./callgrind-files');
const { steadyCount } = require('./steady-count');

// bench --measure instructions: the CPU work of a run's measured region,
// counted by valgrind instead of timed. This file runs a counted child under
// callgrind; count-plan.js plans its rounds, callgrind-files.js reads what
// callgrind wrote and steady-count.js makes the count of it. One child under callgrind repeats
// the measured region `warm + counted` times and marks the edges of each of
// the last `counted` rounds' work (lib/runner/child/region.js): callgrind
// writes the counts at each mark and starts again from zero, so that each
// round's window is a file of its own, without start-up, loading, the
// warm-up, the harness between rounds or exit. The windows are grouped into
// segments of `segment` rounds. The count is two counts added up:
// - the mutator's work, everything in the windows outside V8's collector,
//   of the segment where it is least, divided by its rounds: the CPU work of
//   one steady round, which repeats whatever the heap's history;
// - the collector's work, the collections in the windows and those the
//   harness forced between them (in the gaps), its mean per round over the
//   segments where the mutator's work has settled: what the allocations of
//   a round cost, amortised.
// The segments' spreads are kept beside it (countedSpread, countedCollectorSpread).
// V8's flags below make a process's count repeat to about 0.01% (a single
// thread, no concurrent GC or compilation).
//
// Why the least segment and not the mean, and why 20,000 invocations of
// warm-up, measured rather than assumed (docs/explanation/counted-work.md, "The warm-up"):
// on Node 26 the doxbee rounds of 1,000 uploads settle on Maglev's code by
// about the 8th round, then TurboFan recompiles the hot functions at about
// the 16th (one round counts 170-230 million instructions instead of 21-55)
// and a lower level follows. Later, a full collection now and then makes V8
// deoptimize and recompile for a few rounds (2-5x a steady round). Between
// two windows of one child 12 rounds apart, the mean of 4 moved by 14% for
// the median example (up to 154%), the least of 8 by 1.0% (five examples,
// whose V8 settles later or whose work grows with the heap, by 7-43%).
//
// (Until 2026-11 the region was one file, the mean of its rounds, after 8,000
// warm invocations, which ended before TurboFan's recompilation on Node 26;
// before that, the difference of two cachegrind processes.)

// --single-threaded: no V8 worker threads (GC and compilation run on the
// main thread, where they are counted); --predictable: deterministic
// scheduling and no time-based decisions; --no-incremental-marking and
// --no-memory-reducer: a full collection is started by allocation alone,
// and done at once, not in steps run by tasks whose turn depends on the
// clock (without these two, two counts of async fib(20) were 1% apart; with
// them, 18 instructions).
const V8_FLAGS = ['--single-threaded', '--predictable', '--no-incremental-marking', '--no-memory-reducer'];

// A counted child runs about 30-50x slower than a timed one: its --timeout
// is this many times the session's.
const SLOWDOWN = 50;
// Callgrind writes its last file when the child exits, after the child has
// reported: it gets this long to do so before it is killed.
const EXIT_GRACE_MS = 120000;
// How long callgrind_control may take to turn the instrumentation on.
const CONTROL_TIMEOUT_MS = 60000;
// What a counted run adds to a run's metrics.
const COUNTED_METRICS = [
  'instructions',
  'instructionsPerInvocation',
  'estimatedCycles',
  'estimatedCyclesPerInvocation',
  'countedRounds',
  'warmRounds',
  'countedSegments',
  'countedSpread',
  'countedInCollector',
  'mutatorPerInvocation',
  'collectorPerInvocation',
  'forcedPerInvocation',
  'settledSegments',
  'countedCollectorSpread',
  'countedCollect',
  'countedSegmentMutator',
  'countedSegmentCollector',
  'countedCollections',
  'windowPilot',
  'countedInCompiler',
];

// One child under callgrind, repeating its measured region `warm` times and
// then at least `counted` more, marking the edges of the counted rounds'
// windows; the child may count more (rounds.window), and says how many.
async function countedChild(job, rounds, how) {
  const { warm, counted, window } = rounds;
  const { script, timeoutMs, execPath, execArgv, runner, valgrind, cacheSim, late = true } = how;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-count-'));
  const out = path.join(dir, 'callgrind.out');
  // Callgrind's instrumentation is off until the counted rounds: the child
  // asks for it (lib/runner/child/region.js) and callgrind_control turns it
  // on. Nothing before is counted anyway, and an uninstrumented warm-up runs
  // several times faster. Where that fails, the run is made again with the
  // instrumentation on from the start (late: false).
  const control = late ? controlOf(valgrind) : null;
  const { command, marker, startupMarks } = countedCommand(runner, { execPath, execArgv, v8Flags: V8_FLAGS, late: Boolean(control) });
  let turnedOn = null;
  try {
    const result = await runInChild(
      // Not detailed: the heap sampler and the event-loop observers fire on
      // timers, so their work would grow with valgrind's slowdown.
      { ...job, repeat: warm + counted, countFrom: warm, window, collect: how.collect ?? 'none', detailed: false, counted: true },
      {
        script,
        timeoutMs: timeoutMs * SLOWDOWN,
        exitGraceMs: EXIT_GRACE_MS,
        execPath: valgrind,
        ask: (message, child) => {
          if (!message || message.instrument !== true) return null;
          turnedOn = control ? instrument(control, child.pid, dir) : Promise.resolve(null);
          return turnedOn.then(() => ({ instrumented: true }));
        },
        // -q: valgrind says nothing but its errors, so a crash's stderr ends
        // on its own line. Names and positions uncompressed, so that
        // readCounts can read a function's lines. Its gdbserver's pipes in
        // the run's folder, removed with it (in /tmp they outlived a killed run).
        execArgv: [
          '-q',
          '--tool=callgrind',
          `--cache-sim=${cacheSim ? 'yes' : 'no'}`,
          `--dump-before=${marker}`,
          `--instr-atstart=${control ? 'no' : 'yes'}`,
          `--vgdb-prefix=${path.join(dir, 'vgdb')}`,
          '--compress-strings=no',
          '--compress-pos=no',
          `--callgrind-out-file=${out}`,
          ...command,
        ],
      },
    );
    const failed = turnedOn && (await turnedOn);
    if (failed) return countedChild(job, rounds, { ...how, late: false });
    if (result.status !== 'ok') return result;
    const countedRounds = result.countedRounds ?? counted;
    const region = roundCounts(out, countedRounds, { marker, startupMarks });
    if (region.error) return { ...result, status: 'crash', error: region.error };
    return { ...result, countedRounds, rounds: region };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// callgrind_control beside valgrind, or null.
function controlOf(valgrind) {
  const control = path.join(path.dirname(valgrind), 'callgrind_control');
  return isExecutable(control) ? control : null;
}

// Turns the instrumentation of callgrind process `pid` on; resolves with
// null, or with why it could not (never rejects).
function instrument(control, pid, dir) {
  return new Promise((resolve) => {
    execFile(control, [`--vgdb-prefix=${path.join(dir, 'vgdb')}`, '--instr=on', String(pid)], { timeout: CONTROL_TIMEOUT_MS }, (error, stdout, stderr) => {
      if (!error) return resolve(null);
      const [why] = String(stderr || error.message)
        .trim()
        .split('\n');
      resolve(`callgrind_control: ${why}`);
    });
  });
}

// The V8 flag of a count that the runtime refused at start ("node: bad
// option: --single-threaded": Node 6, whose V8 5.1 has none), or null.
function refusedFlag(result) {
  if (result.status === 'ok') return null;
  const flag = refusedV8Flag(`${result.stderrTail ?? ''}\n${result.error ?? ''}`);
  return V8_FLAGS.includes(flag) ? flag : null;
}

/**
 * One run counted: one child, verified as any run is (a run that does not
 * check out keeps its status and is never counted). Its metrics are the
 * child's, with the driver's timed metrics null (a time under valgrind is
 * not the example's), and the count of one steady round.
 * @param {object} job the job as runInChild takes it
 * @param {object} options runInChild's, and { driver, runner, valgrind, cacheSim, collect }: runner, the job's
 *   runtime record (none: the node running asyncmark); cacheSim, simulate the caches
 *   for the estimated cycles (bench --cycles; about twice the cost of a count); collect,
 *   what the child forces between rounds (COLLECT; default $ASYNCMARK_COUNT_COLLECT, else 'none')
 */
async function runCounted(job, { driver, valgrind = findValgrind(), cacheSim = false, collect = collectOf(), ...options }) {
  const rounds = plannedRounds(driver, job);
  const result = await countedChild(job, rounds, { ...options, valgrind, cacheSim, collect });
  const refused = refusedFlag(result);
  if (refused) {
    return {
      ...result,
      status: 'unsupported',
      error: `${job.runtime ?? 'this node'}: its V8 has no ${refused}, which a count needs to repeat (docs/explanation/counted-work.md)`,
      metrics: null,
    };
  }
  if (result.status !== 'ok') return { ...result, error: `under valgrind: ${result.error}` };
  const metrics = { ...result.metrics };
  for (const name of driver.counted.timed) if (name in metrics) metrics[name] = null;
  const per = metrics[driver.counted.invocations];
  const { rounds: counts, countedRounds, pilot, ...rest } = result;
  const steady = steadyCount(counts, rounds.segment, { attributeGaps: collect !== 'dither' });
  Object.assign(metrics, {
    instructions: steady.instructions,
    instructionsPerInvocation: steady.instructions / per,
    mutatorPerInvocation: steady.mutator / per,
    collectorPerInvocation: steady.collector / per,
    forcedPerInvocation: steady.forced / per,
    estimatedCycles: steady.cycles,
    estimatedCyclesPerInvocation: steady.cycles === null ? null : steady.cycles / per,
    countedRounds,
    warmRounds: rounds.warm,
    countedSegments: steady.segments.length,
    countedSpread: steady.spread,
    settledSegments: steady.settled,
    countedCollectorSpread: steady.collectorSpread,
    countedInCollector: steady.inCollector,
    countedCollect: collect,
    countedSegmentMutator: steady.segments.map((segment) => segment.mutator),
    countedSegmentCollector: steady.segments.map((segment) => segment.collector),
    countedCollections: steady.collections,
    countedInCompiler: steady.inCompiler,
    // What sized the window: collections seen over the warm-up's second half.
    windowPilot: pilot ?? null,
  });
  return { ...rest, metrics };
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
  if (measure === 'instructions') return runCounted(job, { ...options, runner });
  const timed = await runInChild(job, options);
  if (timed.status !== 'ok') return timed;
  const counted = await runCounted(job, { ...options, runner });
  if (counted.status !== 'ok') return counted;
  const counts = {};
  for (const name of COUNTED_METRICS) counts[name] = counted.metrics[name];
  return { ...timed, metrics: { ...timed.metrics, ...counts } };
}

module.exports = { COUNTED_METRICS, V8_FLAGS, SLOWDOWN, runCounted, runMeasured };
