'use strict';

// Node 6 has no async_hooks, Node 8 to 12.16 no AsyncLocalStorage in it.
function asyncLocalStorage() {
  try {
    return require('node:async_hooks').AsyncLocalStorage;
  } catch {
    return undefined;
  }
}
const AsyncLocalStorage = asyncLocalStorage();

// Async context as an instrumented driver (an APM agent, OpenTelemetry) carries
// it: each upload runs inside uploadContext.run(store, ...), with a store of its
// own, and the engine reads the store at every operation it is asked for, as
// such a driver reads the active span. One storage for the process, as an
// agent has one. A Node before 12.17 has no AsyncLocalStorage (asyncmark's
// code runs there compiled, lib/runtimes/compiled-child/): only the runs that
// ask for a context need it, and they are told so.
const uploadContext = AsyncLocalStorage
  ? new AsyncLocalStorage()
  : {
      run() {
        throw new Error(`this runtime (Node ${process.version}) has no AsyncLocalStorage: --context als needs Node 12.17 or later`);
      },
      getStore: () => undefined,
    };

const CONTEXTS = ['none', 'als'];

// What an engine with context (lib/fakes/engine.js) finds at the operations it
// is asked for: how many it checked, how many read no store (missing) or the
// store of another upload (foreign), and the first operation, in time, that
// did either.
class ContextCheck {
  constructor() {
    this.checked = 0;
    this.missing = 0;
    this.foreign = 0;
    this.firstLost = null;
  }

  // spec.owns(store, a, b), called on the operation's receiver, says whether
  // the store is that of the upload the call belongs to (examples/doxbee/model.js).
  check(name, spec, self, a, b) {
    this.checked++;
    const store = uploadContext.getStore();
    if (store !== undefined && spec.owns.call(self, store, a, b)) return;
    if (store === undefined) this.missing++;
    else this.foreign++;
    if (this.firstLost === null) this.firstLost = name;
  }

  // 'kept' when every operation read its upload's own store, else 'lost at <operation>'.
  get survival() {
    return this.firstLost === null ? 'kept' : `lost at ${this.firstLost}`;
  }
}

module.exports = { uploadContext, ContextCheck, CONTEXTS };
