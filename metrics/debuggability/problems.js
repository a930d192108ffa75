'use strict';

const { problems } = require('../../lib/problems');

/**
 * The problems that can be probed: those with an examples/<problem>/probe.js,
 * what the probe must know of each (the operation made to fail, the engine
 * options, the upload's arguments and how its operations are written, its
 * callSites), declared beside the problem's examples so that nothing here or
 * in probe-child.js is particular to one problem. lib/problems.js finds and
 * checks it with the rest of the problem's folder.
 * @returns {Object<string, { op: string, options: object, args: unknown[], callSites: object }>} by problem name, in the problems' order
 */
function probedProblems() {
  return Object.fromEntries(
    problems()
      .filter((problem) => problem.probe)
      .map((problem) => [problem.name, problem.probe]),
  );
}

module.exports = { probedProblems };
