'use strict';

const path = require('node:path');
const { lacking } = require('./runtimes/syntax');

// One registry entry: the example's fields, its file in `dir` (named after it,
// or `fields.file` where its style needs another extension), and load() to
// require it on demand. Shared by every problem's index.js and by the test
// fixtures registered like real examples.
// The style families, in the order reports list them.
const FAMILIES = ['callbacks', 'generators', 'promises', 'async-await', 'observables'];

function entryIn(dir, fields) {
  const file = path.join(dir, fields.file ?? `${fields.name}.js`);
  return { libraries: [], ...fields, file, load: () => requireExample(file, fields) };
}

// Requires an example's file; `fields` are its registry entry's. A streamline
// source (`._js`) is compiled to node-style callbacks by streamline's own
// require hook, registered on first need; the transform is loaded first, so
// that the hook is not yet in place while streamline loads itself (it then
// warns of a circular require).
function requireExample(file, { name, unavailable, needs } = {}) {
  // An example that cannot run here says why, instead of failing to find its library.
  if (unavailable) throw new Error(`${name} cannot run here: ${unavailable}`);
  // One in a syntax this runtime lacks says which, and where it runs, instead of a bare SyntaxError.
  const lacks = lacking(needs, null);
  if (lacks) throw new Error(`${name} ${lacks}`);
  if (file.endsWith('._js')) {
    require('streamline/lib/callbacks/transform');
    // register() adds the ._js handler, and also hooks every module compiled
    // afterwards, which it then fails to parse (any .cjs file, as espree's).
    // The hook is of no use to ._js files (their handler compiles them), so it
    // is put back as it was.
    const Module = require('node:module');
    const compile = Module.prototype._compile;
    require('streamline').register({});
    Module.prototype._compile = compile;
  }
  return require(file);
}

// The registry's entries, each transpiled one given the file of the example it
// was compiled from (`transpiled.source`), which the debuggability probe looks
// for in its traces once source maps are applied.
function withSources(entries) {
  return entries.map((entry) => {
    if (!entry.transpiled) return entry;
    const from = entries.find((other) => other.name === entry.transpiled.from && !other.transpiled);
    if (!from) throw new Error(`${entry.name}: transpiled.from names no example of its registry: ${entry.transpiled.from}`);
    return { ...entry, transpiled: { ...entry.transpiled, source: from.file } };
  });
}

module.exports = { entryIn, withSources, requireExample, FAMILIES };
