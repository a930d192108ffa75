'use strict';

// The summary rows of a real run (doxbee-sequential, n=10000, t=1, 18 styles),
// in the table's order: the crowded case for the scatter's labels.
const DENSE_ROWS = [
  ['callbacks-flattened', 463, 0.931],
  ['callbacks-flattened-class', 650, 0.956],
  ['callbacks-original', 444, 1],
  ['callbacks-catcher', 389, 1.1],
  ['callbacks-async-waterfall', 483, 1.19],
  ['promises-bluebird-coroutine', 324, 1.23],
  ['generators-resume', 355, 1.23],
  ['async-await-native-io', 311, 1.29],
  ['promises-bluebird', 358, 1.29],
  ['callbacks-neo-async-waterfall', 483, 1.3],
  ['async-await-bluebird', 311, 1.51],
  ['promises-native', 368, 1.67],
  ['async-await', 311, 1.68],
  ['generators-co', 324, 1.83],
  ['generators-co-thunks', 324, 2.04],
  ['observables-rxjs', 423, 3.84],
  ['promises-q-async', 324, 8.5],
  ['promises-q', 365, 8.51],
].map(([example, tokens, ratio]) => ({ example, tokens, ratio, baseline: example === 'callbacks-original', measured: true }));

module.exports = { DENSE_ROWS };
