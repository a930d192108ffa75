'use strict';

// Every kind of measurement, by name. A scenario names its driver; the
// session, the results file and the reports ask the driver what a run does,
// which parameters it takes and which numbers it records.
const DRIVERS = [require('./batch'), require('./compute'), require('./http-load')];

module.exports = Object.fromEntries(DRIVERS.map((driver) => [driver.name, driver]));
