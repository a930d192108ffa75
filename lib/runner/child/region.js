'use strict';

// The edges of a counted run's measured rounds (bench --measure
// instructions, lib/runner/count.js). JavaScript cannot speak to valgrind, so
// the child marks an edge by calling into a C function that nothing else in a
// run calls: os.loadavg() runs libuv's uv_loadavg, and callgrind, told
// --dump-before=uv_loadavg, writes the counts so far and starts again from
// zero there (under Deno, which has no libuv, os.loadavg() reaches libc's
// sysinfo instead: lib/runner/count-runtime.js).
//
// Each counted round is a window of its own: an edge opens it just before
// the round's work starts and closes it as soon as the work is done, so
// that each window is a file of its own and nothing of the harness is in it
// (building the round's arguments, its simulated I/O, checking it). What
// falls between two windows is a gap, a file of its own too, and one more
// edge after the last round closes the last gap. steady-count.js sums a segment's
// windows for the work, and reads from the gaps only the collections the
// harness forced there, to attribute them back to the rounds.
//
// (process.ppid, whose uv_os_getppid was the first mark, is read by nyc's
// preload at a child's start and exit: under coverage a counted run saw four
// marks. Node itself, nyc and the examples' libraries never ask for the load
// average.)

const os = require('node:os');
const { firstDraw, hashString } = require('../../fakes/random');

/** Mark an edge of the counted region. */
function markRegionEdge() {
  os.loadavg();
}

// Whether a round of the job is counted.
function isCounted(round, { countFrom }) {
  return countFrom !== undefined && round >= countFrom;
}

/**
 * Just before the work of round `round`: open its window if it is counted.
 * Before the first counted round the child asks its parent to turn
 * callgrind's instrumentation on, and waits (the parent may have started it
 * with the instrumentation on already, and answers at once): the warm-up
 * then runs several times faster, and what it does is the same (valgrind
 * runs the same code, uncounted). The child asks either way, so that the
 * question's own work, and what it leaves in the heap, are the same in both.
 * With job.collect 'dither' the young generation is filled to a seeded part
 * of its size first, in the gap (ditherYoungGeneration).
 * @param {{ countFrom?: number, collect?: string, params?: { seed?: number } }} job
 */
async function openRound(round, job) {
  if (!isCounted(round, job)) return;
  if (round === job.countFrom) await askToInstrument();
  if (job.collect === 'dither') ditherYoungGeneration(ditherFraction(round, job.params ? job.params.seed : 1));
  markRegionEdge();
}

// A repeated round allocates the same objects in the same order, so where in
// it the young generation fills up, and V8 scavenges, is set by the heap's
// history and then repeats: measured on Node 26, doxbee n=1000, a scavenge
// between rounds costs about 0.6 million instructions and one inside a round,
// with a thousand uploads in flight, 11 to 22 million, and a child locked on
// one or the other counts a collector's work 6x apart. Filling the young
// generation to a seeded, evenly spread part of its capacity before each
// counted round, in the gap, puts the round's scavenges at other points of
// it from round to round, so that their mean over the window is over the
// round's phases, not one phase. The filler is dead at once; a scavenge it
// brings about falls in the gap, where steady-count.js leaves it out (a scavenge of
// dead objects is not the round's). Where the runtime gives no new space's
// size, nothing is done.

// Each round's part: a golden-ratio sequence from a seeded start, so that
// the parts of any run of rounds spread evenly over [0, 1) (a collection's
// cost depends on where in the round it falls, so even spacing gives its
// mean sooner than random draws would).
const GOLDEN = 0.6180339887498949;
function ditherFraction(round, seed) {
  return (firstDraw(hashString(`dither:${seed}`)) + round * GOLDEN) % 1;
}

const FILLER = 8192; // elements of one filler array: 64 KB
// The least filler array: 128 bytes, so the last step overshoots the part asked by little.
const LEAST = 16;
// The last filler array, kept where the optimizer cannot see it unused.
const held = { filler: null };

// node:v8, or null on a runtime without it (a child runs under Deno and old Node too).
function v8Module() {
  try {
    return require('node:v8');
  } catch {
    return null;
  }
}

function newSpaceUsed() {
  const v8 = v8Module();
  if (!v8 || typeof v8.getHeapSpaceStatistics !== 'function') return null;
  const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  return space ? { used: space.space_used_size, capacity: space.space_used_size + space.space_available_size } : null;
}

// Near the part asked, a filler array is only as long as what is missing.
// In a fresh process the young generation is 1 MB, four pages of 256 KB that
// each hold three 64 KB arrays, the rest of a page counted as used when the
// next array opens another: in 64 KB steps it reached at most 0.946 of its
// capacity, so a part above that was never reached, and the loop scavenged
// until its bound ran out and left it anywhere (asked 0.96, got 0.57).
function fillerLength(below, used, target) {
  if (!below) return FILLER;
  return Math.min(FILLER, Math.max(LEAST, Math.ceil((target - used) / 8)));
}

