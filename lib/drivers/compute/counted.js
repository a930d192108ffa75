'use strict';

// A counted run of the compute driver (bench --measure instructions,
// lib/runner/count.js): instead of calling until a time has passed, which
// would make the work depend on the clock, the child makes a fixed number of
// calls per round, job.repeat rounds, each call on a turn of its own as in a
// timed run, and checks every value. Valgrind counts the rounds from
// job.countFrom on, each in a window of its own (lib/runner/child/region.js).
// No timer, heartbeat or clock is read: the times are null.

const { expectedFib } = require('./loop');
const { openRound, closeRound, markEnd, roundPlan } = require('../../runner/child/region');

// Invocations of the recursion per round, at least: fib(15) makes 1,973, so
// its rounds are of 11 calls; fib(20) and up, of one.
const RECURSIVE_CALLS_PER_ROUND = 20000;

// What a timed run records and a counted one cannot: times, and what is read
// from the clock or the process.
const TIMED = [
  'wallMs',
  'cpuUserMs',
  'cpuSystemMs',
  'maxRssMB',
  'heapBeforeMB',
  'heapPeakMB',
  'gcCount',
  'gcMs',
  'elu',
  'callMs',
  'callP50Ms',
  'opsPerSec',
  'coresUsed',
  'beats',
  'latenessP50Ms',
  'latenessP99Ms',
  'latenessMaxMs',
];

/** How many recursive invocations fib(n) makes: 2 fib(n + 1) - 1. */
function recursiveCalls(n) {
  return 2 * expectedFib(n + 1) - 1;
}

/** Calls of fib(n) per counted round. */
function callsPerRound(n) {
  return Math.max(1, Math.ceil(RECURSIVE_CALLS_PER_ROUND / recursiveCalls(n)));
}

/**
 * @param {object} options
 * @param {(n: number) => Promise<number>} options.callOnce one call by the example's convention
 * @param {number} options.n
 * @param {number} options.rounds how many rounds (the job's repeat)
 * @param {number} [options.countFrom] the first counted round (the job's)
 * @param {object} [options.window] how the counted window is sized (the job's; lib/runner/child/region.js)
 * @param {string} [options.collect] 'minor': a young-generation collection forced between rounds; 'dither': the young
 *   generation filled to a seeded part before each counted round (the job's; lib/runner/child/region.js)
 * @param {() => Promise<void>} options.nextTurn
 * @param {((options?: object) => void)|null} options.gc global.gc: full, or { type: 'minor' }
 * @param {{ doubles: number }} options.answers
 */
async function countCalls({ callOnce, n, rounds, countFrom, window, collect, nextTurn, gc, answers }) {
  const expected = expectedFib(n);
  const perRound = callsPerRound(n);
  // With collect 'minor' each round starts with an empty young generation,
  // the collection between the rounds' windows, where count.js reads it and
  // attributes it back; by default ('none') V8 collects where it will, and
  // count.js takes the collections' mean over the segments.
  const forced = gc && collect === 'minor' ? () => gc({ type: 'minor' }) : () => {};
  let wrong = null;
  if (gc) gc();
  const plan = roundPlan({ repeat: rounds, countFrom, window });
  for (let round = 0; round < plan.total; round++) {
    plan.before(round);
    if (round > 0) forced();
    await openRound(round, { countFrom, collect });
    for (let i = 0; i < perRound; i++) {
      const value = await callOnce(n);
      if (value !== expected && wrong === null) wrong = `fib(${n}) returned ${value}, expected ${expected}`;
      await nextTurn();
    }
    closeRound(round, { countFrom });
  }
  forced();
  markEnd({ countFrom });
  const metrics = { calls: perRound };
  const counted = { countedRounds: plan.counted, pilot: plan.pilot };
  for (const name of TIMED) metrics[name] = null;
  if (answers.doubles > 0) return { status: 'double', metrics, error: `${answers.doubles} call(s) answered more than once`, ...counted };
  if (wrong) return { status: 'invalid', metrics, error: wrong, ...counted };
  return { status: 'ok', metrics, error: null, ...counted };
}

module.exports = { countCalls, callsPerRound, recursiveCalls };
