'use strict';

const { cannotRun } = require('../../lib/runner/launch');
const { SETTING_NAMES, applySettings } = require('./stack-settings');
const { childEnv } = require('./run');

// The runtimes of --runtime as the probe runs under them.

// What a person calls a runtime in a table: its name and version ("bun
// 1.4.5"), a binary of one's own by its path; its spec too where two would
// read alike (node and node@20 when the node running asyncmark is a 20).
function runtimeLabels(runtimes) {
  const plain = runtimes.map((r) => (r.name === 'custom' ? `${r.spec} ${r.version}` : `${r.name} ${r.version}`));
  return plain.map((label, i) => (plain.indexOf(label) === plain.lastIndexOf(label) ? label : `${runtimes[i].spec} ${runtimes[i].version}`));
}

/**
 * The runtimes of --runtime (records of lib/runtimes) as the probe runs
 * under them: why one cannot run the probe's children at all (unsupported,
 * lib/runner/launch.js), the Node and V8 versions it reports, and how it
 * applies each stack setting (stack-settings.js), found by running it.
 * @param {object[]} runtimes
 * @param {{ settings?: string[], timeoutMs?: number }} [options]
 * @returns {Promise<object[]>} for probe's `runtimes`, as the report's `runtimes` has them
 */
async function prepareRuntimes(runtimes, { settings = SETTING_NAMES, timeoutMs } = {}) {
  const labels = runtimeLabels(runtimes);
  const prepared = [];
  for (const [i, runtime] of runtimes.entries()) {
    const { spec, name, version, path: binary } = runtime;
    const common = { spec, name, version, path: binary, label: labels[i] };
    const unsupported = cannotRun(runtime);
    if (unsupported) {
      prepared.push({ ...common, node: null, v8: null, unsupported, settings: {}, record: runtime });
      continue;
    }
    const applied = await applySettings(runtime, settings, { env: childEnv(), timeoutMs });
    const reported = applied.reported ?? {};
    prepared.push({ ...common, node: reported.node ?? null, v8: reported.v8 ?? null, unsupported: null, settings: applied.settings, record: runtime });
  }
  return prepared;
}

// A runtime of the report as the JSON shows it: not the record it was made of.
function runtimeReport({ record, ...runtime }) {
  return runtime;
}

module.exports = { prepareRuntimes, runtimeReport };
