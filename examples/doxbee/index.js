'use strict';

const { entryIn } = require('../../lib/registry');

// The registry of DoxBee examples: each one's style family (a coroutine over
// promises counts as a generator style), how it is called, which I/O flavour it
// is given, which libraries it shows, and what it does with a synchronous throw
// from the I/O layer (see lib/conformance.js: caught | escapes). An example
// whose library cannot be installed or run on today's Node keeps its row and
// file with `unavailable`, the exact error: it is counted by complexity and
// shown with that reason by every command that would run it, never dropped.
// `file` names a file that is not <name>.js (streamline's sources are ._js).
// `context` says whether each upload's async context (AsyncLocalStorage) reaches
// every operation: 'kept', or 'lost at <operation>', the first that read none
// or another upload's; measured on the default Node (test/examples/
// context.test.js), and per runtime by bench --context als, whose report shows
// any runtime that measured otherwise.

const EXAMPLES = [
  { name: 'callbacks-original', family: 'callbacks', call: 'callback', io: 'callbacks', libraries: [], throws: 'escapes', context: 'kept' },
  { name: 'callbacks-flattened', family: 'callbacks', call: 'callback', io: 'callbacks', libraries: [], throws: 'escapes', context: 'kept' },
  { name: 'callbacks-flattened-class', family: 'callbacks', call: 'callback', io: 'callbacks', libraries: [], throws: 'escapes', context: 'kept' },
  { name: 'callbacks-flattened-noclosure', family: 'callbacks', call: 'callback', io: 'callbacks', libraries: [], throws: 'escapes', context: 'kept' },
  { name: 'callbacks-flattened-class-ctx', family: 'callbacks', call: 'callback', io: 'callbacks-ctx', libraries: [], throws: 'escapes', context: 'kept' },
  { name: 'callbacks-catcher', family: 'callbacks', call: 'callback', io: 'callbacks', libraries: [], throws: 'escapes', context: 'kept' },
  { name: 'callbacks-async-waterfall', family: 'callbacks', call: 'callback', io: 'callbacks', libraries: ['async'], throws: 'escapes', context: 'kept' },
  { name: 'callbacks-neo-async-waterfall', family: 'callbacks', call: 'callback', io: 'callbacks', libraries: ['neo-async'], throws: 'escapes', context: 'kept' },
  { name: 'generators-co', family: 'generators', call: 'promise', io: 'promises', libraries: ['co'], throws: 'caught', context: 'kept' },
  { name: 'generators-co-thunks', family: 'generators', call: 'promise', io: 'thunks', libraries: ['co', 'thunkify'], throws: 'caught', context: 'kept' },
  { name: 'generators-resume', family: 'generators', call: 'callback', io: 'callbacks', libraries: [], throws: 'caught', context: 'kept' },
  { name: 'generators-suspend', family: 'generators', call: 'callback', io: 'callbacks', libraries: ['suspend'], throws: 'caught', context: 'kept' },
  { name: 'generators-genny', family: 'generators', call: 'callback', io: 'callbacks', libraries: ['genny'], throws: 'caught', context: 'kept' },
  { name: 'generators-gens', family: 'generators', call: 'callback', io: 'thunks', libraries: ['gens'], throws: 'caught', context: 'kept' },
  { name: 'streamline', file: 'streamline._js', family: 'generators', call: 'callback', io: 'callbacks', libraries: ['streamline'], throws: 'caught', context: 'kept' },
  {
    name: 'fibrous',
    family: 'generators',
    call: 'callback',
    io: 'callbacks',
    libraries: ['fibrous'],
    throws: 'caught',
    unavailable: 'npm install fibrous@0.4.0 fails on Node 20: its fibers@5.0.3 does not compile (../src/fibers.cc:27:79: error: ‘kFinalizer’ is not a member of ‘v8::WeakCallbackType’)',
  },
  { name: 'promises-native', family: 'promises', call: 'promise', io: 'promises', libraries: [], throws: 'caught', context: 'kept' },
  { name: 'promises-bluebird', family: 'promises', call: 'promise', io: 'bluebird', libraries: ['bluebird'], throws: 'caught', context: 'kept' },
  { name: 'promises-bluebird-coroutine', family: 'generators', call: 'promise', io: 'bluebird', libraries: ['bluebird'], throws: 'caught', context: 'kept' },
  { name: 'promises-q', family: 'promises', call: 'promise', io: 'q', libraries: ['q'], throws: 'caught', context: 'lost at blob.put' },
  { name: 'promises-q-async', family: 'generators', call: 'promise', io: 'q', libraries: ['q'], throws: 'caught', context: 'lost at blob.put' },
  { name: 'promises-when', family: 'promises', call: 'promise', io: 'when', libraries: ['when'], throws: 'caught', context: 'kept' },
  { name: 'promises-all-the-way', family: 'promises', call: 'promise', io: 'when', libraries: ['when'], throws: 'caught', context: 'kept' },
  { name: 'async-await', family: 'async-await', call: 'promise', io: 'promises', libraries: [], throws: 'caught', context: 'kept' },
  { name: 'async-await-bluebird', family: 'async-await', call: 'promise', io: 'bluebird', libraries: ['bluebird'], throws: 'caught', context: 'kept' },
  { name: 'async-await-native-io', family: 'async-await', call: 'promise', io: 'native', libraries: [], throws: 'caught', context: 'kept' },
  { name: 'observables-rxjs', family: 'observables', call: 'observable', io: 'observables', libraries: ['rxjs'], throws: 'caught', context: 'kept' },
];

module.exports = {
  problem: 'doxbee',
  driver: 'batch',
  reference: 'callbacks-original',
  examples: EXAMPLES.map((entry) => entryIn(__dirname, entry)),
};
