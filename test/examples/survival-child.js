'use strict';

const problems = require('../../examples');
const { measureSurvival } = require('../../lib/survival');

// Run by under-runtime.js under another runtime: the async context survival
// (lib/survival.js measureSurvival, with the options given) of one example of
// a problem's registry, printed as one JSON line. Conformance runs in
// lib/verify-child.js, the fenced child asyncmark verify uses.

async function main() {
  const { problem, example, survival } = JSON.parse(process.argv[2]);
  const entry = problems[problem].examples.find((e) => e.name === example);
  if (!entry) throw new Error(`no example ${example} in ${problem}`);
  const measured = await measureSurvival(entry, { ...survival, problem });
  process.stdout.write(`${JSON.stringify({ runtime: process.version, ...measured })}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
