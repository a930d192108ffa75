'use strict';

// The same uploads with failures injected at likelihood e (seeded), so that the
// error paths cost what they cost in each style.
module.exports = {
  name: 'doxbee-errors',
  // Where lists show it among DoxBee's scenarios.
  order: 2,
  driver: 'batch',
  problem: 'doxbee',
  description: 'n concurrent uploads; each I/O operation fails with likelihood e (seeded)',
  childOptions: { fileExists: false },
  params: { n: [100, 1000, 10000], latency: 'constant', t: [1], dt: 0.1, e: 0.1, seed: 1, context: 'none', signal: 'none' },
  // bench --help's examples of this scenario: the options it is run with.
  usage: ['--e 0.2 --n 1000 --runs 10'],
  // Under a real database (bench --db), the first cell only, as for
  // doxbee-sequential: a run there costs seconds.
  againstDatabase: { params: { n: [100] } },
};
