'use strict';

const { entryIn } = require('../../lib/registry');

// The registry of madeup-parallel examples: each one's style family, how it is
// called, which I/O flavour it is given, which libraries it shows, and what it
// does with a synchronous throw from the I/O layer (see lib/conformance.js:
// caught | escapes).

const EXAMPLES = [
  { name: 'callbacks-counter', family: 'callbacks', call: 'callback', io: 'callbacks', libraries: [], throws: 'escapes' },
  { name: 'callbacks-async-parallel', family: 'callbacks', call: 'callback', io: 'callbacks', libraries: ['async'], throws: 'escapes' },
  { name: 'generators-co', family: 'generators', call: 'promise', io: 'promises', libraries: ['co'], throws: 'caught' },
  { name: 'generators-co-thunks', family: 'generators', call: 'promise', io: 'thunks', libraries: ['co', 'thunkify'], throws: 'caught' },
  { name: 'promises-native', family: 'promises', call: 'promise', io: 'promises', libraries: [], throws: 'caught' },
  { name: 'promises-bluebird', family: 'promises', call: 'promise', io: 'bluebird', libraries: ['bluebird'], throws: 'caught' },
  { name: 'promises-q', family: 'promises', call: 'promise', io: 'q', libraries: ['q'], throws: 'caught' },
  { name: 'async-await', family: 'async-await', call: 'promise', io: 'promises', libraries: [], throws: 'caught' },
  { name: 'async-await-native-io', family: 'async-await', call: 'promise', io: 'native', libraries: [], throws: 'caught' },
  { name: 'observables-rxjs', family: 'observables', call: 'observable', io: 'observables', libraries: ['rxjs'], throws: 'caught' },
];

module.exports = {
  problem: 'parallel',
  driver: 'batch',
  reference: 'callbacks-counter',
  examples: EXAMPLES.map((entry) => entryIn(__dirname, entry)),
};
