'use strict';

const problems = require('../../examples');
const { createVerifier } = require('../../lib/verify');

// What the conformance tests of one problem share: its reference example, whose
// observation of each case is made once (lib/verify.js createVerifier, what
// asyncmark verify runs too), and problemsOf(entry, spec), the check of an
// example against it.
function harness(problem) {
  const registry = problems[problem];
  const verifier = createVerifier(problem);
  async function problemsOf(entry, spec) {
    return (await verifier.compareCase(entry, spec)).problems;
  }
  return { registry, reference: verifier.reference, problemsOf };
}

module.exports = { harness };
