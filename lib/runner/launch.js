'use strict';

// How a child of asyncmark's is started under a runtime of --runtime (a
// record of lib/runtimes): its binary and the flags that runtime needs. The
// benchmark session and the debuggability probe both start their children so.

const { ownCodeFlags } = require('../runtimes/probe');

// A browser runs only the children of drivers that declare a browser child
// (the compute driver's): the others need Node's APIs.
function browserCannotRun(runner, driver) {
  if (runner.browser.missing) return runner.browser.missing;
  if (!driver) return `${runner.spec} cannot run this: it needs Node (a browser runs only bench's compute problems, such as fib)`;
  if (!driver.browserChild) {
    return `${runner.spec} cannot run the ${driver.name} driver's examples: a browser runs only problems that need no Node API (the compute driver's, such as fib)${driver.browserWhyNot ? `; ${driver.browserWhyNot}` : ''}`;
  }
  return null;
}

/**
 * Why a runtime cannot run any child of asyncmark's, from its probed
 * capabilities (a browser: whether it is installed, and whether the driver
 * has a child for browsers); null when it can (or when there is no runtime:
 * the node running asyncmark).
 * @param {object|null|undefined} runner a runtime record
 * @param {object} [driver] the driver whose child would run (lib/drivers); none for other children
 * @returns {string|null}
 */
function cannotRun(runner, driver) {
  if (runner && runner.browser) return browserCannotRun(runner, driver);
  if (!runner || !runner.capabilities) return null;
  if (runner.capabilities.ipcFork === false) return `${runner.spec} cannot be a forked child that reports over IPC`;
  if (runner.capabilities.commonJs === false) {
    const why = runner.flags && runner.flags.commonJsMissing;
    return `${runner.spec} cannot run asyncmark's CommonJS child scripts${why ? ` (${why})` : ''}`;
  }
  return null;
}

/**
 * How a child that asks for Node's `execArgv` is started under a runtime: its
 * binary, and those flags as that runtime takes them (--expose-gc only where
 * it exists; without it the child skips the collection before the timed
 * region, as it does when global.gc is missing).
 * @param {{ execArgv?: string[] }} child what the child asks for (a driver's declaration, say)
 * @param {object|null|undefined} runner a runtime record, or none for the node running asyncmark
 * @returns {{ execPath?: string, execArgv: string[], script?: string }} for lib/runner/spawn.js;
 *   script: the child script to run instead of the driver's own (a browser's)
 */
function launch(child, runner) {
  const execArgv = child.execArgv ?? [];
  if (!runner) return { execArgv };
  // A browser's run is a child of the node running asyncmark that starts the
  // browser: the driver's browser child, with no flags for Node.
  if (runner.browser) return { script: child.browserChild, execArgv: [] };
  const flags = runner.flags ?? {};
  const wantsGc = execArgv.includes('--expose-gc');
  const gc = wantsGc && runner.capabilities.exposeGc ? (flags.exposeGc ?? ['--expose-gc']) : [];
  // Deno runs nothing without permissions: the child reads files, the
  // environment and, for http-load, the network; asyncmark's own code only.
  const permissions = runner.name === 'deno' ? ['--allow-all'] : [];
  const commonJs = (flags.commonJs ?? []).filter((flag) => !(permissions.length && flag.startsWith('--allow-')));
  // A Node older than asyncmark's own code loads that code compiled for it.
  const ownCode = ownCodeFlags(runner);
  return { execPath: runner.path, execArgv: [...permissions, ...commonJs, ...ownCode, ...gc, ...execArgv.filter((flag) => flag !== '--expose-gc')] };
}

module.exports = { launch, cannotRun };
