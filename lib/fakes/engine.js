'use strict';

const { createDelay } = require('./latency');
const { hashString, keyedRandom, keyedRandomAt } = require('./random');
const { ContextCheck } = require('./context');
const { createVirtualTimers } = require('./virtual-time');

// The one engine behind every I/O flavour. It schedules each simulated operation
// on the same timer mechanism, decides which calls fail and how, and records a
// trace of every call and completion so that examples can be compared.

const FAULT_MODES = ['callback', 'sync', 'timer'];
const PLACEMENTS = ['timer', 'continuation'];

// Stepped delivery, for conformance: every completion is held until release()
// delivers one, in the order named, each on a turn of its own. The harness
// releases the next only once the program has gone quiet, so that what a style
// does between two completions never depends on how fast its scheduler is.
//   issue     the first started, first delivered (what tick latency does)
//   reverse   the last started, first delivered
//   shuffle   a seeded random one of those held
const ORDERS = ['issue', 'reverse', 'shuffle'];

class InjectedError extends Error {
  constructor(op, mode, placement) {
    super(`${op} failed (injected ${mode} fault)`);
    this.name = 'InjectedError';
    this.code = 'EINJECTED';
    this.op = op;
    this.mode = mode;
    this.placement = placement;
  }
}

// Created in an async continuation, as a driver written with async functions
// would do, so that the error's stack starts there instead of in the timer.
async function failInContinuation(op, mode) {
  await null;
  throw new InjectedError(op, mode, 'continuation');
}

function validateFault(fault, operations) {
  if (!operations.includes(fault.op)) {
    throw new RangeError(`fault op must be one of ${operations.join(', ')}; got ${fault.op}`);
  }
  if (!FAULT_MODES.includes(fault.mode)) {
    throw new RangeError(`fault mode must be one of ${FAULT_MODES.join(', ')}; got ${fault.mode}`);
  }
  // A synchronous throw is created at the call, so its placement does not apply.
  if (fault.mode !== 'sync' && !PLACEMENTS.includes(fault.placement)) {
    throw new RangeError(`fault placement must be one of ${PLACEMENTS.join(', ')}; got ${fault.placement}`);
  }
}

// What the engine keeps of one operation: its calls so far, and the hashes of
// its keys' common prefixes, so that a seeded draw for its k-th call (fault,
// jitter, dithering) hashes only the digits of k. The same numbers as
// keyedRandom(seed, `${purpose}:${name}:${k}`).
class Operation {
  constructor(name, seed) {
    this.name = name;
    this.calls = 0;
    this.prefixes = {};
    for (const purpose of ['fault', 'latency', 'dither']) this.prefixes[purpose] = hashString(`${seed}:${purpose}:${name}:`);
  }

  draw(purpose, k) {
    return keyedRandomAt(this.prefixes[purpose], k);
  }
}

// A timer's callback: the operation is no longer in flight, and its settle
// runs as a pending callback. Module-level, with its state passed as timer
// arguments, so that scheduling an operation makes no closure.
function fire(engine, settle, value) {
  engine.inFlight--;
  engine.run(settle, null, value);
}

// The same for a callback called on a context, cb.call(ctx, error, value): the
// callbacks-ctx flavour's timer, which makes no closure either.
function fireOn(engine, cb, ctx, value) {
  engine.inFlight--;
  engine.pending--;
  try {
    cb.call(ctx, null, value);
  } finally {
    if (engine.pending === 0) engine.wakeIdle();
  }
}

