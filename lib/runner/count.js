'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFile } = require('node:child_process');
const { runInChild } = require('./spawn');
const { isExecutable } = require('../runtimes/browsers');
const { MARKER } = require('./child/region');
const { countable, countedCommand, refusedV8Flag } = require('./count-runtime');

// bench --measure instructions: the CPU work of a run's measured region,
// counted by valgrind instead of timed. One child under callgrind repeats
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
// A counted child repeats its region until at least WARM_INVOCATIONS
// invocations, and WARM_ROUNDS rounds, have run. Then it counts segments of
// at least SEGMENT_INVOCATIONS invocations (one round of 1,000 uploads, 50
// rounds of 20), at least SEGMENTS of them and COUNTED_INVOCATIONS in all;
// more when the child's warm-up says that fewer would hold fewer than about
// ten of V8's collections (lib/runner/child/region.js), up to WINDOW_GROWTH
// times as many.
const WARM_INVOCATIONS = 20000;
const WARM_ROUNDS = 3;
const SEGMENT_INVOCATIONS = 1000;
const SEGMENTS = 4;
const COUNTED_INVOCATIONS = 8000;
// The pilot asks for 15: its rounds, the first of them before TurboFan's
// code, collect more often than the counted ones (measured, Node 26 at
// n=1000: 5 collections in 10 warm rounds, then 7-8 in the 20 counted
// rounds they sized for callbacks-original and async-await), so that the
// window holds about 10.
const WINDOW_COLLECTIONS = 15;
const WINDOW_GROWTH = 8;

/**
 * How many rounds a counted child repeats before the counted ones, how many
 * are counted, and how many make a segment, for a round of `size`
 * invocations.
 * @returns {{ warm: number, counted: number, segment: number }}
 */
function roundsFor(size) {
  const per = Math.max(1, size);
  const segment = Math.ceil(SEGMENT_INVOCATIONS / per);
  const segments = Math.max(SEGMENTS, Math.ceil(COUNTED_INVOCATIONS / (segment * per)));
  return {
    warm: Math.max(WARM_ROUNDS, Math.ceil(WARM_INVOCATIONS / per)),
    counted: segments * segment,
    segment,
  };
}

// What a counted child does between its rounds: 'none', the default, forces
// no collection, so that V8 collects where the allocations make it, inside
// the rounds, at what that costs; 'minor' forces a young-generation
// collection between them, outside the windows and attributed back
// ($ASYNCMARK_COUNT_COLLECT=minor, for the ablation of docs/explanation/counted-work.md).
// Forced, a collection finds the round's objects dead and costs a tenth of
// what the collections inside a round cost (measured: doxbee
// callbacks-original at n=1000 on Node 20, 560 against 2,120 instructions a
// upload), so it hid most of what allocation costs.
// 'dither' fills the young generation to a seeded part of its capacity
// before each counted round (lib/runner/child/region.js), so that where its
// scavenges fall in a round is not locked by the heap's history; the
// scavenges of the filler fall in the gaps, and are not attributed.
const COLLECT = ['none', 'minor', 'dither'];

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
];
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
  if (env.ASYNCMARK_COUNT_COLLECT !== undefined && !COLLECT.includes(env.ASYNCMARK_COUNT_COLLECT)) {
    return `$ASYNCMARK_COUNT_COLLECT is ${JSON.stringify(env.ASYNCMARK_COUNT_COLLECT)}: what a counted child forces between rounds is one of ${COLLECT.join(', ')}`;
  }
  if (!findValgrind(env)) {
    return env.ASYNCMARK_VALGRIND
      ? `valgrind not found at ${env.ASYNCMARK_VALGRIND} ($ASYNCMARK_VALGRIND); ${HOW_TO_GET}`
      : `valgrind not found on PATH; ${HOW_TO_GET}`;
  }
  return null;
}

/**
 * Why one job cannot be counted under its runtime, or null: Node and Deno
 * are counted (lib/runner/count-runtime.js says how each is started).
 * Valgrind runs Bun too, but its counts do not repeat, and JavaScriptCore
 * has no --single-threaded or --predictable to make them: measured on bun
 * 1.4.5, 2026-11-26, doxbee callbacks-original at n=1000 counted as Deno is
 * (os.loadavg reaches libc's sysinfo under Bun too), three children gave
 * 31,459, 32,657 and 32,700 instructions per upload (3.9% apart; the same
 * cell under Node or Deno: 0.001-0.015%), and each child's 8 segments were
 * 51-60% apart.
 */
function cannotCountUnder(runner) {
  if (countable(runner)) return null;
  const why = {
    bun: "Bun runs JavaScriptCore, which has no single-threaded, predictable mode like V8's to make its counts repeat",
  };
  return `counting instructions is done under Node and Deno only: ${why[runner.name] ?? `${runner.spec} was not tried under valgrind`}`;
}

