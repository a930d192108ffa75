'use strict';

const { createLatency } = require('./latency');
const { keyedRandom } = require('./random');

// The one engine behind every I/O flavour. It schedules each simulated operation
// on the same timer mechanism, decides which calls fail and how, and records a
// trace of every call and completion so that examples can be compared.

const FAULT_MODES = ['callback', 'sync', 'timer'];
const PLACEMENTS = ['timer', 'continuation'];

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

class Engine {
  /**
   * @param {object} options
   * @param {string} [options.latency] constant | load | jitter | tick
   * @param {number} [options.t] milliseconds per operation (constant, jitter)
   * @param {number} [options.dt] milliseconds per operation in flight (load)
   * @param {number} [options.seed] seed of every random decision
   * @param {boolean} [options.fileExists] whether the file lookup finds a file
   * @param {object} [options.fault] { op, mode, placement, index? }: fail every call of op, or only its index-th
   * @param {number} [options.e] likelihood that any call fails (seeded)
   * @param {string} [options.mode] fault mode for failures drawn with e
   * @param {string} [options.placement] where those errors are created
   * @param {boolean} [options.trace] record a trace (default true)
   * @param {string[]} [options.operations] the operations that may fail
   */
  constructor(options = {}) {
    this.operations = options.operations ?? [];
    this.seed = options.seed ?? 1;
    this.delay = createLatency({
      model: options.latency ?? 'constant',
      t: options.t ?? 1,
      dt: options.dt ?? 0.1,
      jitter: options.jitter ?? 0.5,
      seed: this.seed,
    });
    this.fileExists = options.fileExists ?? false;
    this.fault = options.fault ?? null;
    if (this.fault) validateFault(this.fault, this.operations);
    this.e = options.e ?? 0;
    this.randomFault = { mode: options.mode ?? 'callback', placement: options.placement ?? 'timer' };
    this.tracing = options.trace ?? true;
    this.trace = [];
    this.injected = []; // every error object the engine made, in order (when tracing)
    this.failures = 0;
    this.counts = Object.create(null); // calls per operation
    this.inFlight = 0;
    this.pending = 0; // scheduled callbacks not yet run
    this.idleWaiters = [];
  }

  // Next value of a named counter: ids of blobs, transactions, files.
  next(name) {
    this.counts[name] = (this.counts[name] ?? 0) + 1;
    return this.counts[name];
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
    if (this.e > 0 && this.operations.includes(op) && keyedRandom(this.seed, `fault:${op}:${index}`) < this.e) {
      return { op, ...this.randomFault };
    }
    return null;
  }

  // Records the call and decides its fault; a synchronous fault throws here.
  start(op, args) {
    const index = this.next(`op:${op}`);
    // Guarded here, not only in record(), so that a benchmark (tracing off) does
    // not build trace events on every operation.
    if (this.tracing) this.record({ type: 'call', op, args });
    const fault = this.faultFor(op, index);
    if (fault && fault.mode === 'sync') {
      const error = this.inject(new InjectedError(op, 'sync', 'call'));
      this.record({ type: 'throw', op, error: error.message });
      throw error;
    }
    return { op, index, fault };
  }

  // Runs fn after the operation's latency, on the one timer mechanism.
  schedule(call, fn) {
    const ms = this.delay(`${call.op}:${call.index}`, this.inFlight);
    this.inFlight++;
    this.pending++;
    const fire = () => {
      this.inFlight--;
      this.run(fn);
    };
    if (ms > 0) setTimeout(fire, ms);
    else setImmediate(fire);
  }

  // Runs a callback that was counted as pending. Whatever it throws still
  // leaves the count right, so that idle() is told.
  run(fn) {
    this.pending--;
    try {
      fn();
    } finally {
      if (this.pending === 0) this.wakeIdle();
    }
  }

  // Delivers the outcome of a call to settle(error, value), or throws it into the
  // event loop when the fault mode is 'timer'.
  complete(call, value, settle) {
    const { op, fault } = call;
    if (!fault) {
      if (this.tracing) this.record({ type: 'complete', op, value: summarize(value) });
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
    failInContinuation(call.op, fault.mode).catch((error) => {
      this.inject(error);
      process.nextTick(() => this.run(() => deliver(error)));
    });
  }

  // A node-style operation: cb(error, value) after the latency.
  callback(op, args, value, cb) {
    const call = this.start(op, args);
    this.schedule(call, () => this.complete(call, value, cb));
  }

  // A native-promise operation, with no callback underneath: the promise is
  // settled from the timer itself. A synchronous fault still throws at the call.
  promise(op, args, value) {
    const call = this.start(op, args);
    if (call.fault && call.fault.placement === 'continuation' && call.fault.mode !== 'timer') {
      return this.rejectInContinuation(call);
    }
    return new Promise((resolve, reject) => {
      this.schedule(call, () => this.complete(call, value, (error, result) => (error ? reject(error) : resolve(result))));
    });
  }

  // The error is created after an await inside an async function whose promise
  // is the one the caller holds, as in a driver written with async functions; so
  // an awaiting caller may appear in its async stack trace.
  async rejectInContinuation(call) {
    await new Promise((resolve) => this.schedule(call, resolve));
    const error = this.inject(new InjectedError(call.op, call.fault.mode, 'continuation'));
    this.record({ type: 'complete', op: call.op, error: error.message });
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
function summarize(value) {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value !== 'object') return value;
  if (typeof value.summary === 'function') return value.summary();
  return { ...value };
}

module.exports = { Engine, InjectedError, FAULT_MODES, PLACEMENTS };
