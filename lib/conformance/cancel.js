'use strict';

const { createIO } = require('../fakes');
const { problemNamed } = require('../problems');
const { BREACHES, KEEPS, BEFORE_START, breachesAt, breachesAfter, worstBreach, inFlightAwaited } = require('./cancel-contract');
const { timeToHear, hearingGrade } = require('./time-to-hear');
const { drive } = require('./stepping');
const { watchTimers } = require('./timers');
const { keepAlive } = require('./aftermath');
const { startCancellable, hearer, whereOf } = require('./cancel-caller');
const { observeUses } = require('./cancel-uses');

// The cancel case: the caller gives up, by its style's own means, at every
// cancel point in turn, and the simulated I/O shows what the example then
// does; cancel-contract.js judges it. The points: before the upload starts
// (an already-aborted signal), and while each operation of each branch is in
// flight, the commit included (model.path(branch)). The registry entry says
// how an example is cancelled (its `cancel`, one of CANCEL_MEANS); one with
// none has no means to cancel, and its outcome is n/a, never a guess.
//   signal       the upload takes an options object before its callback, or
//                last, { signal }, as AbortSignal-aware APIs do by convention
//                (fs.readFile(path, { signal }, cb), fetch(url, { signal }));
//   unsubscribe  the caller unsubscribes from the observable it returned, and
//                so stops listening: there is no point before start;
//   halt         the upload returns a task (Effection's run()) that is a
//                promise with halt(): the caller halts it, and hears its
//                promise reject; there is no point before start either.
const CANCEL_MEANS = ['signal', 'unsubscribe', 'halt'];

const NO_MEANS = 'n/a (no means to cancel)';
const NO_ABORT_CONTROLLER = 'n/a (no AbortController in this runtime)';

// One cancel point: the upload runs with completions one by one, and the
// caller gives up once `point` is called and the program is quiet (at once,
// for BEFORE_START); then the program is kept alive (aftermath.js). Returns
// what cancel-contract.js judges.
async function observePoint(entry, factory, { problem, model, branch, point, deadline, makeIO }) {
  const { io, engine } = await makeIO(entry.io, { ...branch, latency: 'tick', fault: null, order: 'issue' }, problem);
  const timers = watchTimers();
  try {
    const heard = [];
    const upload = factory(io);
    let abortAt = point === BEFORE_START ? 0 : -1;
    const { cancel, reason, controller } = startCancellable(entry, upload, model.CASE_ARGS, hearer(engine, heard), { aborted: point === BEFORE_START });
    const listens = entry.cancel !== 'unsubscribe';
    const act = () => {
      if (abortAt !== -1 || !engine.trace.some((e) => e.type === 'call' && e.op === point)) return false;
      abortAt = engine.trace.length;
      cancel();
      return true;
    };
    // A caller that has not heard is waited for while a timer of the upload's may still answer it.
    await drive(engine, { deadline, act, waiting: () => abortAt !== -1 && listens && heard.length === 0 && timers.mayFire(), timers });
    if (abortAt === -1) throw new Error(`${entry.name}: the upload never called ${point}, where its caller was to give up`);
    const { endedAt, listeners } = await keepAlive(engine, { timers, controllers: controller ? [controller] : [] });
    return { point, engine, trace: engine.trace, abortAt, heard, listens, reason: reason(), endedAt, listeners: listeners[0] ?? 0 };
  } finally {
    timers.stop();
  }
}

/**
 * Every cancel point of a problem for an entry: before start (for a signal),
 * then each operation of each branch in turn.
 * @returns {{ branch: object, point: string }[]}
 */
function cancelPoints(entry, model) {
  const points = entry.cancel === 'signal' ? [{ branch: (model.BRANCHES ?? [{}])[0], point: BEFORE_START }] : [];
  for (const branch of model.BRANCHES ?? [{}]) for (const point of model.path(branch)) points.push({ branch, point });
  return points;
}

