'use strict';

const problems = require('../../examples');
const { createVerifier } = require('../../lib/verify');
const { measureSurvival } = require('../../lib/survival');
const { observeCancel } = require('../../lib/conformance');

// Run by under-runtime.js under another runtime: the whole conformance suite
// (lib/verify.js) for one example of a problem's registry, or one of its
// planted-bug fixtures (test/fixtures/<problem>/index.js, by key), printed as
// one JSON line: total, passed, and each failing case's name and problems.
// With `survival` (the options of lib/survival.js measureSurvival), its async
// context survival instead; with `cancel`, its outcome in the cancel case
// (lib/conformance/cancel.js) instead.

async function main() {
  const { problem, example, fixture, survival, cancel } = JSON.parse(process.argv[2]);
  const entry = fixture ? require(`../fixtures/${problem}`)[fixture] : problems[problem].examples.find((e) => e.name === example);
  if (!entry) throw new Error(`no ${fixture ? `fixture ${fixture}` : `example ${example}`} in ${problem}`);
  if (survival) {
    const measured = await measureSurvival(entry, { ...survival, problem });
    process.stdout.write(`${JSON.stringify({ runtime: process.version, ...measured })}\n`);
    return;
  }
  if (cancel) {
    const { outcome } = await observeCancel(entry, { problem });
    process.stdout.write(`${JSON.stringify({ runtime: process.version, outcome })}\n`);
    return;
  }
  const verdict = await createVerifier(problem).verify(entry);
  const failures = verdict.failures.map(({ name, problems: found }) => ({ name, problems: found }));
  process.stdout.write(`${JSON.stringify({ runtime: process.version, total: verdict.total, passed: verdict.passed, failures })}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
