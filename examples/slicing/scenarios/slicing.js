'use strict';

// Time slicing, after "node.js concurrency evaluation" (2015): a callback
// Fibonacci that defers every call through a slicer (nextTick, setImmediate,
// setTimeout; today's promise forms and a chunked one) against the sync
// version. The heartbeat's lateness shows what the slicing buys.
module.exports = {
  name: 'slicing',
  problem: 'slicing',
  driver: 'compute',
  description: 'fib(n) with every call deferred through a slicer, against sync; heartbeat lateness',
  params: { n: [5, 10, 15], k: 1000, minTime: 500 },
  // bench --help's examples of this scenario: the options it is run with.
  usage: ['--k 100'],
};
