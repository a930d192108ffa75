'use strict';

// npm run mutate: StrykerJS changes the examples the conformance suite guards,
// one small change (a mutant) at a time, and runs the conformance tests
// against each; a mutant that no test notices is a hole in the suite, or a
// change that makes no difference (docs/explanation/conformance.md says which).
module.exports = {
  testRunner: 'mocha',
  // The DoxBee and madeup-parallel examples, and the two small libraries of our
  // own that DoxBee examples demonstrate (resume.js, catcher.js). Not their
  // registries (data), nor their models (the simulated I/O the suite runs
  // them against), nor their probe.js and report.js (the debuggability
  // metric's and the report's, not a style), nor fibrous, whose library
  // cannot be installed (its registry entry is unavailable), nor streamline's
  // ._js source, which streamline compiles: it is not JavaScript.
  mutate: [
    'examples/doxbee/*.js',
    'examples/parallel/*.js',
    'examples/libraries/*.js',
    '!examples/*/index.js',
    '!examples/*/model.js',
    '!examples/*/probe.js',
    '!examples/*/report.js',
    '!examples/doxbee/fibrous.js',
    // Its conformance runs in a child under node@24 where this node cannot
    // parse `await using` (test/examples/under-runtime.js), out of the
    // mutant switch's reach.
    '!examples/*/async-await-using.js',
    '!examples/*/async-await-using-cancellable.js',
  ],
  // Only the tests that judge these files: the conformance of both problems,
  // DoxBee's reference against the problem statement written out by hand, and
  // the libraries' own tests.
  mochaOptions: {
    spec: [
      'test/examples/conformance.test.js',
      // What the cancellable variants add is judged by the cancel contract.
      'test/examples/cancel.test.js',
      'test/examples/doxbee.test.js',
      'test/examples/parallel.test.js',
      'test/examples/reference.test.js',
      'test/examples/libraries/*.test.js',
    ],
  },
  // Each mutant is run against the tests that reached its code in the first,
  // unmutated run, not against all three thousand.
  coverageAnalysis: 'perTest',
  concurrency: 2,
  reporters: ['progress', 'clear-text', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  // What the tests never read need not be copied into Stryker's sandbox.
  ignorePatterns: ['docs', 'coverage', '.nyc_output', 'asyncmark-report', 'reports', '*.jsonl'],
};
