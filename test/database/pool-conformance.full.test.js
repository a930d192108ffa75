'use strict';

// npm run test:full: the examples server.test.js leaves out of the stepped cases
// on a pool (one of each io and call kind runs there), so that between the two
// every example runs them.

const doxbee = require('../../examples/doxbee');
const { poolConformance } = require('./pool-conformance');
const { oneOfEachKind } = require('../kinds');

describe('a PostgreSQL server of the session: the stepped cases on a pool, the other examples', function () {
  poolConformance(oneOfEachKind(doxbee.examples).rest);
});
