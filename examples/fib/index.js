'use strict';

const { entryIn } = require('../../lib/registry');

// The registry of the async-recursion problem (Fibonacci, after Matthias
// Jenny's "Async recursion: promising, surprising, but foremost confusing",
// 2018, whose asyncFib is the async example). Every file exports a factory of
// its options, returning fib(n): a number when `call` is 'sync', a promise when
// 'promise'. Options: w (busywork turns per call, the -busy examples), threads
// and depth (pool-split); the others take none.
//
// family: how the recursion is written, 'sync' or 'async'. These are not the
//   DoxBee style families of lib/registry.js FAMILIES; pool-split is 'async'
//   because its main-thread part is.
// where: 'main' (the calling thread), 'worker' (one Worker per call) or 'pool'
//   (a piscina pool per call).
// lets: what else runs on the calling thread before the caller hears back, on
//   the scale of examples/slicing: 'nothing'; 'microtasks' (promise jobs and
//   nextTicks, but no timer, immediate or I/O callback: async alone does not
//   free the thread); 'event-loop' (timers, immediates and I/O too).

const EXAMPLES = [
  { name: 'sync', family: 'sync', call: 'sync', where: 'main', lets: 'nothing' },
  { name: 'async', family: 'async', call: 'promise', where: 'main', lets: 'microtasks' },
  { name: 'async-depth-first', family: 'async', call: 'promise', where: 'main', lets: 'microtasks' },
  { name: 'async-generator', family: 'async', call: 'promise', where: 'main', lets: 'microtasks' },
  { name: 'effection', family: 'async', call: 'promise', where: 'main', lets: 'microtasks', libraries: ['effection'] },
  { name: 'sync-busy', family: 'sync', call: 'sync', where: 'main', lets: 'nothing' },
  { name: 'async-busy', family: 'async', call: 'promise', where: 'main', lets: 'microtasks' },
  { name: 'sync-memo', family: 'sync', call: 'sync', where: 'main', lets: 'nothing' },
  { name: 'async-memo', family: 'async', call: 'promise', where: 'main', lets: 'microtasks' },
  { name: 'worker-sync', family: 'sync', call: 'promise', where: 'worker', lets: 'event-loop' },
  { name: 'worker-async', family: 'async', call: 'promise', where: 'worker', lets: 'event-loop' },
  { name: 'pool-split', family: 'async', call: 'promise', where: 'pool', lets: 'event-loop', libraries: ['piscina'] },
];

module.exports = {
  problem: 'fib',
  // Where lists show it, and the fewest examples the registry test accepts.
  order: 4,
  fewestExamples: 6,
  driver: 'compute',
  reference: 'sync',
  examples: EXAMPLES.map((entry) => entryIn(__dirname, entry)),
};
