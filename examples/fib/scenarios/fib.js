'use strict';

const os = require('node:os');

// Async recursion, after "Async recursion: promising, surprising, but foremost
// confusing" (2019): fib(n) as plain and async recursion, with busywork, with a
// memo, in a worker and split across a pool of threads. One call at a time,
// repeated for minTime ms per run; fib grows as about 1.618ⁿ, so n = 25 makes
// 250,000 calls.
module.exports = {
  name: 'fib',
  problem: 'fib',
  driver: 'compute',
  description: 'fib(n) by recursion: sync vs async, busywork, memo, worker, thread pool',
  // threads: the pool of pool-split, one per core this machine offers.
  params: { n: [15, 20, 25], w: 1000, threads: os.availableParallelism(), minTime: 500 },
  // bench --help's examples of this scenario: the options it is run with.
  usage: ['--n 20,25 --examples sync,async,pool-split', '--runtime node,chromium,chromium-worker,firefox,firefox-worker --runs 3'],
};
