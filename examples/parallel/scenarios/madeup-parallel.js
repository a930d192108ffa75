'use strict';

// n concurrent uploads, each issuing p independent inserts at once and waiting
// for all of them (Promise.all, async.parallel, forkJoin): n × p operations in
// flight, every one succeeding. The largest n puts 100,000 operations in flight,
// ten times doxbee-sequential's; at n = 10000 (250,000) a q run took 30 s and a
// 1.7 GB heap, half the run timeout and near the heap limit of smaller machines.
module.exports = {
  name: 'madeup-parallel',
  driver: 'batch',
  problem: 'parallel',
  description: 'n concurrent uploads of p parallel queries each; every I/O operation succeeds',
  params: { n: [100, 1000, 4000], latency: 'constant', t: [1], dt: 0.1, e: 0, p: 25, seed: 1, context: 'none', signal: 'none' },
  // Every operation succeeds: that is what the scenario measures.
  fixed: ['e'],
};
