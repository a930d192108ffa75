'use strict';

const { problems } = require('../problems');

// What a problem adds to the report beyond its tables (its headline scenario,
// the instrument floor under its tables, its place in the 2013 and 2018
// comparisons) is the problem's to say, in examples/<problem>/report.js: no
// generic report module names a problem or a scenario.

/** Every problem's report hooks, in the problems' order: [{ problem, ...hooks }]. */
function reportHooks() {
  return problems()
    .filter((problem) => problem.report)
    .map((problem) => ({ problem: problem.name, ...problem.report }));
}

module.exports = { reportHooks };
