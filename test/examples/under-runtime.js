'use strict';

const { execFile } = require('node:child_process');
const path = require('node:path');
const problems = require('../../examples');
const { resolveRuntimes } = require('../../lib/runtimes');
const { verifyFenced } = require('../../lib/verify-fenced');

// Conformance of an example written in a syntax the running node cannot parse
// (its entry's `needs`, lib/runtimes/syntax.js): the same suite, in the same
// fenced child asyncmark verify runs (lib/verify-fenced.js), under a runtime
// that can parse it. The runtime comes through lib/runtimes as bench --runtime
// gets it: from the cache, or installed from npm on first need (a fresh CI
// machine; some seconds). Node 24 is the oldest Node that parses `await using`.
// Async context survival and the cancel case run in observe-child.js under the
// same runtime.

const RUNTIME = 'node@24';
const OBSERVE_CHILD = path.join(__dirname, 'observe-child.js');

let resolving = null;

function runtime() {
  resolving = resolving ?? resolveRuntimes(RUNTIME, { parameter: 'the conformance test', onProgress: (line) => process.stderr.write(`      ${line}\n`) });
  return resolving.then(([record]) => record);
}

// The example of a problem's registry, or one of its planted-bug fixtures (test/fixtures/<problem>/index.js, by key).
function entryOf({ problem, example, fixture }) {
  const entry = fixture ? require(`../fixtures/${problem}`)[fixture] : problems[problem].examples.find((e) => e.name === example);
  if (!entry) throw new Error(`no ${fixture ? `fixture ${fixture}` : `example ${example}`} in ${problem}`);
  return entry;
}

function observeUnder(record, what) {
  return new Promise((resolve, reject) => {
    execFile(record.path, [OBSERVE_CHILD, JSON.stringify(what)], { timeout: 120000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${RUNTIME} could not measure ${what.example}: ${String(stderr).trim() || error.message}`));
      else resolve(JSON.parse(stdout.trim().split('\n').pop()));
    });
  });
}

/**
 * The verdict of the whole suite for one example or fixture under RUNTIME;
 * with `survival` (the options of lib/survival.js measureSurvival), its
 * async context survival instead; with `cancel`, its outcome in the cancel case.
 * @param {{ problem: string, example?: string, fixture?: string, survival?: object, cancel?: boolean }} what
 * @returns {Promise<{ runtime, total, passed, failures: Array<{ name, problems }> }>}
 */
async function verifyUnderRuntime(what) {
  const record = await runtime();
  if (what.survival || what.cancel) return observeUnder(record, what);
  const entry = entryOf(what);
  const verdict = await verifyFenced(what.problem, entry, { runtime: record.path });
  const unloadable = verdict.loadError ?? (verdict.exports !== undefined ? `exports ${verdict.exports}, not a function` : null);
  if (unloadable) throw new Error(`${RUNTIME} could not verify ${entry.name}: ${unloadable}`);
  const failures = verdict.failures.map(({ name, problems: found }) => ({ name, problems: found }));
  return { runtime: `v${record.version}`, total: verdict.total, passed: verdict.passed, failures };
}

module.exports = { RUNTIME, verifyUnderRuntime };
