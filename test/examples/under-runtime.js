'use strict';

const { execFile } = require('node:child_process');
const path = require('node:path');
const { resolveRuntimes } = require('../../lib/runtimes');

// Conformance of an example written in a syntax the running node cannot parse
// (its entry's `needs`, lib/runtimes/syntax.js): the same suite, run in a
// child (verify-child.js) under a runtime that can. The runtime comes through
// lib/runtimes as bench --runtime gets it: from the cache, or installed from
// npm on first need (a fresh CI machine; some seconds). Node 24 is the oldest
// Node that parses `await using`.

const RUNTIME = 'node@24';
const CHILD = path.join(__dirname, 'verify-child.js');

let resolving = null;

function runtime() {
  resolving = resolving ?? resolveRuntimes(RUNTIME, { parameter: 'the conformance test', onProgress: (line) => process.stderr.write(`      ${line}\n`) });
  return resolving.then(([record]) => record);
}

/**
 * The verdict of the whole suite for one example or fixture under RUNTIME.
 * @param {{ problem: string, example?: string, fixture?: string }} what
 * @returns {Promise<{ runtime, total, passed, failures: Array<{ name, problems }> }>}
 */
async function verifyUnderRuntime(what) {
  const record = await runtime();
  return new Promise((resolve, reject) => {
    execFile(record.path, [CHILD, JSON.stringify(what)], { timeout: 120000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${RUNTIME} could not verify ${what.example ?? what.fixture}: ${String(stderr).trim() || error.message}`));
      else resolve(JSON.parse(stdout.trim().split('\n').pop()));
    });
  });
}

module.exports = { RUNTIME, verifyUnderRuntime };
