'use strict';

const fs = require('node:fs');
const path = require('node:path');

// What a problem adds to the report beyond its tables (its headline scenario,
// the instrument floor under its tables, its place in the 2013 and 2018
// comparisons) is the problem's to say, in examples/<problem>/report.js: no
// generic report module names a problem or a scenario. This is the one place
// that finds those files; it lists the examples folder for now.
const EXAMPLES = path.join(__dirname, '..', '..', 'examples');

let hooks = null;

/** Every problem's report hooks, by problem name in order: [{ problem, ...hooks }]. */
function reportHooks() {
  hooks ??= fs
    .readdirSync(EXAMPLES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(EXAMPLES, entry.name, 'report.js')))
    .map((entry) => entry.name)
    .sort()
    .map((problem) => ({ problem, ...require(path.join(EXAMPLES, problem, 'report.js')) }));
  return hooks;
}

module.exports = { reportHooks };