// Functions whose instructions are waiting, not work, and are left out of a
// count: libuv's uv__async_close spins until another thread has finished
// signalling the handle it closes, so its count depends on the threads'
// timing. Measured: two runs of one child counted alike but for 442,964
// instructions, all of them in this function (at exit, outside the region
// today; left out wherever it falls).
const SPINNING = /^uv__async_(close|spin)\b/;

// V8's garbage collections, scavenges and full ones alike, each run inside
// this function, called from Heap::CollectGarbage (so named in the callgrind
// files of Node 6, 20, 24 and 26): the instructions of the calls to it are
// the count's part that the collector did. Lazy sweeping after a full
// collection, done later while allocating, is not in it.
const COLLECTION = /^v8::internal::Heap::PerformGarbageCollection\(/;

/**
 * The events of a callgrind (or cachegrind) output file, by name: its
 * summary line's totals less the instructions of the SPINNING functions'
 * own lines. A cost line after `calls=` is the callee's inclusive cost, not
 * the function's own, and is skipped. An event the file leaves off the end
 * of a line is zero. Beside them, inCollections: the instructions of the
 * calls to COLLECTION (inclusive, so every collection is counted once), and
 * collections, how many calls there were.
 * @returns {Record<string, number>}
 */
function readCounts(file) {
  const text = fs.readFileSync(file, 'utf8');
  const events = /^events: (.+)$/m.exec(text);
  const summary = /^(?:summary|totals): (.+)$/m.exec(text);
  if (!events || !summary) throw new Error(`${file}: no events or summary line`);
  const names = events[1].trim().split(/\s+/);
  const totals = summary[1].trim().split(/\s+/).map(Number);
  let spinning = false;
  let inclusive = false;
  let collecting = false;
  let inCollections = 0;
  let collections = 0;
  const ir = names.indexOf('Ir') + 1;
  for (const line of text.split('\n')) {
    if (line.startsWith('fn=')) spinning = SPINNING.test(line.slice(3));
    else if (line.startsWith('cfn=')) collecting = COLLECTION.test(line.slice(4));
    else if (line.startsWith('calls=')) {
      inclusive = true;
      if (collecting) collections += Number(line.slice(6).split(' ')[0]);
    } else if (/^\d/.test(line)) {
      const values = line.split(' ');
      if (inclusive && collecting) inCollections += Number(values[ir] ?? 0);
      if (spinning && !inclusive) {
        for (let i = 0; i < names.length; i++) totals[i] -= Number(values[i + 1] ?? 0);
      }
      inclusive = false;
    }
  }
  return { ...Object.fromEntries(names.map((name, i) => [name, totals[i] ?? 0])), inCollections, collections };
}

/**
 * Cycles estimated from callgrind's cache simulation, as iai and
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

// The files callgrind writes with --dump-before=MARKER and
// --callgrind-out-file=OUT, for `rounds` counted rounds: OUT.1 at the first
// mark (everything before the counted rounds), then for each round its
// window (OUT.2, OUT.4, ...) and the gap after it (OUT.3, OUT.5, ...), the
// last gap closed by the last mark; OUT at exit (the rest). The windows' and
// the gaps' counts, in order.
// A runtime that calls the marker itself at start-up (startupMarks) has as
// many files more before the first window (lib/runner/count-runtime.js).
function roundCounts(out, rounds, { marker = MARKER, startupMarks = 0 } = {}) {
  const dir = path.dirname(out);
  const dumps = fs.readdirSync(dir).filter((name) => name.startsWith(`${path.basename(out)}.`));
  const expected = 2 * rounds + 1 + startupMarks;
  if (dumps.length > expected) {
    return { error: `the region's mark was reached ${dumps.length} times, not ${expected}: something else in the run calls ${marker}` };
  }
  if (dumps.length < expected) return { error: 'valgrind wrote no counts of the region (the child ended before its last counted round)' };
  const file = (i) => readCounts(`${out}.${i + startupMarks}`);
  return {
    windows: Array.from({ length: rounds }, (_, r) => file(2 + 2 * r)),
    gaps: Array.from({ length: rounds }, (_, r) => file(3 + 2 * r)),
  };
}

// How far above the least a segment's mutator work may be and the segment
// count as settled, V8 running the code the count is of. Measured, doxbee
// n=1000: before TurboFan's code a segment is 1.3-3x the least, after it
// within 0.2% on Node 20; but on Node 26 a segment in which a scavenge fell
// does 2% more mutator work (promises-native), so that a bound of 1% left
// every collection out of the collector's mean.
const SETTLED = 0.1;

/**
 * The count of one steady round from the rounds' counts (roundCounts),
 * grouped in segments of `roundsPerSegment` rounds. Each segment's mutator
 * work is its windows' instructions outside V8's collections, and its
 * collector work the collections in its windows and in the gaps after them
 * (those the harness forced). mutator: the least segment's, per round (a
 * segment in which V8 recompiled counts more and is not it); collector: the
 * mean of the settled segments', per round; instructions: their sum. cycles: the
 * least segment's windows', per round. spread: (most - least) / least of the
 * segments' mutator work; settled: how many segments there are from the
 * first within SETTLED of the least on; collectorSpread: (most - least) /
 * mean of the settled segments' collector work; collections: how many
 * collections fell in the settled segments, the collector's mean being over
 * that many. inCollector: collector / instructions, or null when no
 * round had a collection (its V8 names the function otherwise, or nothing
 * was collected: either way not a measured 0).
 * @param {{ windows: Record<string, number>[], gaps: Record<string, number>[] }} rounds
 * @param {number} roundsPerSegment
 * @param {{ attributeGaps?: boolean }} [options] attributeGaps: count the gaps' collections as the
 *   rounds' (false with collect 'dither': the filler's scavenges are not the rounds')
 * @returns {{ instructions, mutator, collector, forced, cycles, spread, settled, collectorSpread, inCollector, segments }}
 *   segments: each segment's { mutator, collector } per round
 */
function steadyCount({ windows, gaps }, roundsPerSegment, { attributeGaps = true } = {}) {
  const segments = [];
  const none = { inCollections: 0, collections: 0 };
  for (let first = 0; first + roundsPerSegment <= windows.length; first += roundsPerSegment) {
    const segment = { mutator: 0, collector: 0, forced: 0, cycles: 0, collections: 0 };
    for (let r = first; r < first + roundsPerSegment; r++) {
      const gap = (attributeGaps && gaps[r]) || none;
      segment.mutator += windows[r].Ir - windows[r].inCollections;
      segment.collector += windows[r].inCollections + gap.inCollections;
      segment.collections += (windows[r].collections ?? 0) + (gap.collections ?? 0);
      segment.forced += gap.inCollections;
      const cycles = estimatedCycles(windows[r]);
      segment.cycles = cycles === null || segment.cycles === null ? null : segment.cycles + cycles;
    }
    segments.push(segment);
  }
  const least = segments.reduce((a, b) => (b.mutator < a.mutator ? b : a));
  const mutators = segments.map((segment) => segment.mutator);
  // The collector's mean is over the segments from the first settled one on,
  // the first whose mutator work is within SETTLED of the least: from where
  // V8 runs the code the count is of. Before it a style allocates otherwise,
  // and its collections fall otherwise. After it every segment is kept: a
  // collection now and then makes V8 recompile in its segment (measured,
  // Node 26 at n=1000: async-await's small collections, 0.6 million
  // instructions, each in a segment of 1.5x the least's mutator work), and
  // leaving those segments out left those collections out of the mean.
  const first = segments.findIndex((segment) => segment.mutator <= least.mutator * (1 + SETTLED));
  const settled = segments.slice(first);
  const collectors = settled.map((segment) => segment.collector);
  const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
  const mutator = least.mutator / roundsPerSegment;
  const collector = mean(collectors) / roundsPerSegment;
  const collected = segments.some((segment) => segment.collector > 0);
  return {
    instructions: mutator + collector,
    mutator,
    collector,
    forced: mean(settled.map((segment) => segment.forced)) / roundsPerSegment,
    cycles: least.cycles === null ? null : least.cycles / roundsPerSegment,
    spread: (Math.max(...mutators) - least.mutator) / least.mutator,
    settled: settled.length,
    collectorSpread: collector > 0 ? (Math.max(...collectors) - Math.min(...collectors)) / mean(collectors) : 0,
    inCollector: collected ? collector / (mutator + collector) : null,
    collections: settled.reduce((sum, segment) => sum + segment.collections, 0),
    segments: segments.map((segment) => ({ mutator: segment.mutator / roundsPerSegment, collector: segment.collector / roundsPerSegment })),
  };
}

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
  // A driver whose rounds are large says how many it needs (lib/drivers).
  const planned = { segment: 1, ...(driver.counted.rounds ?? roundsFor(driver.counted.roundSize(job))) };
  const window = { collections: WINDOW_COLLECTIONS, least: planned.counted, most: WINDOW_GROWTH * planned.counted, segment: planned.segment };
  const rounds = { ...planned, window };
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
    // What sized the window: collections seen over the warm-up's second half.
    windowPilot: pilot ?? null,
  });
  return { ...rest, metrics };
}

// What a counted child forces between rounds: $ASYNCMARK_COUNT_COLLECT
// (cannotCount refuses one that is not in COLLECT), else 'none'.
function collectOf(env = process.env) {
  return env.ASYNCMARK_COUNT_COLLECT ?? 'none';
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

const MEASURES = ['time', 'instructions', 'both'];

module.exports = {
  MEASURES,
  COUNTED_METRICS,
  V8_FLAGS,
  SLOWDOWN,
  roundsFor,
  findValgrind,
  cannotCount,
  readCounts,
  estimatedCycles,
  steadyCount,
  roundCounts,
  collectOf,
  runCounted,
  runMeasured,
};
