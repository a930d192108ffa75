'use strict';

const { entryIn, withSources } = require('../../lib/registry');

// The registry of DoxBee examples: each one's style family (a coroutine over
// promises counts as a generator style), how it is called, which I/O flavour it
// is given, which libraries it shows, and what it does with a synchronous throw
// from the I/O layer (see lib/conformance/check.js: caught | escapes). An example
// whose library cannot be installed or run on today's Node keeps its row and
// file with `unavailable`, the exact error: it is counted by complexity and
// shown with that reason by every command that would run it, never dropped.
// `file` names a file that is not <name>.js (streamline's sources are ._js,
// the transpiled variants are in transpiled/). `transpiled` says what a
// generated example was compiled from (`from`, an example of this registry),
// by which compiler and version, and to which target.
// `needs` names a syntax not every runtime parses (lib/runtimes/syntax.js): a
// runtime without it, the node running asyncmark included, shows the example
// UNSUPPORTED with that reason. Effect.gen is a generator coroutine, as co's
// is, so effect counts as a generator style.
// `context` says whether each upload's async context (AsyncLocalStorage) reaches
// every operation: 'kept', or 'lost at <operation>', the first that read none
// or another upload's; measured on the default Node (test/examples/
// context.test.js), and per runtime by bench --context als, whose report shows
// any runtime that measured otherwise.
// `cancel` says how a caller gives up (lib/conformance/cancel.js: signal |
// unsubscribe), and `onCancel` what the example then does by the cancel
// contract (lib/conformance/cancel-contract.js): 'keeps the contract' or the
// worst breach, which the tests and asyncmark verify hold it to. A
// cancellable variant names the plain example it stands beside in
// `variantOf`: the same routine, made cancellable by its style's own means.

