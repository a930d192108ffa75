'use strict';

const path = require('node:path');
const { isExecutable } = require('../runtimes/browsers');
const { countable } = require('./count-runtime');

// The plan of a counted run (bench --measure instructions, lib/runner/count.js):
// whether a session's runs can be counted at all, how many rounds a counted
// child warms up and counts, how its window may grow, and what it does
// between rounds.

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

// What a counted child forces between rounds: $ASYNCMARK_COUNT_COLLECT
// (cannotCount refuses one that is not in COLLECT), else 'none'.
function collectOf(env = process.env) {
  return env.ASYNCMARK_COUNT_COLLECT ?? 'none';
}

/**
 * The rounds of a counted child: the driver's own (a driver whose rounds are
 * large says how many it needs, lib/drivers) or roundsFor its round's size,
 * and the window the child may grow them to from its warm-up's collections
 * (lib/runner/child/region.js roundPlan).
 * @param {object} driver its declaration: counted.rounds or counted.roundSize
 * @param {object} job
 * @returns {{ warm: number, counted: number, segment: number, window: object }}
 */
function plannedRounds(driver, job) {
  const planned = { segment: 1, ...(driver.counted.rounds ?? roundsFor(driver.counted.roundSize(job))) };
  const window = { collections: WINDOW_COLLECTIONS, least: planned.counted, most: WINDOW_GROWTH * planned.counted, segment: planned.segment };
  return { ...planned, window };
}

const MEASURES = ['time', 'instructions', 'both'];

module.exports = { MEASURES, COLLECT, roundsFor, plannedRounds, findValgrind, cannotCount, cannotCountUnder, collectOf };
