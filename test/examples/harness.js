'use strict';

const problems = require('../../examples');
const { describeCase, observe, check } = require('../../lib/conformance');

// What the conformance tests of one problem share: its reference example, whose
// observation of each case is made once, and problemsOf(entry, spec), the
// check of an example against it.
function harness(problem) {
  const registry = problems[problem];
  const reference = registry.examples.find((e) => e.name === registry.reference);
  const observations = new Map();
  async function referenceFor(spec) {
    const key = describeCase(spec);
    if (!observations.has(key)) observations.set(key, await observe(reference, spec, { problem }));
    return observations.get(key);
  }
  async function problemsOf(entry, spec) {
    return check(entry, spec, await observe(entry, spec, { problem }), await referenceFor(spec), { problem });
  }
  return { registry, reference, problemsOf };
}

module.exports = { harness };
