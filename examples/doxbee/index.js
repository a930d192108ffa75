'use strict';

const { entryIn } = require('../../lib/registry');

// The registry of DoxBee examples: how each is called, which I/O flavour it is
// given, which libraries it shows, and what it does with a synchronous throw
// from the I/O layer (see lib/conformance.js: caught | escapes).

const EXAMPLES = [
  { name: 'callbacks-original', call: 'callback', io: 'callbacks', libraries: [], throws: 'escapes' },
  { name: 'callbacks-flattened', call: 'callback', io: 'callbacks', libraries: [], throws: 'escapes' },
  { name: 'callbacks-flattened-class', call: 'callback', io: 'callbacks', libraries: [], throws: 'escapes' },
  { name: 'callbacks-catcher', call: 'callback', io: 'callbacks', libraries: [], throws: 'escapes' },
  { name: 'callbacks-async-waterfall', call: 'callback', io: 'callbacks', libraries: ['async'], throws: 'escapes' },
  { name: 'callbacks-neo-async-waterfall', call: 'callback', io: 'callbacks', libraries: ['neo-async'], throws: 'escapes' },
  { name: 'generators-co', call: 'promise', io: 'promises', libraries: ['co'], throws: 'caught' },
  { name: 'generators-co-thunks', call: 'promise', io: 'thunks', libraries: ['co', 'thunkify'], throws: 'caught' },
  { name: 'generators-resume', call: 'callback', io: 'callbacks', libraries: [], throws: 'caught' },
  { name: 'promises-native', call: 'promise', io: 'promises', libraries: [], throws: 'caught' },
  { name: 'promises-bluebird', call: 'promise', io: 'bluebird', libraries: ['bluebird'], throws: 'caught' },
  { name: 'promises-bluebird-coroutine', call: 'promise', io: 'bluebird', libraries: ['bluebird'], throws: 'caught' },
  { name: 'promises-q', call: 'promise', io: 'q', libraries: ['q'], throws: 'caught' },
  { name: 'promises-q-async', call: 'promise', io: 'q', libraries: ['q'], throws: 'caught' },
  { name: 'async-await', call: 'promise', io: 'promises', libraries: [], throws: 'caught' },
  { name: 'async-await-bluebird', call: 'promise', io: 'bluebird', libraries: ['bluebird'], throws: 'caught' },
  { name: 'async-await-native-io', call: 'promise', io: 'native', libraries: [], throws: 'caught' },
  { name: 'observables-rxjs', call: 'observable', io: 'observables', libraries: ['rxjs'], throws: 'caught' },
];

module.exports = {
  problem: 'doxbee',
  reference: 'callbacks-original',
  examples: EXAMPLES.map((entry) => entryIn(__dirname, entry)),
};
