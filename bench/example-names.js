'use strict';

const problems = require('../examples');
const scenarios = require('./scenarios');
const { UsageError, shown, parseNames } = require('./usage');

// The examples a bench option names (--examples, --exclude), checked against
// the scenario's problem: one of another problem is told where it belongs.

/**
 * parseNames of the scenario's examples; a name of another problem's example
 * is told where it belongs (--examples sync: fib's), not only refused.
 */
function namesOf(parameter, text, all, scenario) {
  for (const name of String(text)
    .split(',')
    .map((s) => s.trim())) {
    if (all.includes(name)) continue;
    const owner = Object.values(problems).find((registry) => registry.examples.some((e) => e.name === name));
    if (!owner) continue;
    const takers = Object.values(scenarios)
      .filter((s) => s.problem === owner.problem)
      .map((s) => s.name);
    throw new UsageError(
      `${parameter}: ${shown(name)} is an example of ${owner.problem}, not of ${scenario.problem} (scenario ${scenario.name}); expected --scenario ${takers.join(' or ')} with it, or an example of ${scenario.problem} (asyncmark list shows them)`,
    );
  }
  return parseNames(parameter, text, all);
}

module.exports = { namesOf };
