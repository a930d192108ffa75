'use strict';

const { entryIn } = require('../../lib/registry');

// The registry of madeup-parallel examples: each one's style family, how it is
// called, which I/O flavour it is given, which libraries it shows, what it
// does with a synchronous throw from the I/O layer (see lib/conformance/check.js:
// caught | escapes), and what it does when one insert fails while others are
// in flight (onFailure: fail-fast, rolling back and telling the caller at once,
// or wait-all, only once every insert has completed). `needs`, and `context`
// (whether each upload's async context reaches every operation), `cancel`,
// `onCancel` and `variantOf`: as in examples/doxbee/index.js.

const EXAMPLES = [
  { name: 'callbacks-counter', family: 'callbacks', call: 'callback', io: 'callbacks', libraries: [], throws: 'escapes', onFailure: 'fail-fast', context: 'kept' },
  {
    name: 'callbacks-counter-cancellable',
    family: 'callbacks',
    call: 'callback',
    io: 'callbacks',
    libraries: [],
    throws: 'escapes',
    onFailure: 'fail-fast',
    context: 'kept',
    cancel: 'signal',
    onCancel: 'keeps the contract',
    variantOf: 'callbacks-counter',
  },
  { name: 'callbacks-async-parallel', family: 'callbacks', call: 'callback', io: 'callbacks', libraries: ['async'], throws: 'escapes', onFailure: 'fail-fast', context: 'kept' },
  { name: 'generators-co', family: 'generators', call: 'promise', io: 'promises', libraries: ['co'], throws: 'caught', onFailure: 'fail-fast', context: 'kept' },
  { name: 'generators-co-thunks', family: 'generators', call: 'promise', io: 'thunks', libraries: ['co', 'thunkify'], throws: 'caught', onFailure: 'fail-fast', context: 'kept' },
  { name: 'promises-native', family: 'promises', call: 'promise', io: 'promises', libraries: [], throws: 'caught', onFailure: 'fail-fast', context: 'kept' },
  {
    name: 'promises-native-cancellable',
    family: 'promises',
    call: 'promise',
    io: 'promises',
    libraries: [],
    throws: 'caught',
    onFailure: 'fail-fast',
    context: 'kept',
    cancel: 'signal',
    onCancel: 'keeps the contract',
    variantOf: 'promises-native',
  },
  { name: 'promises-bluebird', family: 'promises', call: 'promise', io: 'bluebird', libraries: ['bluebird'], throws: 'caught', onFailure: 'fail-fast', context: 'lost at fileVersion.insert' },
  { name: 'promises-q', family: 'promises', call: 'promise', io: 'q', libraries: ['q'], throws: 'caught', onFailure: 'fail-fast', context: 'lost at fileVersion.insert' },
  { name: 'async-await', family: 'async-await', call: 'promise', io: 'promises', libraries: [], throws: 'caught', onFailure: 'fail-fast', context: 'kept', cancel: 'signal', onCancel: 'issues I/O though already aborted' },
  {
    name: 'async-await-cancellable',
    family: 'async-await',
    call: 'promise',
    io: 'promises',
    libraries: [],
    throws: 'caught',
    onFailure: 'fail-fast',
    context: 'kept',
    cancel: 'signal',
    onCancel: 'keeps the contract',
    variantOf: 'async-await',
  },
  { name: 'async-await-native-io', family: 'async-await', call: 'promise', io: 'native', libraries: [], throws: 'caught', onFailure: 'fail-fast', context: 'kept', cancel: 'signal', onCancel: 'issues I/O though already aborted' },
  {
    name: 'async-await-using',
    family: 'async-await',
    call: 'promise',
    io: 'promises',
    libraries: [],
    throws: 'caught',
    onFailure: 'fail-fast',
    needs: 'using',
    context: 'kept',
    cancel: 'signal',
    onCancel: 'issues I/O though already aborted',
  },
  { name: 'effect', family: 'generators', call: 'promise', io: 'effect', libraries: ['effect'], throws: 'caught', onFailure: 'fail-fast', context: 'kept', cancel: 'signal', onCancel: 'reports failure though committed' },
  {
    name: 'effect-cancellable',
    family: 'generators',
    call: 'promise',
    io: 'effect',
    libraries: ['effect'],
    throws: 'caught',
    onFailure: 'fail-fast',
    context: 'kept',
    cancel: 'signal',
    onCancel: 'keeps the contract',
    variantOf: 'effect',
  },
  { name: 'observables-rxjs', family: 'observables', call: 'observable', io: 'observables', libraries: ['rxjs'], throws: 'caught', onFailure: 'fail-fast', context: 'kept', cancel: 'unsubscribe', onCancel: 'keeps the contract' },
];

module.exports = {
  problem: 'parallel',
  // Where lists show it, and the fewest examples the registry test accepts.
  order: 2,
  fewestExamples: 12,
  driver: 'batch',
  reference: 'callbacks-counter',
  examples: EXAMPLES.map((entry) => entryIn(__dirname, entry)),
};
