'use strict';

// The async_hooks a run may install before it starts, after bmeurer's study
// of what hooks cost bluebird-doxbee: none, an empty `init` hook (what an APM
// agent that only tags resources pays), or every hook, each empty. A hook
// stays enabled for the whole run, warm-up included, as an agent's would.

const HOOKS = ['none', 'init', 'all'];

function noop() {}

/**
 * Enables the hooks `kind` names; returns null, or why this runtime cannot
 * (Node 6 has no async_hooks, which came in Node 8).
 * @param {'none'|'init'|'all'|undefined} kind
 * @returns {string|null}
 */
function installHooks(kind) {
  if (!kind || kind === 'none') return null;
  let asyncHooks;
  try {
    asyncHooks = require('node:async_hooks');
  } catch {
    return `--hooks ${kind} needs async_hooks (Node 8 or later); this is Node ${process.version}`;
  }
  const callbacks = kind === 'init' ? { init: noop } : { init: noop, before: noop, after: noop, destroy: noop, promiseResolve: noop };
  asyncHooks.createHook(callbacks).enable();
  return null;
}

module.exports = { HOOKS, installHooks };
