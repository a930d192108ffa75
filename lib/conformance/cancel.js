'use strict';

const { createIO } = require('../fakes');
const { problemNamed } = require('../problems');
const { BREACHES, KEEPS, BEFORE_START, breachesAt, worstBreach } = require('./cancel-contract');

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
//                so stops listening: there is no point before start.
const CANCEL_MEANS = ['signal', 'unsubscribe'];

const NO_MEANS = 'n/a (no means to cancel)';
const NO_ABORT_CONTROLLER = 'n/a (no AbortController in this runtime)';

// Completions are held and released one by one, each once the program is
// quiet, so that the moment the caller gives up is the same in every style.
const QUIET_TURNS = 5;
// Once nothing is held, how long a caller that has not yet heard is waited
// for: a library may answer from a timer of its own (Effect's scheduler),
// which quiet turns of the event loop do not see.
const GRACE_MS = 250;

function turn() {
  return new Promise((resolve) => setImmediate(resolve));
}

// Starts one upload by the entry's means, with what the caller hears
// recorded in `hear`; returns { cancel, reason }: cancel() gives up, and
// reason() is what the caller is to hear then (the signal's reason).
function startCancellable(entry, upload, args, hear, abortedBefore) {
  if (entry.cancel === 'unsubscribe') {
    const subscription = upload(...args).subscribe({ complete: () => hear(null), error: hear });
    return { cancel: () => subscription.unsubscribe(), reason: () => undefined };
  }
  const controller = new AbortController();
  if (abortedBefore) controller.abort();
  const options = { signal: controller.signal };
  try {
    if (entry.call === 'callback') upload(...args, options, (error) => hear(error));
    else if (entry.call === 'observable') upload(...args, options).subscribe({ complete: () => hear(null), error: hear });
    else upload(...args, options).then(() => hear(null), hear);
  } catch (error) {
    // A synchronous throw is heard too, at once.
    hear(error);
  }
  return { cancel: () => controller.abort(), reason: () => controller.signal.reason };
}

// Where a point is, in the words of the outcome: "before start", or the
// operation in flight and, in a problem of several, its branch.
function whereOf(point, branch, model) {
  if (point === BEFORE_START) return point;
  const name = model.describeBranch?.(branch);
  return name ? `${point} (${name})` : point;
}

// One cancel point: the upload runs with completions one by one, and the
// caller gives up once `point` is called and the program is quiet (at once,
// for BEFORE_START). Returns what cancel-contract.js judges.
async function observePoint(entry, factory, { problem, model, branch, point, deadline, makeIO }) {
  const { io, engine } = await makeIO(entry.io, { ...branch, latency: 'tick', fault: null, order: 'issue' }, problem);
  const heard = [];
  const hear = (error) => {
    heard.push({ error: error ?? null });
    engine.record({ type: 'heard', error: error == null ? null : String(error.message ?? error) });
  };
  const upload = factory(io);
  let abortAt = point === BEFORE_START ? 0 : -1;
  const { cancel, reason } = startCancellable(entry, upload, model.CASE_ARGS, hear, point === BEFORE_START);
  const listens = entry.cancel === 'signal';
  let quiet = 0;
  let seen = engine.trace.length;
  let idleSince = null;
  while (Date.now() < deadline) {
    await turn();
    const busy = engine.pending > engine.held.length || engine.trace.length !== seen;
    seen = engine.trace.length;
    quiet = busy ? 0 : quiet + 1;
    if (quiet < QUIET_TURNS) continue;
    quiet = 0;
    if (abortAt === -1 && engine.trace.some((e) => e.type === 'call' && e.op === point)) {
      abortAt = engine.trace.length;
      cancel();
      continue;
    }
    if (engine.release()) {
      idleSince = null;
      continue;
    }
    if (abortAt === -1 || !listens || heard.length > 0) break;
    idleSince = idleSince ?? Date.now();
    if (Date.now() - idleSince > GRACE_MS) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (abortAt === -1) throw new Error(`${entry.name}: the upload never called ${point}, where its caller was to give up`);
  return { point, engine, trace: engine.trace, abortAt, heard, listens, reason: reason() };
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
 *   wrong there, as sentences, each a breach 'leaves wrong data'
 * @returns {Promise<{ outcome: string, worst: object | null, points: object[] }>} worst:
 *   { kind, where, detail }; points: [{ where, breaches, trace }] in order
 */
async function observeCancel(entry, { problem, timeoutMs = 2000, makeIO = createIO, afterPoint = null }) {
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
    const breaches = breachesAt(seen, model.CANCEL);
    if (afterPoint) {
      // The upload commits only where its commit was issued before the abort.
      const committed = seen.trace.slice(0, seen.abortAt).some((e) => e.type === 'call' && e.op === model.CANCEL.commit);
      for (const detail of await afterPoint(seen.engine, { committed })) breaches.push({ kind: 'leaves wrong data', detail });
    }
    points.push({ where: whereOf(point, branch, model), breaches, trace: seen.trace });
  }
  const worst = worstBreach(points);
  return { outcome: worst ? `${worst.kind} at ${worst.where}` : KEEPS, worst, points };
}

/** The kind of an outcome (KEEPS or one of BREACHES), without where; null for an n/a. */
function kindOf(outcome) {
  if (outcome === KEEPS) return KEEPS;
  return BREACHES.find((kind) => outcome.startsWith(`${kind} at `)) ?? null;
}

module.exports = { CANCEL_MEANS, NO_MEANS, NO_ABORT_CONTROLLER, observeCancel, cancelPoints, kindOf };
