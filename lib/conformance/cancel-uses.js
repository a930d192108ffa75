'use strict';

const { breachesAt, breachesUnaborted, breachesAfter, inFlightAwaited } = require('./cancel-contract');
const { drive, turn } = require('./stepping');
const { watchTimers } = require('./timers');
const { keepAlive } = require('./aftermath');
const { startCancellable, hearer, whereOf } = require('./cancel-caller');

// The cancel case as callers use it, beside one upload aborted while an
// operation is in flight (cancel.js): each use a point of its own, judged by
// the same contract (cancel-contract.js), each upload on its own events, and
// each kept alive once its callers have heard (aftermath.js).
//   many     MANY uploads at once on one io, each with its own signal: some
//            aborted, each at an operation of its own, and the others not,
//            which are to commit and hear success;
//   shared   one signal handed to two uploads at once, aborted while an
//            operation of the first is in flight: both are to hear it;
//   turns    the abort k turns of the event loop after an operation
//            completed (k microtasks, or k macrotasks), so that it also lands
//            between two operations, while the upload awaits something that
//            is not I/O; driven by the engine's stepped delivery, so it repeats;
//   timeout  AbortSignal.timeout on real timers, whose reason, a TimeoutError,
//            the caller is to hear;
//   any      AbortSignal.any over a controller aborted with a reason of its
//            own, and a timeout: the caller hears that reason.
// Only `many` and `turns` apply to a caller that unsubscribes or halts: it
// has no signal to share or to time out.

const MANY = 12;
// Every third upload of `many` is not aborted.
const SPARED_EVERY = 3;
const MICROTASK_TURNS = 4;
const MACROTASK_TURNS = 2;
// `timeout` and `any`: each operation takes TIMED_T ms on real timers, and the
// abort comes ABORT_AFTER_MS after the upload starts, while its second step is
// in flight: timers fire in the order of their times, however late.
const TIMED_T = 8;
const ABORT_AFTER_MS = 12;
const CUSTOM_REASON = 'the user cancelled the upload';

const SIGNALLED = ['many', 'shared', 'turns', 'timeout', 'any'];
const OTHERWISE = ['many', 'turns'];

// What a use needs of the model (several uploads told apart) or of the runtime.
const NEEDS = {
  many: (model) => typeof model.uploadOf === 'function' && typeof model.invocationArgs === 'function',
  shared: (model) => NEEDS.many(model),
  turns: () => true,
  timeout: () => typeof AbortSignal.timeout === 'function',
  any: () => typeof AbortSignal.any === 'function' && typeof AbortSignal.timeout === 'function',
};

/** The uses an entry is tried under, by its means to cancel, where the model and the runtime allow. */
function usesOf(entry, model) {
  return (entry.cancel === 'signal' ? SIGNALLED : OTHERWISE).filter((use) => NEEDS[use](model));
}

// The events of the k-th of several uploads (argsList) in a trace: its calls,
// by the model's uploadOf, and its answers; completions name no upload, so
// they are left out, and how late it heard is judged at the points of one.
function ownEvents(trace, k, argsList, model) {
  const mine = (e) => (e.type === 'heard' ? e.upload === k : e.type === 'call' && model.uploadOf(e, argsList) === k);
  return trace.filter(mine);
}

// The same, with where in them an abort at `abortAt` of the whole trace falls.
// What it did after it settled (`after`, with endedAt: the first quiet moment
// after its caller heard, or the tail) is judged apart from the rest
// (`trace`): breachesAfter, not breachesAt.
function ownView(seen, k, abortAt, argsList, model) {
  const events = ownEvents(seen.trace, k, argsList, model);
  const before = abortAt === -1 ? events.length : ownEvents(seen.trace.slice(0, abortAt), k, argsList, model).length;
  const ended = ownEvents(seen.trace.slice(0, seen.settledAt.get(k) ?? seen.endedAt), k, argsList, model).length;
  return { trace: events.slice(0, ended), abortAt: before, heard: seen.heard.filter((h) => h.upload === k), after: { trace: events, endedAt: ended } };
}

// The same for one upload alone.
function wholeView(seen, abortAt) {
  return { trace: seen.trace.slice(0, seen.endedAt), abortAt, heard: seen.heard, after: { trace: seen.trace, endedAt: seen.endedAt } };
}