class Engine {
  /**
   * @param {object} options
   * @param {string} [options.latency] constant | load | jitter | tick
   * @param {number} [options.t] milliseconds per operation (constant, jitter)
   * @param {number} [options.dt] milliseconds per operation in flight (load)
   * @param {number} [options.seed] seed of every random decision
   * @param {object} [options.fault] { op, mode, placement, index? }: fail every call of op, or only its index-th
   * @param {number} [options.e] likelihood that any call fails (seeded)
   * @param {string} [options.mode] fault mode for failures drawn with e
   * @param {string} [options.placement] where those errors are created
   * @param {boolean} [options.trace] record a trace (default true)
   * @param {string[]} [options.operations] the operations that may fail
   * @param {string} [options.order] stepped delivery: issue | reverse | shuffle (see ORDERS)
   * @param {boolean} [options.context] read the upload's async context at every operation (lib/fakes/context.js)
   * @param {boolean} [options.virtualTime] latencies on a virtual clock, not the real one (a counted run; lib/fakes/virtual-time.js)
   * Any other option is the model's: the branch an upload takes (DoxBee's fileExists).
   */
  constructor(options = {}) {
    this.failable = options.operations ?? [];
    this.seed = options.seed ?? 1;
    this.delay = createDelay({
      model: options.latency ?? 'constant',
      t: options.t ?? 1,
      dt: options.dt ?? 0.1,
      jitter: options.jitter ?? 0.5,
    });
    // The options it was made with, from which a model reads its branch.
    this.options = options;
    this.fault = options.fault ?? null;
    if (this.fault) validateFault(this.fault, this.failable);
    this.e = options.e ?? 0;
    this.randomFault = { mode: options.mode ?? 'callback', placement: options.placement ?? 'timer' };
    // Without a fault or a likelihood, no call is asked whether it fails.
    this.failing = this.fault !== null || this.e > 0;
    this.tracing = options.trace ?? true;
    this.trace = [];
    this.injected = []; // every error object the engine made, in order (when tracing)
    this.failures = 0;
    this.operations = new Map(); // Operation by name, from its first call
    this.ids = new Map(); // the last id handed out, by name: blob, tx
    this.inFlight = 0;
    this.pending = 0; // scheduled callbacks not yet run, held ones included
    this.order = options.order ?? null;
    if (this.order !== null && !ORDERS.includes(this.order)) {
      throw new RangeError(`order must be one of ${ORDERS.join(', ')}; got ${this.order}`);
    }
    // Whether each operation read its upload's own store; null without context,
    // so that a run without it never calls getStore().
    this.context = options.context ? new ContextCheck() : null;
    // A benchmark run: no trace, no faults, no context. Its calls are only
    // counted and scheduled; the rest is kept out of the hot path, where V8
    // would compile it into every caller.
    this.plain = !this.tracing && !this.failing && this.context === null;
    this.held = []; // completions waiting for release(), in the order they were started
    this.releases = 0;
    this.idleWaiters = [];
    // A counted run's latencies are on a virtual clock (virtual-time.js).
    this.setTimer = options.virtualTime ? createVirtualTimers().after : setTimeout;
  }

  // Ids handed out ('blob', 'tx') and calls per operation ('op:<name>'), made
  // when read: a call only increments its operation's count.
  get counts() {
    const counts = Object.fromEntries(this.ids);
    for (const operation of this.operations.values()) counts[`op:${operation.name}`] = operation.calls;
    return counts;
  }

  // Next value of a named counter: ids of blobs, transactions, files.
  next(name) {
    const id = (this.ids.get(name) ?? 0) + 1;
    this.ids.set(name, id);
    return id;
  }

  operation(name) {
    let operation = this.operations.get(name);
    if (operation === undefined) {
      operation = new Operation(name, this.seed);
      this.operations.set(name, operation);
    }
    return operation;
  }

  inject(error) {
    this.failures++;
    if (this.tracing) this.injected.push(error);
    return error;
  }

  record(event) {
    if (this.tracing) this.trace.push(event);
  }

  faultFor(op, index) {
    if (this.fault) {
      // A fault may name one call of the operation (1-based), or every call.
      const hit = this.fault.op === op && (this.fault.index === undefined || this.fault.index === index);
      return hit ? this.fault : null;
    }
    if (this.e > 0 && this.failable.includes(op) && this.operation(op).draw('fault', index) < this.e) {
      return this.randomFault;
    }
    return null;
  }

  // Traces the index-th call of an operation, described by spec (lib/fakes/
  // flavours.js), on receiver self, and decides its fault; a synchronous fault
  // throws here.
  start(operation, index, spec, self, a, b) {
    if (this.context !== null) this.context.check(operation.name, spec, self, a, b);
    // The trace's arguments are built only when tracing: a benchmark never reads them.
    if (this.tracing) this.record({ type: 'call', op: operation.name, args: spec.args.call(self, a, b) });
    const fault = this.failing ? this.faultFor(operation.name, index) : null;
    if (fault !== null && fault.mode === 'sync') {
      const error = this.inject(new InjectedError(operation.name, 'sync', 'call'));
      this.record({ type: 'throw', op: operation.name, error: error.message });
      throw error;
    }
    return fault;
  }

  // Calls settle(null, value) after the latency of the index-th call of the
  // operation, on the one timer mechanism.
  schedule(operation, index, settle, value) {
    const ms = this.delay(operation, index, this.inFlight);
    this.inFlight++;
    this.pending++;
    if (this.order !== null) this.held.push({ settle, value });
    else if (ms > 0) this.setTimer(fire, ms, this, settle, value);
    else setImmediate(fire, this, settle, value);
  }

  // Delivers one held completion, chosen by the order, on the next turn.
  // Returns false when none is held.
  release() {
    if (this.held.length === 0) return false;
    let at = 0;
    if (this.order === 'reverse') at = this.held.length - 1;
    else if (this.order === 'shuffle') at = Math.floor(keyedRandom(this.seed, `order:${this.releases}`) * this.held.length);
    this.releases++;
    const [{ settle, value }] = this.held.splice(at, 1);
    setImmediate(fire, this, settle, value);
    return true;
  }

