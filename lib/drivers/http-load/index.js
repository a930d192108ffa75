'use strict';

const os = require('node:os');
const path = require('node:path');

// The http-load driver: a server and its load in two processes, a bounded
// number of requests, timed as a whole (the way ab reports "time taken for
// tests"). For HTTP servers (the examples are servers, autocannon the load)
// and HTTP clients (the examples are the load of a fixed cheap server). It
// records requests/s, latency percentiles, errors, and the CPU time and peak
// memory of every server process summed, with the load generator's CPU apart:
// on a small machine the two compete for cores. What one run does is in child.js.

module.exports = {
  name: 'http-load',
  description: 'a server and its load in separate processes, a bounded number of requests; requests/s, latency, CPU and memory of every server process',
  // What a run does and when it checks out, for bench --help.
  help: 'starts a server in a process of its own on 127.0.0.1 and times --requests requests, --c at a time, from autocannon or from the client example; a run checks out when every answer was 200 with its full body and no file or process was left behind.',
  child: path.join(__dirname, 'child.js'),
  execArgv: [],
  // How the server examples are written (the client examples use the DoxBee style families).
  families: ['sync', 'async'],
  params: [
    {
      name: 'requests',
      type: 'integer',
      list: true,
      min: 1,
      max: 1e6,
      test: 20,
      description: 'requests per run, as ab -n (after a warm-up of 10 that is not timed)',
    },
    {
      name: 'c',
      type: 'integer',
      list: true,
      min: 1,
      max: 10000,
      test: 2,
      description: 'requests in flight at once: connections of the load (ab -c); 1 is sequential',
    },
    {
      name: 'workload',
      type: 'choice',
      choices: ['read', 'compute', 'wait'],
      description: 'what a request does: read bytes from /dev/urandom, compute fib(fib-n), or wait t ms (a database call)',
    },
    {
      name: 'bytes',
      type: 'integer',
      min: 0,
      max: 64 * 1024 * 1024,
      test: 1000,
      when: { workload: ['read'] },
      description: 'body bytes of every answer (of a server example: with --workload read; of a client example: of the fixed server)',
    },
    {
      name: 'fibN',
      type: 'integer',
      min: 0,
      max: 35,
      test: 10,
      when: { workload: ['compute'] },
      description: 'fib(n) computed per request (--workload compute)',
    },
    // Whole ms: a timer cannot wait less than 1 ms, Atomics.wait can, and the
    // async and sync servers must wait alike.
    { name: 't', type: 'integer', min: 1, max: 60000, test: 1, when: { workload: ['wait'] }, description: 'whole ms a request waits (--workload wait)' },
    {
      name: 'workers',
      type: 'integer',
      min: 1,
      max: 256,
      description: `processes of a cluster, threads of a pool (cluster-*, worker-pool); this machine offers ${os.availableParallelism()}`,
    },
    {
      name: 'keepAlive',
      type: 'choice',
      list: true,
      choices: ['on', 'off'],
      description: 'whether the client examples reuse connections (a keep-alive agent)',
    },
  ],
  time: { metric: 'durationMs', title: 'time for all requests', unit: 'ms', description: 'the first request sent to the last answer received' },
  // Its own numbers, summarized as medians beside time and memory.
  extra: [
    'requestsPerSec',
    'latencyMeanMs',
    'latencyP50Ms',
    'latencyP90Ms',
    'latencyP99Ms',
    'latencyMaxMs',
    'errors',
    'timeouts',
    'non2xx',
    'bodyBytes',
    'serverCpuMs',
    'serverRssMB',
    'serverProcesses',
    'serverCores',
    'loadCpuMs',
    'loadRssMB',
    'loadCores',
  ],
  charts: ['forest', 'throughput'],
  columns: require('./columns'),
  // What each registry entry of its problems must say (the registry test asks).
  entryFaults: require('./entry'),
  // No size axis: requests, connections and the workload are compared cell by cell.
  growth: null,
  // The columns of its examples in asyncmark list: servers say what serves
  // (where), clients how they are called (call).
  listColumns: [{ key: 'name' }, { key: 'family' }, { key: 'where' }, { key: 'call' }, { key: 'libraries' }],
  // The JSON Schema of its params and metrics in a results line (lib/results composes it).
  schema: require('./schema.json'),
};
