'use strict';

// n concurrent DoxBee uploads, every operation succeeding: the cost of each
// style's machinery when nothing goes wrong.
module.exports = {
  name: 'doxbee-sequential',
  // Where lists show it among DoxBee's scenarios.
  order: 1,
  driver: 'batch',
  problem: 'doxbee',
  description: 'n concurrent uploads; every I/O operation succeeds',
  childOptions: { fileExists: false },
  params: { n: [100, 1000, 10000], latency: 'constant', t: [1], dt: 0.1, e: 0, seed: 1, context: 'none', hooks: 'none' },
  // Every operation succeeds: that is what the scenario measures.
  fixed: ['e'],
  // Where the main job (asyncmark bench, no options) counts CPU work beside
  // the times, valgrind permitting (bench/counted-beside.js).
  counted: { params: { n: 1000 } },
};
