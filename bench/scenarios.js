'use strict';

// Every scenario, by name. Each file declares its problem and parameter grid.
const SCENARIOS = [require('./doxbee-sequential'), require('./doxbee-errors')];

module.exports = Object.fromEntries(SCENARIOS.map((s) => [s.name, s]));
