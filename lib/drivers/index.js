'use strict';

const path = require('node:path');
const { discoverDrivers } = require('./discover');

// Every kind of measurement, by name: each folder here is one, found and
// validated when this module loads, so that adding a driver is adding its
// folder. A scenario names its driver; the session, the results file and the
// reports ask the driver what a run does, which parameters it takes and which
// numbers it records. ASYNCMARK_DRIVER_ROOTS (folders, separated as PATH is)
// adds the drivers of other folders, after these: the tests' throwaway driver.
const ROOTS = [__dirname, ...(process.env.ASYNCMARK_DRIVER_ROOTS ?? '').split(path.delimiter).filter(Boolean)];

module.exports = discoverDrivers(ROOTS);
