'use strict';

// What package.json's exports map gives for ./async-await-using-cancellable on any Node:
// the example where its syntax runs, else an error naming the syntax and the
// Node it needs (its registry entry's load(), lib/registry.js), not a bare
// SyntaxError.
module.exports = require('..')
  .examples.find((entry) => entry.name === 'async-await-using-cancellable')
  .load();
