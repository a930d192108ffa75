'use strict';

// The 2013 article's second experiment: I/O that slows down as load grows.
// Every operation waits dt ms for each operation in flight (10 ms with 100 in
// flight, 1000 ms with 10,000), so that the database, not the style's
// machinery, is the bottleneck. The article found every style about the same
// there, except promises.js and fibrous.
module.exports = {
  name: 'doxbee-io-bound',
  // Where lists show it among DoxBee's scenarios.
  order: 3,
  driver: 'batch',
  problem: 'doxbee',
  description: 'n concurrent uploads; each I/O operation takes dt ms per operation in flight; every one succeeds',
  childOptions: { fileExists: false },
  params: { n: [100, 500, 1000, 1500, 2000], latency: 'load', dt: 0.1, e: 0, seed: 1, context: 'none', signal: 'none' },
  // The load model is what the scenario measures, and every operation succeeds.
  fixed: ['e', 'latency'],
  // Under a real database (bench --db) the latency is the database's own and
  // the load model does not apply, so the ramp of simulated load says nothing
  // there; a run costs seconds, so the first cell only, as for
  // doxbee-sequential (--n asks for more).
  againstDatabase: { params: { n: [100] } },
};
