'use strict';

// One run of the compute driver, in a fresh process: build the example's
// function and measure it with the loop of loop.js (warm-up, garbage
// collected, calls until the minimum time, heartbeat lateness), the timed
// region by lib/runner/child/measure.js. The result goes to the parent over IPC.

const { startMeasuring } = require('../../runner/child/measure');
const { childMain } = require('../../runner/child/main');
const { entryOf, loadExample } = require('../../runner/child/example');
const { measureCalls, callOnce } = require('./loop');
const { countCalls } = require('./counted');

// Lets the event loop turn between calls, so that each call is a macrotask of
// its own, as a request would be: the heartbeat can fire between two calls.
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

async function run(job) {
  const entry = entryOf(job);
  const { n, w, k, threads, minTime } = job.params;
  const loaded = loadExample(job, () => entry.load());
  if (loaded.unsupported) return loaded.unsupported;
  const fib = loaded.value({ w, k, threads });
  if (job.counted) {
    const answers = { doubles: 0 };
    return countCalls({
      callOnce: (arg) => callOnce(entry.call, fib, arg, answers),
      n,
      rounds: job.repeat ?? 1,
      countFrom: job.countFrom,
      window: job.window,
      collect: job.collect,
      nextTurn,
      gc: global.gc ? (options) => global.gc(options) : null,
      answers,
    });
  }
  return measureCalls({
    fib,
    call: entry.call,
    n,
    minTime,
    warmup: job.warmup,
    nextTurn,
    startMeasuring: () => startMeasuring({ detailed: true, capabilities: job.capabilities }),
    gc: global.gc ? () => global.gc() : null,
  });
}

if (require.main === module) childMain(run, { forgot: 'the function never answered before the event loop emptied' });
