'use strict';

// The name of each environment in a report, for its section titles and its
// page's picker: what it is ("node 26", "bun 1.4", "firefox-worker 153"),
// not where it falls in a list ("env 3"). The runtime and its major version,
// then as much more as tells two environments apart: the full version, then
// the CPU. Pure.

function runtimeOf(env) {
  if (env.runtime && env.runtime.name !== 'node') return { name: env.runtime.name, version: env.runtime.version ?? '?' };
  return { name: 'node', version: String(env.node ?? '?').replace(/^v/, '') };
}

// "26.10.0" → "26"; "1.4.5" → "1.4" (a 0.x or 1.x runtime's minor versions differ a lot).
function shortVersion(version) {
  const parts = String(version).split('.');
  return Number(parts[0]) <= 1 && parts.length > 1 ? parts.slice(0, 2).join('.') : parts[0];
}

/**
 * @param {object[]} envs the report's environments (lib/summary's envs)
 * @returns {string[]} one distinct name per environment, in the same order
 */
function envNames(envs) {
  const major = (env) => `${runtimeOf(env).name} ${shortVersion(runtimeOf(env).version)}`;
  const full = (env) => `${runtimeOf(env).name} ${runtimeOf(env).version}`;
  const levels = [major, full, (env) => `${major(env)} on ${env.cpu ?? '?'}`, (env) => `${full(env)} on ${env.cpu ?? '?'}`];
  // Per group of environments one name would not tell apart, the first level that does.
  const names = envs.map((env) => {
    const group = envs.filter((other) => major(other) === major(env));
    const level = levels.find((name) => new Set(group.map(name)).size === group.length) ?? levels[levels.length - 1];
    return level(env);
  });
  // Environments alike in runtime, version and CPU (two machines of one model) are numbered in order.
  return names.map((name, i) => (names.indexOf(name) === i ? name : `${name} (${names.slice(0, i).filter((n) => n === name).length + 1})`));
}

module.exports = { envNames };
