'use strict';

// Style: the top of the recursion split across a pool of worker threads.
// Library: piscina.
// Notice: the only example that uses several cores. The first `depth` levels
// run as async recursion on the main thread; each subproblem below them is one
// task, computed by the plain synchronous recursion in a pool thread, and the
// results are added on the way back up. Each call starts its pool and destroys
// it, even on failure, like the worker examples: no thread outlives the call.

const os = require('node:os');
const { Piscina } = require('piscina');

if (Piscina.isWorkerThread) {
  // In a pool thread this file is the task: sync.js, unchanged.
  module.exports = require('./sync')();
} else {
  // The top levels, on the main thread: every subproblem at `depth` is one task.
  const split = async (pool, n, depth) => {
    if (n < 2) return n;
    if (depth === 0) return pool.run(n);
    const [a, b] = await Promise.all([split(pool, n - 1, depth - 1), split(pool, n - 2, depth - 1)]);
    return a + b;
  };

  // By default four tasks per thread: the two branches are unequal (fib(n - 1)
  // is about 1.6 × fib(n - 2)), so fewer would leave threads idle at the end.
  module.exports = ({ threads = os.availableParallelism(), depth = Math.ceil(Math.log2(threads)) + 2 } = {}) =>
    async function fib(n) {
      const pool = new Piscina({ filename: __filename, minThreads: threads, maxThreads: threads });
      try {
        return await split(pool, n, depth);
      } finally {
        await pool.destroy();
      }
    };
}
