'use strict';

// The timers an upload set, so that a cancel point lasts until every one of
// them has fired or been cleared: a second answer or a late write from a
// timer of its own (a retry, a debounce, a library's scheduler) happens then,
// long after the caller heard. Node's async hooks see every Timeout made while
// the watch is on; the harness's own are left out by own(). Where a runtime
// has no async hooks (Bun, Deno under the batch driver), pending() is 0 and
// the point's tail lasts its fixed turns only.

function hooks() {
  try {
    return require('node:async_hooks');
  } catch {
    return null;
  }
}

/**
 * Starts watching the timers made from now on.
 * @returns {{ pending(): number, mayFire(): boolean, own(timer: object): void, stop(): void }}
 *   mayFire: whether a timer of the upload's may still fire, and so answer a
 *   caller that has not heard; always so where the runtime cannot tell
 */
function watchTimers() {
  const live = new Map();
  const mine = new WeakSet();
  let hook = null;
  try {
    hook = hooks()?.createHook({
      init(id, type, trigger, resource) {
        if (type === 'Timeout') live.set(id, resource);
      },
      destroy(id) {
        live.delete(id);
      },
    });
    hook?.enable();
  } catch {
    hook = null;
  }
  const watch = {
    pending() {
      let count = 0;
      for (const [id, timer] of live) {
        // An unreferenced timer is still the upload's; a destroyed one that no hook reported is not.
        if (timer._destroyed === true) live.delete(id);
        else if (!mine.has(timer)) count++;
      }
      return count;
    },
    mayFire() {
      return hook === null || watch.pending() > 0;
    },
    own(timer) {
      mine.add(timer);
    },
    stop() {
      hook?.disable();
      live.clear();
    },
  };
  return watch;
}

module.exports = { watchTimers };