/**
 * Fill the young generation to `fraction` of its capacity: from below, up
 * to it; from above, on through a scavenge (its used size drops) and then up
 * to it. At most a few capacities' worth of filler, whatever the runtime says.
 * @param {number} fraction in [0, 1)
 * @returns {boolean} whether the runtime gave the young generation's size
 */
function ditherYoungGeneration(fraction) {
  const start = newSpaceUsed();
  if (start === null) return false;
  let target = fraction * start.capacity;
  let used = start.used;
  let below = used < target;
  const most = Math.ceil((4 * start.capacity) / (FILLER * 8)) + 4;
  for (let i = 0; i < most && !(below && used >= target); i++) {
    held.filler = new Array(fillerLength(below, used, target)).fill(0);
    const now = newSpaceUsed();
    // A scavenge: from here up to the part asked, of the capacity V8 may have grown at it.
    if (now.used < used) {
      below = true;
      target = fraction * now.capacity;
    }
    used = now.used;
  }
  held.filler = null;
  return true;
}

/** As soon as the work of round `round` is done: close its window if it is counted. */
function closeRound(round, job) {
  if (isCounted(round, job)) markRegionEdge();
}

// Asks the parent over IPC to turn callgrind's instrumentation on
// (lib/runner/count.js) and resolves when it says it has. The channel is
// held open meanwhile (childMain unrefs it, so that a forgetful example
// empties the loop).
function askToInstrument() {
  return new Promise((resolve) => {
    const answer = (message) => {
      if (!message || message.instrumented !== true) return;
      process.removeListener('message', answer);
      if (process.channel) process.channel.unref();
      resolve();
    };
    if (process.channel) process.channel.ref();
    process.on('message', answer);
    process.send({ instrument: true });
  });
}

// The counted window's length, chosen by each child for its example: long
// enough that about `window.collections` of V8's collections fall in it, so
// that their mean per round (the collector's part of the count) is a mean of
// that many. The child watches its collections over the second half of its
// warm-up (v8.GCProfiler, Node 18.15 and later; its work falls outside the
// counted window) and sizes the window from their rate; before the window
// starts, so that when it ends does not depend on what fell in it. A runtime
// without the profiler counts window.least rounds, as before.

/**
 * How many rounds to count: enough for `collections` collections at the rate
 * seen over `pilotRounds` warm rounds, in whole segments, within
 * [least, most]; `least` when the rate is unknown (collections null), `most`
 * when no collection fell.
 * @param {{ collections: number, least: number, most: number, segment: number }} window
 * @param {number|null} seen collections seen in the pilot rounds
 * @param {number} pilotRounds
 */
function windowRounds(window, seen, pilotRounds) {
  if (seen === null || pilotRounds <= 0) return window.least;
  if (seen === 0) return window.most;
  const wanted = Math.ceil((window.collections * pilotRounds) / seen / window.segment) * window.segment;
  return Math.min(window.most, Math.max(window.least, wanted));
}

// A profiler of V8's collections, started; null where the runtime has none.
function startCollectionProfiler() {
  const v8 = v8Module();
  if (!v8 || typeof v8.GCProfiler !== 'function') return null;
  const profiler = new v8.GCProfiler();
  profiler.start();
  return profiler;
}

/**
 * The rounds of a child: job.repeat of them, or, for a counted job with a
 * window (lib/runner/count.js), the warm-up (job.countFrom rounds) and a
 * window sized by windowRounds. Call before(round) before each round's work,
 * outside its window; `total` may change when the warm-up ends, and
 * `counted` and `pilot` are what the child reports.
 * @param {{ repeat?: number, countFrom?: number, window?: object }} job
 */
function roundPlan(job) {
  const warm = job.countFrom;
  const window = warm === undefined ? undefined : job.window;
  const pilotFrom = window ? Math.floor(warm / 2) : -1;
  let profiler = null;
  const plan = {
    total: job.repeat ?? 1,
    counted: warm === undefined ? 0 : (job.repeat ?? 1) - warm,
    pilot: null,
    before(round) {
      if (!window) return;
      if (round === pilotFrom) profiler = startCollectionProfiler();
      if (round !== warm) return;
      const seen = profiler ? profiler.stop().statistics.length : null;
      plan.counted = windowRounds(window, seen, warm - pilotFrom);
      plan.total = warm + plan.counted;
      plan.pilot = seen === null ? null : { rounds: warm - pilotFrom, collections: seen };
    },
  };
  return plan;
}

/** After the last round of a counted child, and the collection it forces after each: the last gap's end. */
function markEnd({ countFrom }) {
  if (countFrom !== undefined) markRegionEdge();
}

module.exports = { markRegionEdge, openRound, closeRound, markEnd, windowRounds, roundPlan, ditherYoungGeneration, MARKER: 'uv_loadavg' };