/**
 * What an example does when its caller gives up at each cancel point, judged
 * by the contract (cancel-contract.js): outcome, KEEPS or the worst breach and
 * where it happened ("writes after the abort at version.insert (file found)");
 * NO_MEANS for an entry with no `cancel`, NO_ABORT_CONTROLLER for a signal
 * where the runtime has none.
 * @param {object} entry a registry entry (call, io, load, cancel)
 * @param {object} options { problem (its name), timeoutMs: the limit of each point, makeIO,
 *   afterPoint }: makeIO as observe.js takes it (a real database's, examples/doxbee/db),
 *   the simulated I/O's by default; afterPoint(engine, { committed }), where a
 *   database checks its data once a point is over, before the next begins: what is
 *   wrong there, as sentences, each a breach 'leaves wrong data'; hearAt, the latencies t (ms per
 *   operation) at which the time to hear is measured on real timers (time-to-hear.js), or a
 *   function of the outcome that gives them
 * @returns {Promise<{ outcome: string, worst: object | null, points: object[], hearing?: object }>} worst:
 *   { kind, where, detail }; points: [{ where, breaches, trace, awaited }] in order, awaited the
 *   operations in flight whose end the caller waited for (null where not judged); hearing:
 *   { grade: AT_ONCE, WITHIN_ONE_STEP or null, times: [{ t, ms, awaited }] }
 */
async function observeCancel(entry, { problem, timeoutMs = 2000, makeIO = createIO, afterPoint = null, hearAt = [] }) {
  if (!entry.cancel) return { outcome: NO_MEANS, worst: null, points: [] };
  if (!CANCEL_MEANS.includes(entry.cancel)) {
    throw new RangeError(`${entry.name}: cancel must be one of ${CANCEL_MEANS.join(', ')}; got ${entry.cancel}`);
  }
  if (entry.cancel === 'signal' && typeof AbortController === 'undefined') return { outcome: NO_ABORT_CONTROLLER, worst: null, points: [] };
  const { model } = problemNamed(problem);
  if (!model.CANCEL) throw new RangeError(`problem ${problem} has no cancel case: its model declares no CANCEL`);
  // Loaded before any point's time starts: loading a library can take seconds.
  const factory = entry.load();
  const points = [];
  for (const { branch, point } of cancelPoints(entry, model)) {
    const seen = await observePoint(entry, factory, { problem, model, branch, point, deadline: Date.now() + timeoutMs, makeIO });
    // What it did once settled is judged apart (breachesAfter), on the whole trace.
    const breaches = [...breachesAt({ ...seen, trace: seen.trace.slice(0, seen.endedAt) }, model.CANCEL), ...breachesAfter(seen)];
    if (afterPoint) {
      // The upload commits only where its commit was issued before the abort.
      const committed = seen.trace.slice(0, seen.abortAt).some((e) => e.type === 'call' && e.op === model.CANCEL.commit);
      for (const detail of await afterPoint(seen.engine, { committed })) breaches.push({ kind: 'leaves wrong data', detail });
    }
    const awaited = point === BEFORE_START || !seen.listens ? null : inFlightAwaited(seen.trace, seen.abortAt, model.CANCEL, model.path(branch));
    points.push({ where: whereOf(point, branch, model), breaches, trace: seen.trace, awaited });
  }
  // How callers use it (cancel-uses.js), on the simulated I/O: a database's data is checked at the points above.
  if (makeIO === createIO) points.push(...(await observeUses(entry, factory, { problem, model, timeoutMs, makeIO })));
  const worst = worstBreach(points);
  const outcome = worst ? `${worst.kind} at ${worst.where}` : KEEPS;
  // How long its caller waits, at each latency asked for, on real timers.
  const times = [];
  for (const t of typeof hearAt === 'function' ? hearAt(outcome) : hearAt) times.push(await timeToHear(entry, factory, { problem, model, t, makeIO }));
  const hearing = { grade: hearingGrade(points), times };
  return { outcome, worst, points, hearing };
}

/** The kind of an outcome (KEEPS or one of BREACHES), without where; null for an n/a. */
function kindOf(outcome) {
  if (outcome === KEEPS) return KEEPS;
  return BREACHES.find((kind) => outcome.startsWith(`${kind} at `)) ?? null;
}

module.exports = { CANCEL_MEANS, NO_MEANS, NO_ABORT_CONTROLLER, observeCancel, cancelPoints, kindOf };
