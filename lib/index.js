'use strict';

// The public API: the problems and their examples, the simulated I/O, and the
// way the runner calls an example.

const problems = require('../examples');
const fakes = require('./fakes');
const { invoke } = require('./invoke');

/** The registry entry of one example, e.g. example('doxbee', 'async-await'). */
function example(problem, name) {
  const registry = problems[problem];
  if (!registry) throw new RangeError(`problem must be one of ${Object.keys(problems).join(', ')}; got ${problem}`);
  const entry = registry.examples.find((e) => e.name === name);
  if (!entry) throw new RangeError(`example must be one of ${registry.examples.map((e) => e.name).join(', ')}; got ${name}`);
  return entry;
}

module.exports = { problems, example, invoke, ...fakes };
