'use strict';

const path = require('node:path');

// One registry entry: the example's fields, its file in `dir` (named after it),
// and load() to require it on demand. Shared by every problem's index.js and by
// the test fixtures registered like real examples.
// The style families, in the order reports list them.
const FAMILIES = ['callbacks', 'generators', 'promises', 'async-await', 'observables'];

function entryIn(dir, fields) {
  const file = path.join(dir, `${fields.name}.js`);
  return { libraries: [], ...fields, file, load: () => require(file) };
}

module.exports = { entryIn, FAMILIES };
