'use strict';

const path = require('node:path');

// The compute driver: one function call at a time, repeated in a fresh
// process until a minimum time has passed (the recursion and time-slicing
// problems). It records the time per call, how many cores the process kept
// busy, and how late a 1 ms heartbeat timer fired meanwhile: what the
// computation costs the rest of the program. What one run does is in child.js.

module.exports = {
  name: 'compute',
  description: 'one call at a time, repeated until a minimum time has passed; time per call, cores used, heartbeat lateness',
  // What a run does and when it checks out, for bench --help.
  help: "calls fib(n) again and again for --min-time ms; a run checks out when every call returned fib(n). Under a browser runtime (chromium, chromium-worker, firefox, firefox-worker) each run is still a fresh child process: it bundles the example with this driver's loop by esbuild, serves it on 127.0.0.1, starts a fresh headless browser with a fresh profile, runs the same loop on the page's main thread or in a Web Worker, and verifies every value as under Node. CPU time, memory, GC and event-loop figures are n/a there. An example that needs a Node API (worker_threads, piscina), or a browser that is not installed, is UNSUPPORTED with the reason.",
  child: path.join(__dirname, 'child.js'),
  // Its child under a browser runtime (chromium, firefox, and their -worker
  // forms): the same loop, bundled by esbuild and run in the browser.
  browserChild: path.join(__dirname, 'browser-child.js'),
  // How its examples are called: fib(n) returning the value, a promise of it,
  // or calling back fib(n, done).
  calls: ['sync', 'promise', 'callback'],
  // How their recursion is written (not the DoxBee style families).
  families: ['sync', 'async'],
  execArgv: ['--expose-gc'],
  params: [
    { name: 'n', type: 'integer', list: true, min: 0, max: 78, test: 10, short: 'n', description: 'the Fibonacci argument: fib(n) per call' },
    { name: 'w', type: 'integer', list: true, min: 0, max: 1e7, description: 'busywork: loop turns before each recursive call (the -busy examples)' },
    { name: 'k', type: 'integer', min: 1, max: 1e9, description: 'calls per slice: the chunked slicer yields once every k calls' },
    { name: 'threads', type: 'integer', min: 1, max: 256, description: 'worker threads of the pool (pool-split)' },
    { name: 'minTime', type: 'number', min: 0, minExclusive: true, max: 600000, test: 50, description: 'ms of calls per run, after the warm-up' },
  ],
  time: { metric: 'callMs', title: 'time per call', unit: 'ms', description: 'mean duration of one call, its start to its result' },
  // Its own numbers, summarized as medians beside time and memory.
  extra: ['calls', 'opsPerSec', 'coresUsed', 'beats', 'latenessP50Ms', 'latenessP99Ms', 'latenessMaxMs'],
  // The charts of its report section (lib/report/sections/scenarios.js draws them); its
  // table's columns are in columns.js.
  charts: ['forest', 'responsiveness', 'time-against-n', 'memory-against-n', 'cpu-work-forest', 'cpu-work-against-time'],
  columns: require('./columns'),
  // What each registry entry of its problems must say (the registry test asks).
  entryFaults: require('./entry'),
  // fib grows exponentially in n: the fitted base, time ∝ bⁿ (1.618 for the plain recursion).
  growth: { param: 'n', model: 'exponential', label: 'fib(n) per call' },
  // The columns of its examples in asyncmark list.
  listColumns: [{ key: 'name' }, { key: 'family' }, { key: 'call' }, { key: 'where' }, { key: 'lets', title: 'lets run meanwhile' }, { key: 'libraries' }],
  // bench --measure instructions counts a fixed number of calls per round
  // (counted.js) instead of calling until a time has passed: per call. Each
  // call is large (fib(20) is 21,891 invocations), so V8 is warm after a few
  // rounds.
  counted: {
    invocations: 'calls',
    per: 'call',
    roundSize: (job) => require('./counted').callsPerRound(job.params.n),
    rounds: { warm: 4, counted: 4 },
    timed: ['wallMs', 'cpuUserMs', 'cpuSystemMs', 'maxRssMB', 'heapBeforeMB', 'heapPeakMB', 'gcCount', 'gcMs', 'elu'],
  },
  // The JSON Schema of its params and metrics in a results line (lib/results composes it).
  schema: require('./schema.json'),
};
