'use strict';

const show = require('../../display');
const { compareVersions } = require('../../../runtimes');

// The order of the runtimes of a machine: Node first, oldest version first,
// then the other runtimes by name and version; the highest Node is the
// default reference runtime. Pure.

/** Whether an environment ran under Node (a results line without a runtime did). */
function isNodeRuntime(env) {
  return !env.runtime || env.runtime.name === 'node';
}

/** "v26.10.0" -> "26.10.0"; null when there is no version to read. */
function nodeVersion(env) {
  const match = /^v?(\d+\.\d+\.\d+)/.exec(env.node ?? '');
  return match ? match[1] : null;
}

// An environment without a version to read sorts before those with one.
function byNodeVersion(a, b) {
  const [va, vb] = [nodeVersion(a), nodeVersion(b)];
  if (!va || !vb) return (va ? 1 : 0) - (vb ? 1 : 0);
  return compareVersions(va, vb);
}

/** The order of a matrix's columns: Node oldest first, then the other runtimes by name and version. */
function byRuntime(a, b) {
  if (isNodeRuntime(a) !== isNodeRuntime(b)) return isNodeRuntime(a) ? -1 : 1;
  const versions = isNodeRuntime(a) ? byNodeVersion(a, b) : 0;
  return versions || show.runtimeLabel(a).localeCompare(show.runtimeLabel(b), 'en', { numeric: true });
}

/** The Node environment with the highest Node version among `envs`, or null. */
function highestNode(envs) {
  const nodes = envs.filter(isNodeRuntime).sort(byRuntime);
  return nodes.length ? nodes[nodes.length - 1] : null;
}

module.exports = { isNodeRuntime, byRuntime, highestNode };
