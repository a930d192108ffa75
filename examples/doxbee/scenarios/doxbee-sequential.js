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
  params: { n: [100, 1000, 10000], latency: 'constant', t: [1], dt: 0.1, e: 0, seed: 1, context: 'none', hooks: 'none', signal: 'none' },
  // Every operation succeeds: that is what the scenario measures.
  fixed: ['e'],
  // The one cell the main job (asyncmark bench, no options) times: the
  // largest n, where the styles' costs are furthest above the process's
  // start (bench/main-job.js); bench --all runs the whole grid.
  main: { params: { n: [10000] } },
  // Where the whole grid (asyncmark bench --all) counts CPU work beside
  // the times, valgrind permitting (bench/counted-beside.js).
  counted: { params: { n: 1000 } },
  // What every style pays whatever it is written in: the reference's eight
  // operations as bare timers, no simulated I/O. bench --measure instructions
  // counts it beside the examples, and the counted table shows each ratio to
  // the baseline above it (docs/explanation/counted-work.md, "The floor").
  floor: { scenario: 'instrument-weight', example: 'timer-floor' },
  // Under a real database (bench --db) a run costs seconds, not a fraction of
  // one: on PGlite a fresh PostgreSQL in WebAssembly, its template loaded, the
  // warm-up, then the batch. Measured on the 2-core VM: the batch alone 0.5 s
  // at n=100 and 1.1 s at n=300, and a whole run 14 s at n=100 while three
  // other sessions measured (load average 10). So the fake grid's n=1000 and
  // n=10000 would take over an hour for every example. Its first cell alone,
  // every example 3 runs, is the default there; it is also the cell where the
  // fake grid, PGlite and a server meet in the report's "Against a real
  // database". --n asks for more.
  againstDatabase: { params: { n: [100] } },
};
