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

// Every DoxBee style of a later run (node 26, n=10000, t=1): 33 points, six
// of them at 311 to 324 tokens and 1.9× to 2.6×, the case that piled labels
// above the plot and needed a key of 33 lines.
const ALL_ROWS = [
  ['callbacks-flattened-class-ctx', 629, 0.961],
  ['callbacks-flattened-noclosure', 649, 0.977],
  ['callbacks-original', 444, 1.0],
  ['callbacks-flattened-class', 650, 1.01],
  ['callbacks-flattened', 463, 1.09],
  ['callbacks-catcher', 389, 1.42],
  ['callbacks-neo-async-waterfall', 483, 1.51],
  ['generators-suspend', 362, 1.53],
  ['streamline', 329, 1.55],
  ['generators-resume', 355, 1.56],
  ['generators-genny', 357, 1.7],
  ['generators-gens', 365, 1.73],
  ['callbacks-async-waterfall', 483, 1.75],
  ['promises-bluebird', 358, 1.78],
  ['promises-bluebird-coroutine', 324, 1.85],
  ['async-await-native-io', 311, 1.93],
  ['async-await-bluebird', 311, 2.01],
  ['async-await', 311, 2.15],
  ['async-await-native-io-babel', 1853, 2.32],
  ['async-await-babel', 1853, 2.36],
  ['async-await-native-io-tsc-es2016', 523, 2.37],
  ['promises-when', 365, 2.38],
  ['promises-native', 368, 2.46],
  ['generators-co-babel', 1658, 2.46],
  ['async-await-using', 321, 2.54],
  ['generators-co', 324, 2.56],
  ['async-await-tsc-es2016', 523, 2.73],
  ['generators-co-thunks', 324, 3.01],
  ['effect', 394, 3.94],
  ['promises-all-the-way', 591, 5.61],
  ['observables-rxjs', 438, 6.68],
  ['promises-q-async', 324, 11.7],
  ['promises-q', 365, 14.4],
].map(([example, tokens, ratio]) => ({ example, tokens, ratio, baseline: example === 'callbacks-original', measured: true }));

module.exports = { DENSE_ROWS, ALL_ROWS };