// A stepped run of uploads on one io, the caller giving up by act(); kept
// alive after. Returns what the uses judge.
async function steppedRun(entry, factory, { problem, branch, timeoutMs, makeIO, start, act, latency = 'tick', order = 'issue' }) {
  const deadline = Date.now() + timeoutMs;
  const { io, engine } = await makeIO(entry.io, { ...branch, latency, t: TIMED_T, fault: null, order }, problem);
  const timers = watchTimers();
  try {
    const heard = [];
    const upload = factory(io);
    const started = start(upload, (k) => hearer(engine, heard, k), engine, timers);
    const listens = entry.cancel !== 'unsubscribe';
    const waiting = () => listens && started.uploads.some((one) => !heard.some((h) => h.upload === one.k)) && timers.mayFire();
    // Where each upload had settled: the first quiet moment after its caller heard.
    const settledAt = new Map();
    const quietly = () => {
      for (const { upload } of heard) if (!settledAt.has(upload)) settledAt.set(upload, engine.trace.length);
      return act(engine, started);
    };
    await drive(engine, { deadline, act: quietly, waiting, timers });
    const { endedAt, listeners } = await keepAlive(engine, { timers, controllers: started.controllers });
    return { engine, trace: engine.trace, heard, listens, endedAt, settledAt, listeners, started };
  } finally {
    timers.stop();
  }
}

const calledBy = (engine, op, k, argsList, model) => engine.trace.some((e) => e.type === 'call' && e.op === op && model.uploadOf(e, argsList) === k);

// `many`: one point per upload.
async function many(entry, factory, context) {
  const { model, branch } = context;
  const path = model.path(branch);
  const argsList = Array.from({ length: MANY }, (_, i) => model.invocationArgs(i + 1));
  const start = (upload, hearOf) => {
    const uploads = argsList.map((args, i) => {
      const k = i + 1;
      const target = k % SPARED_EVERY === 0 ? null : path[k % path.length];
      return { k, target, abortAt: -1, ...startCancellable(entry, upload, args, hearOf(k)) };
    });
    return { uploads, controllers: uploads.map((one) => one.controller).filter(Boolean) };
  };
  const act = (engine, { uploads }) => {
    let acted = false;
    for (const one of uploads) {
      if (one.target === null || one.abortAt !== -1 || !calledBy(engine, one.target, one.k, argsList, model)) continue;
      one.abortAt = engine.trace.length;
      one.cancel();
      acted = true;
    }
    return acted;
  };
  const seen = await steppedRun(entry, factory, { ...context, start, act });
  return seen.started.uploads.map((one) => {
    const own = ownView(seen, one.k, one.abortAt, argsList, model);
    const listeners = one.controller ? seen.listeners[seen.started.controllers.indexOf(one.controller)] : 0;
    const judged =
      one.abortAt === -1
        ? breachesUnaborted(own, model.CANCEL)
        : breachesAt({ point: one.target, ...own, listens: seen.listens, reason: one.reason() }, model.CANCEL);
    const what = one.abortAt === -1 ? 'not aborted' : `aborted at ${one.target}`;
    return {
      where: whereOf(`${MANY} uploads at once, upload ${one.k} ${what}`, branch, model),
      breaches: [...judged, ...breachesAfter({ ...own.after, listeners })],
      trace: own.trace,
    };
  });
}

// `shared`: for each operation of the path, two uploads given one signal,
// aborted while the first's operation is in flight.
async function shared(entry, factory, context) {
  const { model, branch } = context;
  const argsList = [model.invocationArgs(1), model.invocationArgs(2)];
  const points = [];
  for (const op of model.path(branch)) {
    const controller = new AbortController();
    let abortAt = -1;
    const start = (upload, hearOf) => ({
      uploads: argsList.map((args, i) => ({ k: i + 1, ...startCancellable(entry, upload, args, hearOf(i + 1), { signal: controller.signal }) })),
      controllers: [controller],
    });
    const act = (engine) => {
      if (abortAt !== -1 || !calledBy(engine, op, 1, argsList, model)) return false;
      abortAt = engine.trace.length;
      controller.abort();
      return true;
    };
    const seen = await steppedRun(entry, factory, { ...context, start, act });
    for (const k of [1, 2]) {
      const own = ownView(seen, k, abortAt, argsList, model);
      const judged =
        abortAt === -1
          ? breachesUnaborted(own, model.CANCEL)
          : breachesAt({ point: op, ...own, listens: true, reason: controller.signal.reason }, model.CANCEL);
      points.push({
        where: whereOf(`one signal for 2 uploads, aborted at ${op} of the first, upload ${k}`, branch, model),
        // Two uploads' listeners on one signal: each is counted once, on the first.
        breaches: [...judged, ...breachesAfter({ ...own.after, listeners: k === 1 ? seen.listeners[0] : 0 })],
        trace: own.trace,
      });
    }
  }
  return points;
}

// Waits `count` turns of one kind: microtasks, or macrotasks (setImmediate).
async function turns(kind, count) {
  for (let i = 0; i < count; i++) {
    if (kind === 'microtask') await null;
    else await turn();
  }
}

