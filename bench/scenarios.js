'use strict';

// Every scenario, by name. Each file is data: its problem, its driver (the kind
// of measurement, lib/drivers) and its parameter grid.
const SCENARIOS = [
  require('./doxbee-sequential'),
  require('./doxbee-errors'),
  require('./doxbee-io-bound'),
  require('./madeup-parallel'),
  require('./instrument-weight'),
  require('./fib'),
  require('./slicing'),
  require('./http-server'),
  require('./http-client'),
];

module.exports = Object.fromEntries(SCENARIOS.map((s) => [s.name, s]));
