'use strict';

const os = require('node:os');
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

// The environment every result line carries, so that runs from several machines
// or Node versions can be merged and still told apart.

const ROOT = path.join(__dirname, '..', '..');

function packageVersions() {
  const { dependencies = {} } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const versions = {};
  for (const name of Object.keys(dependencies)) {
    try {
      versions[name] = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
    } catch {
      versions[name] = null;
    }
  }
  return versions;
}

function commit() {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

/** The two facts every label of a machine names: the Node version and the CPU model. */
function machine() {
  const cpus = os.cpus();
  return { node: process.version, cpu: cpus.length ? cpus[0].model.trim() : 'unknown CPU' };
}

function environment() {
  const cpus = os.cpus();
  return {
    ...machine(),
    v8: process.versions.v8,
    platform: process.platform,
    release: os.release(),
    arch: process.arch,
    cpus: cpus.length,
    memoryGB: Math.round(os.totalmem() / 1024 ** 3),
    packages: packageVersions(),
    asyncmark: JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version,
    commit: commit(),
  };
}

module.exports = { environment, machine };