// `turns`: for each completion but the last, the abort k turns after it.
async function betweenTurns(entry, factory, context) {
  const { model, branch } = context;
  const path = model.path(branch);
  const args = [model.CASE_ARGS];
  const points = [];
  const plan = [];
  for (let j = 0; j < path.length - 1; j++) {
    for (let k = 0; k <= MICROTASK_TURNS; k++) plan.push({ j, kind: 'microtask', k });
    for (let k = 1; k <= MACROTASK_TURNS; k++) plan.push({ j, kind: 'macrotask', k });
  }
  for (const { j, kind, k } of plan) {
    let abortAt = -1;
    let one = null;
    const start = (upload, hearOf, engine) => {
      one = startCancellable(entry, upload, args[0], hearOf(1));
      // The j-th completion of the upload's own operations, its rollback aside, counted as the engine delivers it.
      let completions = 0;
      const complete = engine.complete;
      engine.complete = function (op, ...rest) {
        complete.call(this, op, ...rest);
        if (op === model.CANCEL.rollback || completions++ !== j) return;
        turns(kind, k).then(() => {
          if (abortAt !== -1) return;
          abortAt = engine.trace.length;
          one.cancel();
        });
      };
      return { uploads: [{ k: 1 }], controllers: one.controller ? [one.controller] : [] };
    };
    const seen = await steppedRun(entry, factory, { ...context, start, act: () => false });
    if (abortAt === -1) continue;
    const listens = seen.listens;
    const where = whereOf(`${k} ${kind}${k === 1 ? '' : 's'} after ${path[j]} completed`, branch, model);
    const own = wholeView(seen, abortAt);
    points.push({
      where,
      breaches: [
        ...breachesAt({ point: where, ...own, listens, reason: one.reason() }, model.CANCEL),
        ...breachesAfter({ ...own.after, listeners: seen.listeners[0] ?? 0 }),
      ],
      trace: seen.trace,
      // Between two operations nothing is in flight: null; in a turn that came after the next was issued, what it awaited.
      awaited: listens ? inFlightAwaited(own.trace, abortAt, model.CANCEL, path) : null,
    });
  }
  return points;
}

// `timeout` and `any`: one upload on real timers, its signal aborted by a timer.
async function timed(entry, factory, context, use) {
  const { model, branch } = context;
  let signal;
  let controller = null;
  if (use === 'timeout') signal = AbortSignal.timeout(ABORT_AFTER_MS);
  else {
    controller = new AbortController();
    // A timeout that never comes first: only the controller's reason may be heard.
    signal = AbortSignal.any([controller.signal, AbortSignal.timeout(60000)]);
  }
  let abortAt = -1;
  let one = null;
  const start = (upload, hearOf, engine, timers) => {
    // The harness's listener, before the upload's: where in the trace the abort came.
    signal.addEventListener('abort', () => (abortAt = engine.trace.length), { once: true });
    if (controller) timers.own(setTimeout(() => controller.abort(new Error(CUSTOM_REASON)), ABORT_AFTER_MS));
    one = startCancellable(entry, upload, model.CASE_ARGS, hearOf(1), { signal });
    return { uploads: [{ k: 1 }], controllers: [{ signal, abort: () => controller?.abort(new Error(CUSTOM_REASON)) }] };
  };
  const seen = await steppedRun(entry, factory, { ...context, start, act: () => false, latency: 'constant', order: null });
  const name = use === 'timeout' ? `AbortSignal.timeout(${ABORT_AFTER_MS})` : `AbortSignal.any aborted after ${ABORT_AFTER_MS} ms with a reason of its own`;
  const where = whereOf(`${name}, operations of ${TIMED_T} ms`, branch, model);
  // Timers fire in order: an upload that settled before the abort did not wait for it.
  if (abortAt === -1) return [];
  const own = wholeView(seen, abortAt);
  return [
    {
      where,
      breaches: [
        ...breachesAt({ point: where, ...own, listens: true, reason: one.reason() }, model.CANCEL),
        ...breachesAfter({ ...own.after, listeners: seen.listeners[0] ?? 0 }),
      ],
      trace: seen.trace,
    },
  ];
}

/**
 * Every use of an entry (usesOf), on each branch of the model: its points,
 * each { where, breaches, trace } as cancel.js's.
 * @param {object} entry a registry entry with a means to cancel
 * @param {Function} factory the loaded example, (io) => upload
 * @param {{ problem: string, model: object, timeoutMs: number, makeIO: Function }} options
 */
async function observeUses(entry, factory, { problem, model, timeoutMs, makeIO }) {
  const points = [];
  for (const use of usesOf(entry, model)) {
    for (const branch of model.BRANCHES ?? [{}]) {
      const context = { problem, model, branch, timeoutMs, makeIO };
      if (use === 'many') points.push(...(await many(entry, factory, context)));
      else if (use === 'shared') points.push(...(await shared(entry, factory, context)));
      else if (use === 'turns') points.push(...(await betweenTurns(entry, factory, context)));
      else points.push(...(await timed(entry, factory, context, use)));
    }
  }
  return points;
}

module.exports = { observeUses, usesOf, MANY, CUSTOM_REASON };
