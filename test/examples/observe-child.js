'use strict';

const problems = require('../../examples');
const { measureSurvival } = require('../../lib/survival');
const { observeCancel } = require('../../lib/conformance');

// Run by under-runtime.js under another runtime: what one example of a
// problem's registry does, printed as one JSON line. With `survival` (the
// options of lib/survival.js measureSurvival), its async context survival;
// with `cancel`, its outcome in the cancel case (lib/conformance/cancel.js).
// Conformance runs in lib/verify-child.js, the fenced child asyncmark verify uses.

async function main() {
  const { problem, example, survival, cancel } = JSON.parse(process.argv[2]);
  const entry = problems[problem].examples.find((e) => e.name === example);
  if (!entry) throw new Error(`no example ${example} in ${problem}`);
  if (cancel) {
    const { outcome } = await observeCancel(entry, { problem });
    process.stdout.write(`${JSON.stringify({ runtime: process.version, outcome })}\n`);
    return;
  }
  const measured = await measureSurvival(entry, { ...survival, problem });
  process.stdout.write(`${JSON.stringify({ runtime: process.version, ...measured })}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
