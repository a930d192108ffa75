'use strict';

const { entryIn } = require('../../lib/registry');

// The registry of madeup-parallel examples: how each is called, which I/O
// flavour it is given, which libraries it shows, and what it does with a
// synchronous throw from the I/O layer (see lib/conformance.js: caught | escapes).

const EXAMPLES = [
  { name: 'callbacks-counter', call: 'callback', io: 'callbacks', libraries: [], throws: 'escapes' },
  { name: 'callbacks-async-parallel', call: 'callback', io: 'callbacks', libraries: ['async'], throws: 'escapes' },
  { name: 'generators-co', call: 'promise', io: 'promises', libraries: ['co'], throws: 'caught' },
  { name: 'generators-co-thunks', call: 'promise', io: 'thunks', libraries: ['co', 'thunkify'], throws: 'caught' },
  { name: 'promises-native', call: 'promise', io: 'promises', libraries: [], throws: 'caught' },
  { name: 'promises-bluebird', call: 'promise', io: 'bluebird', libraries: ['bluebird'], throws: 'caught' },
  { name: 'promises-q', call: 'promise', io: 'q', libraries: ['q'], throws: 'caught' },
  { name: 'async-await', call: 'promise', io: 'promises', libraries: [], throws: 'caught' },
  { name: 'async-await-native-io', call: 'promise', io: 'native', libraries: [], throws: 'caught' },
  { name: 'observables-rxjs', call: 'observable', io: 'observables', libraries: ['rxjs'], throws: 'caught' },
];

module.exports = {
  problem: 'parallel',
  reference: 'callbacks-counter',
  examples: EXAMPLES.map((entry) => entryIn(__dirname, entry)),
};
