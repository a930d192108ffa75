'use strict';

// What the tests of npm run docs (bench/docs-pipeline.js) share: the
// pipeline run as a child, and a README with the markers it writes between.

const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.join(__dirname, '..', '..');
const PIPELINE = path.join(ROOT, 'bench', 'docs-pipeline.js');

// A refusal comes before any step runs, so it is quick; the timeout only keeps
// a pipeline that ignores its options from running the whole benchmark.
function pipeline(args, timeout = 10000) {
  const result = spawnSync(process.execPath, [PIPELINE, ...args], { cwd: ROOT, encoding: 'utf8', timeout });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const README = ['# A project', '', '<!-- families:start -->', 'the families of an earlier run', '<!-- families:end -->', '', 'Written by a person.', ''].join(
  '\n',
);

module.exports = { ROOT, PIPELINE, pipeline, README };
