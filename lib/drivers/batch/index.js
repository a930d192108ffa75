'use strict';

const path = require('node:path');
const { CONTEXTS } = require('../../fakes');
const { PARAMS: IO_PARAMS } = require('../../fakes/parameters');
const { HOOKS } = require('../../runner/child/async-hooks');

// What a cancellable example is given besides its arguments (the signal parameter).
const SIGNALS = ['none', 'live'];

// The batch driver: n concurrent invocations of an example against the
// simulated I/O, in a fresh process per run (the DoxBee problems). What one
// run does is in child.js; this file declares the rest in one place: the
// parameters, the metrics a run records and the numbers its tables show.

module.exports = {
  name: 'batch',
  description: 'n concurrent invocations against the simulated I/O; time from the first start to the last callback',
  // What a run does and when it checks out, for bench --help.
  help: 'starts n invocations at once and waits for all; a run checks out when every invocation called back exactly once and every operation of the simulated I/O was done.',
  child: path.join(__dirname, 'child.js'),
  // No child for browsers: why, for the cells of a browser runtime
  // (test/drivers/browser-child.test.js checks it still holds).
  browserWhyNot: "its simulated I/O (lib/fakes) needs Node's util, and the thunks flavour Node's assert: esbuild cannot bundle them for a browser",
  execArgv: ['--expose-gc'],
  params: [
    { name: 'n', type: 'integer', list: true, min: 1, max: 1e7, test: 10, short: 'n', description: 'concurrent invocations per run' },
    // The simulated I/O's, declared with it, so that createIO refuses what bench refuses.
    ...IO_PARAMS,
    // Its values run side by side within each run (interleaved), not one grid
    // cell after another, so that their ratio is taken under the same drift;
    // 'none' is left out of the results line (absent), so that a run without
    // the parameter, from before it existed, is a run without context.
    {
      name: 'context',
      type: 'choice',
      choices: CONTEXTS,
      list: true,
      interleaved: true,
      absent: 'none',
      description:
        'async context: none, or als = each upload inside AsyncLocalStorage.run with a store of its own, read by the simulated I/O at every operation (as an APM agent does), and whether it survived recorded',
    },
    // bmeurer's async_hooks study: what enabled hooks cost, interleaved as context is.
    {
      name: 'hooks',
      type: 'choice',
      choices: HOOKS,
      list: true,
      interleaved: true,
      absent: 'none',
      description: 'async_hooks enabled for the whole run: none, init = an empty init hook, all = empty init, before, after, destroy and promiseResolve hooks',
    },
    // What cancellability costs with a caller that may give up: a cancellable
    // variant given a live signal, interleaved with none as context is, so that
    // the variant's time with a signal and without one are taken under the same drift.
    {
      name: 'signal',
      type: 'choice',
      choices: SIGNALS,
      list: true,
      interleaved: true,
      absent: 'none',
      description:
        'what a cancellable example (registry cancel: signal) is given: none = its three arguments; live = also { signal } of an AbortController of its own that never aborts, made before the batch starts; an example with no signal to take is called as with none',
    },
  ],
  // The number compared with the baseline, and what else a cell summarizes.
  time: { metric: 'wallMs', title: 'wall time', unit: 'ms', description: 'start of the first invocation to the last callback' },
  // The charts of its report section (lib/report/sections/scenarios.js draws them); its
  // table's columns are in columns.js.
  // The CPU-work charts are drawn only where runs were counted.
  charts: ['forest', 'cpu-work-forest', 'cpu-work-against-time', 'time-against-n', 'memory-against-n'],
  columns: require('./columns'),
  // What each registry entry of its problems must say (the registry test asks).
  entryFaults: require('./entry'),
  // The parameter the growth of time and memory is fitted against, and how.
  growth: { param: 'n', model: 'power', label: 'concurrent uploads' },
  // The columns of its examples in asyncmark list.
  listColumns: [
    { key: 'name' },
    { key: 'family' },
    { key: 'call' },
    { key: 'io', title: 'I/O flavour' },
    { key: 'libraries' },
    { key: 'throws', title: 'sync throw' },
  ],
  // Its child repeats the measured batch job.repeat times, so bench --measure
  // instructions counts one batch (lib/runner/count.js): per upload; under
  // valgrind its times are not the example's.
  counted: {
    invocations: 'invocations',
    // Invocations per repetition of the measured region.
    roundSize: (job) => job.params.n,
    per: 'upload',
    timed: [
      'wallMs',
      'cpuUserMs',
      'cpuSystemMs',
      'maxRssMB',
      'elu',
      'loopDelayP50Ms',
      'loopDelayP99Ms',
      'latencyP50Ms',
      'latencyP90Ms',
      'latencyP99Ms',
      'gcMs',
    ],
  },
  // The JSON Schema of its params and metrics in a results line (lib/results composes it).
  schema: require('./schema.json'),
};
