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
  updateReadme(path.join(OUT, 'README.md'), path.join(ROOT, 'README.md'));
}

// Copies the report's summary (table and chart) into the top-level README,
// between its markers, so the README shows the numbers of the last full run.
function updateReadme(reportFile, readmeFile) {
  const report = fs.readFileSync(reportFile, 'utf8');
  const start = report.indexOf('\n## Summary\n');
  const end = report.indexOf('\n## ', start + 1);
  if (start === -1) return;
  const summary = report
    .slice(start + '\n## Summary\n'.length, end === -1 ? undefined : end)
    .trim()
    .replace(/\]\((?!https?:|#|\.\.\/)([^)]+)\)/g, '](docs/results/$1)');
  const generated = report.split('\n')[0];
  const readme = fs.readFileSync(readmeFile, 'utf8');
  const open = '<!-- summary:start -->';
  const close = '<!-- summary:end -->';
  const from = readme.indexOf(open);
  const to = readme.indexOf(close);
  if (from === -1 || to === -1) return;
  const block = `${open}\n${generated.replace('do not edit by hand', 'copied by npm run docs; do not edit by hand')}\n\n${summary}\n${close}`;
  fs.writeFileSync(readmeFile, readme.slice(0, from) + block + readme.slice(to + close.length));
}

main();