const EXAMPLES = [
  { name: 'callbacks-original', family: 'callbacks', call: 'callback', io: 'callbacks', libraries: [], throws: 'escapes', context: 'kept' },
  { name: 'callbacks-flattened', family: 'callbacks', call: 'callback', io: 'callbacks', libraries: [], throws: 'escapes', context: 'kept' },
  { name: 'callbacks-flattened-class', family: 'callbacks', call: 'callback', io: 'callbacks', libraries: [], throws: 'escapes', context: 'kept' },
  { name: 'callbacks-flattened-noclosure', family: 'callbacks', call: 'callback', io: 'callbacks', libraries: [], throws: 'escapes', context: 'kept' },
  { name: 'callbacks-flattened-class-ctx', family: 'callbacks', call: 'callback', io: 'callbacks-ctx', libraries: [], throws: 'escapes', context: 'kept' },
  { name: 'callbacks-catcher', family: 'callbacks', call: 'callback', io: 'callbacks', libraries: [], throws: 'escapes', context: 'kept' },
  { name: 'callbacks-async-waterfall', family: 'callbacks', call: 'callback', io: 'callbacks', libraries: ['async'], throws: 'escapes', context: 'kept' },
  { name: 'callbacks-neo-async-waterfall', family: 'callbacks', call: 'callback', io: 'callbacks', libraries: ['neo-async'], throws: 'escapes', context: 'kept' },
  {
    name: 'callbacks-cancellable',
    family: 'callbacks',
    call: 'callback',
    io: 'callbacks',
    libraries: [],
    throws: 'escapes',
    context: 'kept',
    cancel: 'signal',
    onCancel: 'keeps the contract',
    variantOf: 'callbacks-original',
  },
  {
    name: 'callbacks-async-waterfall-cancellable',
    family: 'callbacks',
    call: 'callback',
    io: 'callbacks',
    libraries: ['async'],
    throws: 'escapes',
    context: 'kept',
    cancel: 'signal',
    onCancel: 'keeps the contract',
    variantOf: 'callbacks-async-waterfall',
  },
  { name: 'generators-co', family: 'generators', call: 'promise', io: 'promises', libraries: ['co'], throws: 'caught', context: 'kept' },
  {
    name: 'generators-co-cancellable',
    family: 'generators',
    call: 'promise',
    io: 'promises',
    libraries: ['co'],
    throws: 'caught',
    context: 'kept',
    cancel: 'signal',
    onCancel: 'keeps the contract',
    variantOf: 'generators-co',
  },
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
  {
    name: 'promises-native-cancellable',
    family: 'promises',
    call: 'promise',
    io: 'promises',
    libraries: [],
    throws: 'caught',
    context: 'kept',
    cancel: 'signal',
    onCancel: 'keeps the contract',
    variantOf: 'promises-native',
  },
  { name: 'promises-bluebird', family: 'promises', call: 'promise', io: 'bluebird', libraries: ['bluebird'], throws: 'caught', context: 'kept' },
  {
    name: 'promises-bluebird-cancellable',
    family: 'promises',
    call: 'promise',
    io: 'bluebird',
    libraries: ['bluebird'],
    throws: 'caught',
    context: 'kept',
    cancel: 'signal',
    onCancel: 'keeps the contract',
    variantOf: 'promises-bluebird',
  },
  {
    name: 'promises-bluebird-using-cancellable',
    family: 'promises',
    call: 'promise',
    io: 'bluebird',
    libraries: ['bluebird'],
    throws: 'caught',
    context: 'lost at blob.put',
    cancel: 'signal',
    onCancel: 'keeps the contract',
    variantOf: 'promises-bluebird',
  },
  { name: 'promises-bluebird-coroutine', family: 'generators', call: 'promise', io: 'bluebird', libraries: ['bluebird'], throws: 'caught', context: 'kept' },
  { name: 'promises-q', family: 'promises', call: 'promise', io: 'q', libraries: ['q'], throws: 'caught', context: 'lost at blob.put' },
  {
    name: 'promises-q-cancellable',
    family: 'promises',
    call: 'promise',
    io: 'q',
    libraries: ['q'],
    throws: 'caught',
    context: 'lost at blob.put',
    cancel: 'signal',
    onCancel: 'keeps the contract',
    variantOf: 'promises-q',
  },
  { name: 'promises-q-async', family: 'generators', call: 'promise', io: 'q', libraries: ['q'], throws: 'caught', context: 'lost at blob.put' },
  { name: 'promises-when', family: 'promises', call: 'promise', io: 'when', libraries: ['when'], throws: 'caught', context: 'kept' },
  { name: 'promises-all-the-way', family: 'promises', call: 'promise', io: 'when', libraries: ['when'], throws: 'caught', context: 'kept' },
  { name: 'async-await', family: 'async-await', call: 'promise', io: 'promises', libraries: [], throws: 'caught', context: 'kept', cancel: 'signal', onCancel: 'writes after the abort' },
  { name: 'async-await-bluebird', family: 'async-await', call: 'promise', io: 'bluebird', libraries: ['bluebird'], throws: 'caught', context: 'kept', cancel: 'signal', onCancel: 'writes after the abort' },
  { name: 'async-await-native-io', family: 'async-await', call: 'promise', io: 'native', libraries: [], throws: 'caught', context: 'kept', cancel: 'signal', onCancel: 'writes after the abort' },
  { name: 'async-await-using', family: 'async-await', call: 'promise', io: 'promises', libraries: [], throws: 'caught', needs: 'using', context: 'kept', cancel: 'signal', onCancel: 'writes after the abort' },
  {
    name: 'async-await-cancellable',
    family: 'async-await',
    call: 'promise',
    io: 'promises',
    libraries: [],
    throws: 'caught',
    context: 'kept',
    cancel: 'signal',
    onCancel: 'keeps the contract',
    variantOf: 'async-await',
  },
  {
    name: 'async-await-using-cancellable',
    family: 'async-await',
    call: 'promise',
    io: 'promises',
    libraries: [],
    throws: 'caught',
    needs: 'using',
    context: 'kept',
    cancel: 'signal',
    onCancel: 'keeps the contract',
    variantOf: 'async-await-using',
  },
  { name: 'effect', family: 'generators', call: 'promise', io: 'effect', libraries: ['effect'], throws: 'caught', context: 'kept', cancel: 'signal', onCancel: 'reports failure though committed' },
  {
    name: 'effect-cancellable',
    family: 'generators',
    call: 'promise',
    io: 'effect',
    libraries: ['effect'],
    throws: 'caught',
    context: 'kept',
    cancel: 'signal',
    onCancel: 'keeps the contract',
    variantOf: 'effect',
  },
  // Transpiled variants (npm run build:transpiled; examples/doxbee/transpiled/):
  // generated from the example named in `from` by the compiler and target
  // given, with a source map beside each; call, io and throws are their source's.
  {
    name: 'async-await-tsc-es2016',
    file: 'transpiled/async-await-tsc-es2016.js',
    family: 'async-await',
    call: 'promise',
    io: 'promises',
    libraries: [],
    throws: 'caught',
    context: 'kept',
    transpiled: { from: 'async-await', compiler: 'tsc 7.0.2', target: 'es2016' },
    cancel: 'signal',
    onCancel: 'writes after the abort',
  },
  {
    name: 'async-await-babel',
    file: 'transpiled/async-await-babel.js',
    family: 'async-await',
    call: 'promise',
    io: 'promises',
    libraries: [],
    throws: 'caught',
    context: 'kept',
    transpiled: { from: 'async-await', compiler: 'babel 7.29.13', target: 'regenerator' },
    cancel: 'signal',
    onCancel: 'writes after the abort',
  },
  {
    name: 'async-await-native-io-tsc-es2016',
    file: 'transpiled/async-await-native-io-tsc-es2016.js',
    family: 'async-await',
    call: 'promise',
    io: 'native',
    libraries: [],
    throws: 'caught',
    context: 'kept',
    transpiled: { from: 'async-await-native-io', compiler: 'tsc 7.0.2', target: 'es2016' },
    cancel: 'signal',
    onCancel: 'writes after the abort',
  },
  {
    name: 'async-await-native-io-babel',
    file: 'transpiled/async-await-native-io-babel.js',
    family: 'async-await',
    call: 'promise',
    io: 'native',
    libraries: [],
    throws: 'caught',
    context: 'kept',
    transpiled: { from: 'async-await-native-io', compiler: 'babel 7.29.13', target: 'regenerator' },
    cancel: 'signal',
    onCancel: 'writes after the abort',
  },
  {
    name: 'generators-co-babel',
    file: 'transpiled/generators-co-babel.js',
    family: 'generators',
    call: 'promise',
    io: 'promises',
    libraries: ['co'],
    throws: 'caught',
    context: 'kept',
    transpiled: { from: 'generators-co', compiler: 'babel 7.29.13', target: 'regenerator' },
  },
  { name: 'observables-rxjs', family: 'observables', call: 'observable', io: 'observables', libraries: ['rxjs'], throws: 'caught', context: 'kept', cancel: 'unsubscribe', onCancel: 'keeps the contract' },
  {
    name: 'observables-rxjs-cancellable',
    family: 'observables',
    call: 'observable',
    io: 'observables',
    libraries: ['rxjs'],
    throws: 'caught',
    context: 'kept',
    cancel: 'signal',
    onCancel: 'keeps the contract',
    variantOf: 'observables-rxjs',
  },
];

module.exports = {
  problem: 'doxbee',
  // Where lists show it, and the fewest examples the registry test accepts.
  order: 1,
  fewestExamples: 29,
  driver: 'batch',
  reference: 'callbacks-original',
  examples: withSources(EXAMPLES.map((entry) => entryIn(__dirname, entry))),
};
