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
  // Under a real database (bench --db) a run costs seconds, not a fraction of
  // one: on PGlite about 2.5 s at n=100 on the 2-core VM (a fresh PostgreSQL
  // in WebAssembly, its template loaded, 100 warm-up uploads, then the 100),
  // so the default grid's n=1000 and n=10000 (about 6 s and 40 s a run) would
  // take hours for every example. Its first cell alone, 3 runs of every
  // example, keeps bench --db pglite near 5 minutes there, and is the cell
  // where the fake grid, PGlite and a server meet in the report's "Against a
  // real database". --n asks for more.
  againstDatabase: { params: { n: [100] } },
};
