'use strict';

// Every problem and its examples, by problem name: the registries of the
// problems lib/problems.js discovers under examples/. Each names the driver
// that measures its examples (lib/drivers).
const { problems } = require('../lib/problems');

module.exports = Object.fromEntries(problems().map((problem) => [problem.name, problem.registry]));
