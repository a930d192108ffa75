'use strict';

// The weight of the instrument: n uploads of the DoxBee reference on the
// engine and on a minimal fake of the same API (the baseline), and the floor of
// bare timers under both. engine ÷ minimal fake is what the simulated I/O adds
// to every example's time; the grid is doxbee-sequential's, so every one of its
// cells has a floor.
module.exports = {
  name: 'instrument-weight',
  driver: 'batch',
  problem: 'instrument',
  description: 'n uploads of the reference on the engine, on a minimal fake (baseline) and on bare timers',
  childOptions: { fileExists: false },
  params: { n: [100, 1000, 10000], latency: 'constant', t: [1], dt: 0.1, e: 0, seed: 1 },
  // Every operation succeeds, at a constant whole-millisecond latency: the
  // floor and the minimal fake model nothing else.
  fixed: ['e', 'latency'],
};
