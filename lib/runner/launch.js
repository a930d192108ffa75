'use strict';

// How a child of asyncmark's is started under a runtime of --runtime (a
// record of lib/runtimes): its binary and the flags that runtime needs. The
// benchmark session and the debuggability probe both start their children so.

/**
 * Why a runtime cannot run any child of asyncmark's, from its probed
 * capabilities; null when it can (or when there is no runtime: the node
 * running asyncmark).
 * @param {object|null|undefined} runner a runtime record
 * @returns {string|null}
 */
function cannotRun(runner) {
  if (!runner || !runner.capabilities) return null;
  if (runner.capabilities.ipcFork === false) return `${runner.spec} cannot be a forked child that reports over IPC`;
  if (runner.capabilities.commonJs === false) return `${runner.spec} cannot run asyncmark's CommonJS child scripts`;
  return null;
}

/**
 * How a child that asks for Node's `execArgv` is started under a runtime: its
 * binary, and those flags as that runtime takes them (--expose-gc only where
 * it exists; without it the child skips the collection before the timed
 * region, as it does when global.gc is missing).
 * @param {{ execArgv?: string[] }} child what the child asks for (a driver's declaration, say)
 * @param {object|null|undefined} runner a runtime record, or none for the node running asyncmark
 * @returns {{ execPath?: string, execArgv: string[] }} for lib/runner/spawn.js
 */
function launch(child, runner) {
  const execArgv = child.execArgv ?? [];
  if (!runner) return { execArgv };
  const flags = runner.flags ?? {};
  const wantsGc = execArgv.includes('--expose-gc');
  const gc = wantsGc && runner.capabilities.exposeGc ? (flags.exposeGc ?? ['--expose-gc']) : [];
  // Deno runs nothing without permissions: the child reads files, the
  // environment and, for http-load, the network; asyncmark's own code only.
  const permissions = runner.name === 'deno' ? ['--allow-all'] : [];
  const commonJs = (flags.commonJs ?? []).filter((flag) => !(permissions.length && flag.startsWith('--allow-')));
  return { execPath: runner.path, execArgv: [...permissions, ...commonJs, ...gc, ...execArgv.filter((flag) => flag !== '--expose-gc')] };
}

module.exports = { launch, cannotRun };
