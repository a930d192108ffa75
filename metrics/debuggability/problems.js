'use strict';

const fs = require('node:fs');
const path = require('node:path');

const EXAMPLES = path.resolve(__dirname, '..', '..', 'examples');

/**
 * The problems that can be probed, found by their examples/<problem>/probe.js:
 * what the probe must know of each (the operation made to fail, the engine
 * options, the upload's arguments and how its operations are written, its
 * callSites), declared beside the problem's examples so that nothing here or
 * in probe-child.js is particular to one problem.
 * @returns {Object<string, { op: string, options: object, args: unknown[], callSites: object }>} by problem name, in name order
 */
function probedProblems() {
  const names = fs
    .readdirSync(EXAMPLES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(EXAMPLES, entry.name, 'probe.js')))
    .map((entry) => entry.name)
    .sort();
  return Object.fromEntries(names.map((name) => [name, require(path.join(EXAMPLES, name, 'probe.js'))]));
}

module.exports = { probedProblems };
