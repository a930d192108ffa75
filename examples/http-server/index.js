'use strict';

const { entryIn } = require('../../lib/registry');

// The registry of the HTTP server problem (one server written several ways,
// after "Is async I/O worth the trouble?", 2019, and "node.js concurrency
// evaluation", 2015). Every file exports serve(options), returning a promise
// of { port, close }: it binds only `host` (port 0: an ephemeral port), and
// close() resolves when the server and every process or thread it started are
// gone. Options: host, port, workload, bytes, fibN, t, and workers (the
// cluster and pool examples); async-callbacks also takes fib, the callback
// fib it computes with (cluster-sliced gives it the 2015 article's). Every
// request, whatever its method and path, does the workload and is answered
// 200 with response(options) below:
// 'read' answers `bytes` bytes read from /dev/urandom, 'compute' answers
// fib(fibN), 'wait' answers 'ok' after t ms. A failure is answered 500.
//
// family: how the work is written, 'sync' (it blocks the thread that runs it)
//   or 'async', as in examples/fib (not the DoxBee FAMILIES).
// where: what serves the requests: 'process' (the one thread of the calling
//   process), 'cluster' (`workers` node:cluster processes on one port) or
//   'pool' (the calling process, its work in a pool of `workers` threads).

const EXAMPLES = [
  { name: 'async-callbacks', family: 'async', where: 'process' },
  { name: 'sync', family: 'sync', where: 'process' },
  { name: 'async-await', family: 'async', where: 'process' },
  { name: 'stream', family: 'async', where: 'process' },
  { name: 'cluster-sync', family: 'sync', where: 'cluster' },
  { name: 'cluster-async', family: 'async', where: 'cluster' },
  { name: 'cluster-sliced', family: 'async', where: 'cluster' },
  { name: 'worker-pool', family: 'async', where: 'pool', libraries: ['piscina'] },
];

// fib by iteration, independent of the recursions the examples use.
function fibOf(n) {
  let [a, b] = [0, 1];
  for (let i = 0; i < n; i += 1) [a, b] = [b, a + b];
  return a;
}

const textResponse = (text) => ({ bytes: Buffer.byteLength(text), text });

// What every answer's body must be, with the same defaults as serve(): its
// exact length in bytes, and its exact text (null for 'read': random bytes).
function response({ workload = 'read', bytes = 1048576, fibN = 20 } = {}) {
  if (workload === 'read') return { bytes, text: null };
  if (workload === 'compute') return textResponse(String(fibOf(fibN)));
  if (workload === 'wait') return textResponse('ok');
  throw new Error(`unknown workload ${workload}`);
}

module.exports = {
  problem: 'http-server',
  // Where lists show it, and the fewest examples the registry test accepts.
  order: 6,
  fewestExamples: 8,
  driver: 'http-load',
  reference: 'async-callbacks',
  workloads: ['read', 'compute', 'wait'],
  examples: EXAMPLES.map((entry) => entryIn(__dirname, entry)),
  response,
};