  // Runs a callback that was counted as pending. Whatever it throws still
  // leaves the count right, so that idle() is told.
  run(fn, error, value) {
    this.pending--;
    try {
      fn(error, value);
    } finally {
      if (this.pending === 0) this.wakeIdle();
    }
  }

  // Delivers the outcome of a call to settle(error, value) after its latency.
  // Without a fault or a trace, the timer calls settle itself.
  later(operation, index, fault, value, settle) {
    if (fault === null && !this.tracing) this.schedule(operation, index, settle, value);
    else this.schedule(operation, index, () => this.complete(operation.name, fault, value, settle), null);
  }

  // Delivers the outcome of a call to settle(error, value), or throws it into the
  // event loop when the fault mode is 'timer'.
  complete(op, fault, value, settle) {
    if (!fault) {
      if (this.tracing) this.record({ type: 'complete', op, value: describeValue(value) });
      settle(null, value);
      return;
    }
    const deliver = (error) => {
      this.record({ type: 'complete', op, error: error.message });
      if (fault.mode === 'timer') throw error;
      settle(error);
    };
    if (fault.placement === 'timer') {
      deliver(this.inject(new InjectedError(op, fault.mode, 'timer')));
      return;
    }
    // The callback is then called from a fresh tick, never from inside a promise
    // handler, so that what it throws is an uncaught exception as usual.
    this.pending++;
    failInContinuation(op, fault.mode).catch((error) => {
      this.inject(error);
      process.nextTick(() => this.run(deliver, error));
    });
  }

  // A node-style operation: cb(error, value) after the latency. spec describes
  // it (op, args, value; see lib/fakes/flavours.js), a and b are its arguments.
  callback(spec, self, a, b, cb) {
    const operation = this.operation(spec.op ?? self.op);
    const index = ++operation.calls;
    if (this.plain) this.schedule(operation, index, cb, spec.value.call(self, a, b));
    else this.observedCallback(operation, index, spec, self, a, b, cb);
  }

  // A node-style operation whose callback is called on a context,
  // cb.call(ctx, error, value), as the I/O of the 2013 article's closure-free
  // flattened-class-ctx did. A benchmark run hands cb and ctx to the timer, so
  // that, like callback(), it makes no closure, and so does one that only
  // reads the context; any other run wraps the two in one and goes
  // callback()'s way, traces and faults included.
  callbackOn(spec, self, a, b, cb, ctx) {
    if (!this.plain || this.order !== null) {
      if (this.tracing || this.failing || this.order !== null) {
        this.callback(spec, self, a, b, (error, value) => cb.call(ctx, error, value));
        return;
      }
      this.context.check(spec.op ?? self.op, spec, self, a, b);
    }
    const operation = this.operation(spec.op ?? self.op);
    const index = ++operation.calls;
    const value = spec.value.call(self, a, b);
    const ms = this.delay(operation, index, this.inFlight);
    this.inFlight++;
    this.pending++;
    if (ms > 0) this.setTimer(fireOn, ms, this, cb, ctx, value);
    else setImmediate(fireOn, this, cb, ctx, value);
  }

  // The same, traced or with faults (conformance, debuggability, a likelihood of failure).
  observedCallback(operation, index, spec, self, a, b, cb) {
    const fault = this.start(operation, index, spec, self, a, b);
    this.later(operation, index, fault, spec.value.call(self, a, b), cb);
  }

  // A native-promise operation, with no callback underneath: the promise is
  // settled from the timer itself. A synchronous fault still throws at the call.
  promise(spec, self, a, b) {
    const operation = this.operation(spec.op ?? self.op);
    const index = ++operation.calls;
    const fault = this.plain ? null : this.start(operation, index, spec, self, a, b);
    if (fault !== null && fault.placement === 'continuation' && fault.mode !== 'timer') {
      return this.rejectInContinuation(operation, index, fault);
    }
    const value = spec.value.call(self, a, b);
    return new Promise((resolve, reject) => {
      this.later(operation, index, fault, value, (error, result) => (error ? reject(error) : resolve(result)));
    });
  }

  // The error is created after an await inside an async function whose promise
  // is the one the caller holds, as in a driver written with async functions; so
  // an awaiting caller may appear in its async stack trace.
  async rejectInContinuation(operation, index, fault) {
    await new Promise((resolve) => this.schedule(operation, index, resolve, null));
    const error = this.inject(new InjectedError(operation.name, fault.mode, 'continuation'));
    this.record({ type: 'complete', op: operation.name, error: error.message });
    throw error;
  }

  // Resolves once no scheduled callback is left.
  idle() {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  wakeIdle() {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

// What a trace keeps of a value: ids, not whole objects.
function describeValue(value) {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value !== 'object') return value;
  if (typeof value.summary === 'function') return value.summary();
  return { ...value };
}

module.exports = { Engine, InjectedError, FAULT_MODES, PLACEMENTS, ORDERS, describeValue };
