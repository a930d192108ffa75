'use strict';

const show = require('../../display');
const { byRuntime, highestNode } = require('./order');

// The machines whose runtimes are set side by side (a machine is a CPU as the
// runs name it: runtimes of different machines are never compared), and the
// reference runtime of each, --reference-runtime's or the highest Node. Pure.

/**
 * The machines with two or more environments that have cells, each with its
 * environments in column order. A machine is a CPU as the runs name it.
 * @param {object[]} envs the report's environments (most runs first)
 * @returns {Array<{ cpu: string, envs: object[] }>}
 */
function machinesOf(envs, cells) {
  const byCpu = new Map();
  for (const env of envs) {
    if (!cells.some((c) => c.env === env.key)) continue;
    const cpu = env.cpu ?? '?';
    if (!byCpu.has(cpu)) byCpu.set(cpu, []);
    byCpu.get(cpu).push(env);
  }
  return [...byCpu.entries()].filter(([, list]) => list.length >= 2).map(([cpu, list]) => ({ cpu, envs: [...list].sort(byRuntime) }));
}

function refusal(code, message, details) {
  const error = new Error(message);
  error.code = code;
  Object.assign(error, details);
  return error;
}

/**
 * The reference runtime each machine's second tables are relative to: by
 * default its highest Node version; with `text`, the environment of that
 * machine whose label contains it (case ignored). A text that matches no
 * environment of any machine, or two of one machine, is refused: the error's
 * code is UNKNOWN_REFERENCE_RUNTIME or AMBIGUOUS_REFERENCE_RUNTIME. A machine
 * where it matches none keeps its default.
 * @returns {Map<string, { env: object | null, chosen: boolean }>} by CPU
 */
function chooseReferences(machines, text) {
  const result = new Map();
  const wanted = text === undefined ? null : String(text).toLowerCase();
  const labels = machines.flatMap((m) => m.envs.map((env) => env.label ?? show.envLabel(env)));
  let matched = 0;
  for (const machine of machines) {
    const matches = wanted === null ? [] : machine.envs.filter((env) => (env.label ?? show.envLabel(env)).toLowerCase().includes(wanted));
    if (matches.length > 1) {
      throw refusal('AMBIGUOUS_REFERENCE_RUNTIME', `--reference-runtime ${text} matches ${matches.length} runtimes of one machine`, {
        matches: matches.map((env) => env.label ?? show.envLabel(env)),
        labels,
      });
    }
    matched += matches.length;
    result.set(machine.cpu, matches.length ? { env: matches[0], chosen: true } : { env: highestNode(machine.envs), chosen: false });
  }
  if (wanted !== null && matched === 0) {
    throw refusal('UNKNOWN_REFERENCE_RUNTIME', `--reference-runtime ${text} matches no runtime of a matrix`, { labels });
  }
  return result;
}

module.exports = { machinesOf, chooseReferences, refusal };
