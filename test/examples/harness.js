'use strict';

const assert = require('node:assert/strict');
const problems = require('../../examples');
const { cases, describeCase } = require('../../lib/conformance');
const { MODELS_BY_PROBLEM } = require('../../lib/fakes');
const { lacking } = require('../../lib/runtimes/syntax');
const { createVerifier } = require('../../lib/verify');
const { RUNTIME, verifyUnderRuntime } = require('./under-runtime');

// What the conformance tests of one problem share: its reference example, whose
// observation of each case is made once (lib/verify.js createVerifier, what
// asyncmark verify runs too), and problemsOf(entry, spec), the check of an
// example against it.
function harness(problem) {
  const registry = problems[problem];
  if (globalThis.__stryker__) loadEvery(registry);
  const verifier = createVerifier(problem);
  const asWritten = referenceAsWritten(verifier);
  async function problemsOf(entry, spec) {
    await asWritten(spec);
    return (await verifier.compareCase(entry, spec)).problems;
  }
  return { registry, reference: verifier.reference, problemsOf, itConforms: (entry) => itConforms(problem, entry, problemsOf) };
}

// The conformance tests of one example: a test per case, in this process; or,
// for an example written in a syntax this node cannot parse (its `needs`),
// the whole suite in one test, in a child under a runtime that can.
function itConforms(problem, entry, problemsOf) {
  const reason = lacking(entry.needs, null);
  if (!reason) {
    const model = MODELS_BY_PROBLEM[problem];
    for (const spec of cases(model)) {
      it(describeCase(spec, model), async () => {
        assert.deepEqual(await problemsOf(entry, spec), []);
      });
    }
    return;
  }
  it(`passes every case under ${RUNTIME}: this node cannot load it (${reason})`, async function () {
    this.timeout(180000);
    const verdict = await verifyUnderRuntime({ problem, example: entry.name });
    assert.deepEqual(verdict.failures, []);
    assert.equal(verdict.total, cases(MODELS_BY_PROBLEM[problem]).length);
  });
}

// Under StrykerJS (npm run mutate) every mutant is compiled into the examples
// and switched on by id, one at a time, in a process that lives for many
// mutants; the verifier keeps its reference's observation of a case for as
// long. That observation is made here with the mutant switched off, so that
// every example, the reference's own mutants among them, is compared with the
// reference as written, whichever mutant happened to run first. Without
// StrykerJS this does nothing.
function referenceAsWritten(verifier) {
  const made = new Set();
  return async function (spec) {
    const stryker = globalThis.__stryker__;
    const key = JSON.stringify(spec);
    if (!stryker || made.has(key)) return;
    made.add(key);
    const active = stryker.activeMutant;
    stryker.activeMutant = undefined;
    try {
      await verifier.compareCase(verifier.reference, spec);
    } finally {
      stryker.activeMutant = active;
    }
  };
}

// Under StrykerJS, an example's module would otherwise first be required inside
// a test, and StrykerJS would take the code that runs as it loads (its
// module.exports) for that test's alone, and switch such a mutant on after the
// module had loaded unmutated: the mutant would survive whatever the tests
// check. Loaded as the tests are defined, that code is what StrykerJS calls
// static: it loads the files afresh with the mutant on, and runs every test.
function loadEvery(registry) {
  for (const entry of registry.examples) if (!entry.unavailable && !lacking(entry.needs, null)) entry.load();
}

module.exports = { harness };
