'use strict';

const { sourceHashes } = require('./sources');
const { isDeepStrictEqual } = require('node:util');

// A probe that keeps the results of an earlier report (debuggability --keep,
// which the docs pipeline's --resume uses) where they still stand, and probes
// only the rest. A result stands while nothing it was measured on has changed:
// the example's files (their hashes, sources.js), the runtime it ran under
// (its name and version), the libraries it had installed, what the probe asked
// (the problem, failing operation, cases, stack settings, latency and time
// limit) and the probe's own code with the simulated I/O. Anything else is
// probed again; a kept example keeps its `probedAt`, and the report lists what
// was kept, so that no reader takes an earlier result for one of this run.

// What the probe asked and the code it ran (probeCode: sources.js
// probeCodeHash), which must be the same for any result to be kept.
const ASKED = {
  problem: 'problem',
  op: 'failing operation',
  fileExists: 'fileExists',
  latency: 'latency',
  timeoutMs: 'time limit',
  probeCode: "probe's own code",
};

// The runtime an example of a report ran under: `name version` of its
// runtimes entry, or the node that ran asyncmark when there were none.
function runtimeOf(report, spec) {
  if (spec === undefined) return report.environment ? `node ${report.environment.node}` : null;
  const runtime = (report.runtimes ?? []).find((r) => r.spec === spec);
  return runtime && !runtime.unsupported ? `${runtime.name} ${runtime.version}` : null;
}

// Why none of an earlier report's results can stand beside this run's; null when some may.
function differsInWhatWasAsked(earlier, current) {
  for (const [key, words] of Object.entries(ASKED)) {
    if (!isDeepStrictEqual(earlier[key], current[key])) return `the ${words} differs${earlier[key] === undefined ? ' (not recorded then)' : ''}`;
  }
  const names = (list) => (list ?? []).map((item) => item.name ?? item.key);
  if (!isDeepStrictEqual(names(earlier.settings), names(current.settings))) return 'its stack settings differ';
  if (!isDeepStrictEqual(names(earlier.cases), names(current.cases))) return 'its cases differ';
  // A library installed since (a database driver, say) was not there for the
  // earlier run's examples to use; one it had must be the same version.
  const before = earlier.environment?.packages ?? {};
  const now = current.environment?.packages ?? {};
  const changed = Object.keys(before).find((name) => before[name] !== now[name]);
  if (changed) return `the library ${changed} is ${now[changed] ?? 'not installed'} (was ${before[changed]})`;
  return null;
}

/**
 * Which entries to probe, and which earlier results to keep.
 * @param {object} earlier an earlier report of the probe (its JSON)
 * @param {object[]} entries the registry entries asked for
 * @param {object} current what this run asks and runs under: ASKED's keys,
 *   settings, cases, environment and runtimes, as its report will have them
 * @returns {{ probe: object[], kept: object[], reason: string | null }} probe:
 *   the entries to probe (under every runtime, when one has changed); kept:
 *   earlier example records; reason: why nothing could be kept, if so
 */
function splitKept(earlier, entries, current) {
  const reason = differsInWhatWasAsked(earlier, current);
  if (reason) return { probe: entries, kept: [], reason };
  const specs = current.runtimes ? current.runtimes.map((r) => r.spec) : [undefined];
  const probe = [];
  const kept = [];
  for (const entry of entries) {
    const hashes = sourceHashes(entry);
    const standing = specs.map((spec) =>
      earlier.examples.find(
        (e) =>
          e.name === entry.name &&
          e.runtime === spec &&
          e.status === 'probed' &&
          isDeepStrictEqual(e.sources, hashes) &&
          runtimeOf(earlier, spec) !== null &&
          runtimeOf(earlier, spec) === runtimeOf(current, spec),
      ),
    );
    if (standing.every(Boolean)) kept.push(...standing);
    else probe.push(entry);
  }
  return { probe, kept, reason: null };
}

/**
 * This run's report with the kept results in it, in the order of the entries
 * (and runtimes), and `kept` listing each with when it was probed.
 */
function mergeKept(fresh, kept, entries) {
  const order = new Map(entries.map((entry, i) => [entry.name, i]));
  const specs = (fresh.runtimes ?? []).map((r) => r.spec);
  const rank = (e) => order.get(e.name) * (specs.length + 1) + specs.indexOf(e.runtime);
  const examples = [...fresh.examples, ...kept].sort((a, b) => rank(a) - rank(b));
  const list = kept.map((e) => ({ name: e.name, ...(e.runtime === undefined ? {} : { runtime: e.runtime }), probedAt: e.probedAt ?? null }));
  return { ...fresh, kept: list, examples };
}

module.exports = { splitKept, mergeKept };
