'use strict';

// Every scenario, by name. Each file declares its problem and parameter grid.
const SCENARIOS = [require('./doxbee-sequential'), require('./doxbee-errors'), require('./madeup-parallel')];

module.exports = Object.fromEntries(SCENARIOS.map((s) => [s.name, s]));
