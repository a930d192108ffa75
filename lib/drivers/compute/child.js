'use strict';

// One run of the compute driver, in a fresh process: build the example's
// function, warm it up, collect garbage, then call it again and again, one call
// per turn of the event loop, until the minimum time has passed. Meanwhile a
// heartbeat timer records how late it fires: what the computation costs the
// rest of the program. The result goes to the parent over IPC.

const path = require('node:path');
const { startMeasuring } = require('../../runner/measure');
const { childMain, loadExample } = require('../../runner/child-main');
const { startHeartbeat } = require('../../runner/heartbeat');
const { quantile, mean } = require('../../stats');

const EXAMPLES = path.join(__dirname, '..', '..', '..', 'examples');
const WARMUP_CALLS = 2;

/** fib(n) by iteration: the value every example must return. */
function expectedFib(n) {
  let [a, b] = [0, 1];
  for (let i = 0; i < n; i++) [a, b] = [b, a + b];
  return a;
}

// Answers after the first, by any call: a callback called twice.
let doubles = 0;

// One call by the example's convention, as a promise of its value.
function callOnce(entry, fib, n) {
  switch (entry.call) {
    case 'sync':
      return Promise.resolve(fib(n));
    case 'promise':
      return fib(n);
    case 'callback':
      return new Promise((resolve, reject) => {
        let heard = false;
        fib(n, (error, value) => {
          if (heard) {
            doubles++;
            return undefined;
          }
          heard = true;
          return error ? reject(error) : resolve(value);
        });
      });
    default:
      throw new RangeError(`call must be sync, promise or callback; got ${entry.call}`);
  }
}

// Lets the event loop turn between calls, so that each call is a macrotask of
// its own, as a request would be: the heartbeat can fire between two calls.
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

async function run(job) {
  const entry = job.entry
    ? { ...job.entry, load: () => require(job.entry.file) }
    : require(path.join(EXAMPLES, job.problem)).examples.find((e) => e.name === job.example);
  const { n, w, k, threads, minTime } = job.params;
  const loaded = loadExample(job, () => entry.load());
  if (loaded.unsupported) return loaded.unsupported;
  const fib = loaded.value({ w, k, threads });
  const expected = expectedFib(n);
  let wrong = null;
  const check = (value) => {
    if (value !== expected && wrong === null) wrong = `fib(${n}) returned ${value}, expected ${expected}`;
  };

  for (let i = 0; i < (job.warmup ?? WARMUP_CALLS); i++) {
    check(await callOnce(entry, fib, n));
    await nextTurn();
  }
  if (global.gc) global.gc();

  const heartbeat = startHeartbeat({ everyMs: 1 });
  const stop = startMeasuring({ detailed: true, capabilities: job.capabilities });
  const start = performance.now();
  const calls = [];
  do {
    const begin = performance.now();
    check(await callOnce(entry, fib, n));
    calls.push(performance.now() - begin);
    await nextTurn();
  } while (performance.now() - start < minTime);
  const metrics = stop();
  const lateness = heartbeat();

  const callMs = mean(calls);
  Object.assign(metrics, {
    calls: calls.length,
    callMs,
    callP50Ms: quantile(calls, 0.5),
    opsPerSec: 1000 / callMs,
    // Cores kept busy on average: more than 1 only when threads ran in parallel.
    coresUsed: (metrics.cpuUserMs + metrics.cpuSystemMs) / metrics.wallMs,
    beats: lateness.length,
    latenessP50Ms: quantile(lateness, 0.5),
    latenessP99Ms: quantile(lateness, 0.99),
    latenessMaxMs: lateness.length ? Math.max(...lateness) : null,
  });
  if (doubles > 0) return { status: 'double', metrics, error: `${doubles} call(s) answered more than once` };
  if (wrong) return { status: 'invalid', metrics, error: wrong };
  return { status: 'ok', metrics, error: null };
}

if (require.main === module) childMain(run, { forgot: 'the function never answered before the event loop emptied' });

module.exports = { run, expectedFib };
