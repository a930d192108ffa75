'use strict';

const { entryIn } = require('../../lib/registry');

// The registry of the time-slicing problem (Fibonacci with every call deferred,
// after Tushar Mathur's "node.js concurrency evaluation", 2015, whose
// fibonacciAsync is both-branches-set-immediate). Every file exports a factory
// of its options, returning fib: fib(n) returning a number when `call` is
// 'sync', fib(n, done) calling done(null, value) when 'callback', fib(n)
// returning a promise when 'promise'. Options: k (calls per slice, chunked);
// the others take none.
//
// family: 'sync' or 'async', as in examples/fib (not the DoxBee FAMILIES).
// yields: whether the code defers its calls (slices itself) at all.
// lets: what else runs on the thread before the caller hears back, the
//   finding the docs state: 'nothing'; 'ticks' (only other process.nextTick
//   callbacks); 'microtasks' (promise jobs and nextTicks, but no timer,
//   immediate or I/O callback); 'event-loop' (timers, immediates and I/O too).
//   A slicer that yields but lets only ticks run has not sliced time at all.

const EXAMPLES = [
  { name: 'sync', family: 'sync', call: 'sync', yields: false, lets: 'nothing' },
  { name: 'next-tick', family: 'async', call: 'callback', yields: true, lets: 'ticks' },
  { name: 'set-immediate', family: 'async', call: 'callback', yields: true, lets: 'event-loop' },
  { name: 'both-branches-set-immediate', family: 'async', call: 'callback', yields: true, lets: 'event-loop' },
  { name: 'set-timeout', family: 'async', call: 'callback', yields: true, lets: 'event-loop' },
  { name: 'promises-set-immediate', family: 'async', call: 'promise', yields: true, lets: 'event-loop' },
  { name: 'scheduler-yield', family: 'async', call: 'promise', yields: true, lets: 'event-loop' },
  { name: 'chunked', family: 'async', call: 'promise', yields: true, lets: 'event-loop' },
];

module.exports = {
  problem: 'slicing',
  // Where lists show it, and the fewest examples the registry test accepts.
  order: 5,
  fewestExamples: 4,
  driver: 'compute',
  reference: 'sync',
  examples: EXAMPLES.map((entry) => entryIn(__dirname, entry)),
};
