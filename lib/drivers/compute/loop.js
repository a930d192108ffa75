'use strict';

// The measurement loop of the compute driver, written for any JavaScript
// host: Node's child (child.js) and a browser's page or Web Worker
// (browser-page.js, bundled by esbuild) run this same code. Warm up, collect
// garbage where the host can, then call the function again and again, one
// call per turn of the event loop, until the minimum time has passed, while a
// heartbeat timer records how late it fires. What differs between hosts is
// given: how a turn is yielded, how the timed region is measured, how garbage
// is collected. Nothing here needs a Node API.

const { startHeartbeat } = require('../../runner/child/heartbeat');
const { quantile, mean } = require('../../stats');

const WARMUP_CALLS = 2;

/** fib(n) by iteration: the value every example must return. */
function expectedFib(n) {
  let [a, b] = [0, 1];
  for (let i = 0; i < n; i++) [a, b] = [b, a + b];
  return a;
}

// One call by the example's convention, as a promise of its value. A callback
// answered more than once counts in `answers.doubles`.
function callOnce(call, fib, n, answers) {
  switch (call) {
    case 'sync':
      return Promise.resolve(fib(n));
    case 'promise':
      return fib(n);
    case 'callback':
      return new Promise((resolve, reject) => {
        let heard = false;
        fib(n, (error, value) => {
          if (heard) {
            answers.doubles++;
            return undefined;
          }
          heard = true;
          return error ? reject(error) : resolve(value);
        });
      });
    default:
      throw new RangeError(`call must be sync, promise or callback; got ${call}`);
  }
}

/**
 * Measures one run of fib(n).
 * @param {object} options
 * @param {Function} options.fib the example's function, built from its factory
 * @param {'sync'|'promise'|'callback'} options.call how it is called
 * @param {number} options.n
 * @param {number} options.minTime ms of calls after the warm-up
 * @param {number} [options.warmup] calls before the timed region
 * @param {() => Promise<void>} options.nextTurn lets the event loop turn once
 * @param {() => () => object|Promise<object>} options.startMeasuring starts the host's
 *   measurement of the timed region; its stop() returns (or resolves to) the
 *   metrics it has (wallMs, cpuUserMs, cpuSystemMs ...; null where the host has none)
 * @param {(() => void)|null} [options.gc] collects garbage, where the host can
 * @returns {Promise<{ status, metrics, error }>}
 */
async function measureCalls({ fib, call, n, minTime, warmup = WARMUP_CALLS, nextTurn, startMeasuring, gc = null }) {
  const expected = expectedFib(n);
  const answers = { doubles: 0 };
  let wrong = null;
  const check = (value) => {
    if (value !== expected && wrong === null) wrong = `fib(${n}) returned ${value}, expected ${expected}`;
  };

  for (let i = 0; i < warmup; i++) {
    check(await callOnce(call, fib, n, answers));
    await nextTurn();
  }
  if (gc) gc();

  const heartbeat = startHeartbeat({ everyMs: 1 });
  const stop = startMeasuring();
  const start = performance.now();
  const calls = [];
  do {
    const begin = performance.now();
    check(await callOnce(call, fib, n, answers));
    calls.push(performance.now() - begin);
    await nextTurn();
  } while (performance.now() - start < minTime);
  const stopped = stop();
  const lateness = heartbeat();
  const metrics = await stopped;

  const callMs = mean(calls);
  const cpuMs = metrics.cpuUserMs === null || metrics.cpuSystemMs === null ? null : metrics.cpuUserMs + metrics.cpuSystemMs;
  Object.assign(metrics, {
    calls: calls.length,
    callMs,
    callP50Ms: quantile(calls, 0.5),
    opsPerSec: 1000 / callMs,
    // Cores kept busy on average: more than 1 only when threads ran in
    // parallel; null where the host cannot read its CPU time (a browser).
    coresUsed: cpuMs === null ? null : cpuMs / metrics.wallMs,
    beats: lateness.length,
    latenessP50Ms: quantile(lateness, 0.5),
    latenessP99Ms: quantile(lateness, 0.99),
    latenessMaxMs: lateness.length ? Math.max(...lateness) : null,
  });
  if (answers.doubles > 0) return { status: 'double', metrics, error: `${answers.doubles} call(s) answered more than once` };
  if (wrong) return { status: 'invalid', metrics, error: wrong };
  return { status: 'ok', metrics, error: null };
}

module.exports = { measureCalls, expectedFib, callOnce };
