#!/usr/bin/env node
'use strict';

// `npm run docs`: regenerates docs/results/ from scratch — complexity,
// debuggability, the default grid of every scenario, then the reports. Each
// step is the public command, so the docs show exactly what users can rerun.

const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const scenarios = require('./scenarios');

const ROOT = path.join(__dirname, '..');
const OUT = path.join(ROOT, 'docs', 'results');
const CLI = path.join(__dirname, 'cli.js');

function step(args, stdoutFile) {
  const label = `asyncmark ${args.join(' ')}${stdoutFile ? ` > ${path.relative(ROOT, stdoutFile)}` : ''}`;
  process.stderr.write(`\n== ${label}\n`);
  const fd = stdoutFile ? fs.openSync(stdoutFile, 'w') : 'inherit';
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', fd, 'inherit'] });
  if (stdoutFile) fs.closeSync(fd);
  if (result.status !== 0) {
    process.stderr.write(`asyncmark docs: step failed (exit ${result.status}): ${label}\n`);
    process.exit(result.status || 1);
  }
}

function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const runs = path.join(OUT, 'runs.jsonl');
  const complexity = path.join(OUT, 'complexity.json');
  const debuggability = path.join(OUT, 'debuggability.json');
  // A fresh results file, so a second run changes numbers, not structure.
  fs.rmSync(runs, { force: true });
  step(['complexity', '--format', 'json'], complexity);
  step(['debuggability', '--format', 'json'], debuggability);
  for (const name of Object.keys(scenarios)) {
    step(['bench', '--scenario', name, '--out', path.relative(ROOT, runs), '--format', 'markdown'], path.join(OUT, `bench-${name}.md`));
  }
  const report = ['report', '--in', path.relative(ROOT, runs), '--complexity', path.relative(ROOT, complexity), '--debuggability', path.relative(ROOT, debuggability), '--out', path.relative(ROOT, OUT)];
  step(report);
  step([...report, '--format', 'html']);
}

main();
