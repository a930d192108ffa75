'use strict';

// The cancel contract (docs/explanation/conformance.md), as pure functions of what one
// cancel point observed (lib/conformance/cancel.js): the trace, where the
// abort came, and what the caller heard. It follows the AbortSignal
// convention:
//   - after the abort, no new write is issued;
//   - the transaction ends rolled back, unless the commit was already issued,
//     and then the caller is told it committed;
//   - the caller hears signal.reason within one I/O step of the abort: what
//     was in flight may complete, and the rollback may be awaited, but no
//     operation issued after the abort;
//   - an already-aborted signal issues no I/O at all;
//   - the upload settles exactly once, asynchronously by its style's
//     convention (a rejected promise, a callback on a later tick, an error
//     notification), never by a throw or a callback before it returns;
//   - an upload whose own signal is not aborted commits and hears success,
//     whatever befalls the others (several at once, one signal shared);
//   - once it has settled, nothing of it acts or listens: no I/O, no second
//     answer, no listener left on its signal, however long the process lives.
// A caller that unsubscribes has stopped listening: what it hears is not judged.
// What a caller may expect, then (time-to-hear.js): a style that keeps the
// contract either hears at once, the operation in flight left to end on its
// own (Effect's race, RxJS's takeUntil, Effection's race), or hears within
// one step, when that operation ends: up to t ms at t ms per operation, and
// after every operation in flight where several were issued at once.

// The ways to break it, worst first: a point's outcome is its worst breach,
// and an example's the worst of all its points.
const BREACHES = [
  'rolls back then commits',
  'commits anyway',
  'leaves open',
  'never settles',
  'reports failure though committed',
  'reports success though rolled back',
  'fails though not aborted',
  'rolls back after committing',
  'writes after the abort',
  'acts after settling',
  // Only where a real database is checked after each point (cancel.js afterPoint).
  'leaves wrong data',
  'issues I/O though already aborted',
  'settles twice',
  'answers synchronously',
  'leaves a listener',
  'hears late',
  'hears another error',
];

const KEEPS = 'keeps the contract';

// The point before the upload starts: its signal is already aborted.
const BEFORE_START = 'before start';

const rank = (kind) => (kind === KEEPS ? BREACHES.length : BREACHES.indexOf(kind));

/** Whether outcome `kind` (KEEPS or one of BREACHES) is worse than `than`. */
function worse(kind, than) {
  return rank(kind) < rank(than);
}

// Completions after the abort of operations issued after it, the rollback
// excepted: what the caller waited for that it should not have. An
// operation's completions go first to its calls in flight at the abort.
function stepsWaited(trace, abortAt, heardAt, rollback) {
  const inFlight = new Map();
  for (const event of trace.slice(0, abortAt)) {
    const change = event.type === 'call' ? 1 : event.type === 'complete' ? -1 : 0;
    if (change) inFlight.set(event.op, (inFlight.get(event.op) ?? 0) + change);
  }
  let steps = 0;
  for (const event of trace.slice(abortAt, heardAt)) {
    if (event.type !== 'complete' || event.op === rollback) continue;
    if ((inFlight.get(event.op) ?? 0) > 0) inFlight.set(event.op, inFlight.get(event.op) - 1);
    else steps++;
  }
  return steps;
}

/**
 * How many operations in flight at the abort the caller waited for: their
 * completions before it first heard. 0 for a style that hears at once; what
 * the contract allows is one step. The commit and the rollback are not
 * counted: a commit issued is to be heard as it ends. Null when the caller
 * never heard, or nothing else was in flight.
 * @param {object[]} trace
 * @param {number} abortAt
 * @param {{ commit: string, rollback: string }} cancel the model's CANCEL
 * @param {string[]} ops the I/O operations of the branch (model.path)
 * @returns {number | null}
 */
function inFlightAwaited(trace, abortAt, { commit, rollback }, ops) {
  const heardAt = trace.findIndex((e, i) => i >= abortAt && e.type === 'heard');
  if (heardAt === -1) return null;
  // Only the I/O operations of the path: what is only begun (a transaction, a blob) is not in flight.
  const inFlight = new Map();
  for (const event of trace.slice(0, abortAt)) {
    const change = event.type === 'call' ? 1 : event.type === 'complete' ? -1 : 0;
    if (change && ops.includes(event.op) && event.op !== rollback && event.op !== commit) inFlight.set(event.op, (inFlight.get(event.op) ?? 0) + change);
  }
  if (![...inFlight.values()].some((count) => count > 0)) return null;
  let awaited = 0;
  for (const event of trace.slice(abortAt, heardAt)) {
    if (event.type !== 'complete' || !(inFlight.get(event.op) > 0)) continue;
    inFlight.set(event.op, inFlight.get(event.op) - 1);
    awaited++;
  }
  return awaited;
}

/**
 * The breaches of the contract at one cancel point, each { kind, detail }.
 * @param {object} seen { point, trace, abortAt, heard, listens, reason }: the
 *   trace holds the example's calls and completions and a { type: 'heard' }
 *   event each time its caller heard; abortAt, the index in the trace where
 *   the caller gave up; heard, [{ error }] in order; listens, whether the
 *   caller still listens after giving up (an AbortSignal) or not
 *   (unsubscribing); reason, the signal's reason
 * @param {object} cancel the model's CANCEL: { commit, rollback, reads }
 * @returns {{ kind: string, detail: string }[]} empty when the point keeps the contract
 */
function breachesAt({ point, trace, abortAt, heard, listens, reason }, { commit, rollback, reads }) {
  const breaches = [];
  const add = (kind, detail) => breaches.push({ kind, detail });
  const before = trace.slice(0, abortAt).filter((e) => e.type === 'call');
  const after = trace.slice(abortAt).filter((e) => e.type === 'call');
  const began = trace.some((e) => e.type === 'call' && e.op === 'db.begin');
  const committed = before.some((e) => e.op === commit);
  const commitAfter = after.findIndex((e) => e.op === commit);
  const rollbackAfter = after.findIndex((e) => e.op === rollback);

  if (point === BEFORE_START && after.length > 0) add('issues I/O though already aborted', after.map((e) => e.op).join(', '));
  if (began && !committed) {
    if (commitAfter !== -1 && rollbackAfter !== -1 && rollbackAfter < commitAfter) add('rolls back then commits', `${rollback}, then ${commit}`);
    else if (commitAfter !== -1) add('commits anyway', `${commit} after the abort`);
    else if (rollbackAfter === -1) add('leaves open', `neither ${commit} nor ${rollback}`);
  }
  if (committed && rollbackAfter !== -1) add('rolls back after committing', `${rollback} after ${commit} was issued`);
  const writes = after.filter((e) => e.op !== commit && e.op !== rollback && !reads.includes(e.op));
  if (point !== BEFORE_START && writes.length > 0) add('writes after the abort', writes.map((e) => e.op).join(', '));

  if (!listens) return breaches;
  if (heard.length === 0) add('never settles', 'the caller heard nothing');
  const early = heard.find((h) => h.sync);
  if (early) add('answers synchronously', early.threw ? 'the call threw instead of answering later' : 'the caller heard before the call returned');
  else if (heard.length > 1) add('settles twice', `the caller heard ${heard.length} times`);
  const first = heard[0];
  if (first && committed && first.error !== null) add('reports failure though committed', `the caller heard an error after ${commit} was issued`);
  if (first && !committed && commitAfter === -1) {
    if (first.error === null) add('reports success though rolled back', 'the caller heard success');
    else if (reason !== undefined && first.error !== reason && first.error?.cause !== reason)
      add('hears another error', `the caller heard ${describe(first.error)}, not the signal's reason`);
  }
  if (first) {
    const steps = stepsWaited(
      trace,
      abortAt,
      trace.findIndex((e) => e.type === 'heard'),
      rollback,
    );
    if (steps > 0) add('hears late', `the caller heard after ${steps} more I/O step(s)`);
  }
  return breaches;
}

/**
 * The breaches of an upload whose own signal was never aborted, beside others
 * that were: it is to commit and hear success, once.
 * @param {object} seen { trace, heard }: its own events and answers
 * @param {object} cancel the model's CANCEL: { commit, rollback }
 * @returns {{ kind: string, detail: string }[]}
 */
function breachesUnaborted({ trace, heard }, { commit, rollback }) {
  const breaches = [];
  const calls = trace.filter((e) => e.type === 'call').map((e) => e.op);
  if (calls.includes(rollback)) breaches.push({ kind: 'fails though not aborted', detail: `${rollback} though its signal was not aborted` });
  else if (!calls.includes(commit)) breaches.push({ kind: 'fails though not aborted', detail: `no ${commit} though its signal was not aborted` });
  if (heard.length === 0) breaches.push({ kind: 'never settles', detail: 'the caller heard nothing' });
  else if (heard.length > 1) breaches.push({ kind: 'settles twice', detail: `the caller heard ${heard.length} times` });
  if (heard[0] && heard[0].error !== null) breaches.push({ kind: 'fails though not aborted', detail: `the caller heard ${describe(heard[0].error)}` });
  return breaches;
}

/**
 * What an upload did once it had settled and the program was kept alive
 * (lib/conformance/aftermath.js): I/O it issued, and listeners left.
 * @param {{ trace: object[], endedAt: number, listeners: number }} seen endedAt: where
 *   in the trace the upload had settled and nothing was in flight
 * @returns {{ kind: string, detail: string }[]}
 */
function breachesAfter({ trace, endedAt, listeners }) {
  const breaches = [];
  const acts = trace.slice(endedAt).filter((e) => e.type === 'call');
  if (acts.length > 0) breaches.push({ kind: 'acts after settling', detail: `${acts.map((e) => e.op).join(', ')} after the caller heard` });
  if (listeners > 0) breaches.push({ kind: 'leaves a listener', detail: `${listeners} abort listener(s) left on the signal after the upload settled` });
  return breaches;
}

function describe(error) {
  return error instanceof Error ? `${error.name}: ${error.message}` : JSON.stringify(error);
}

/**
 * The worst breach over points, and the first point where it happened, as
 * { kind, where, detail }; null when every point keeps the contract.
 * @param {{ where: string, breaches: object[] }[]} points
 */
function worstBreach(points) {
  let worst = null;
  for (const { where, breaches } of points) {
    for (const breach of breaches) if (worst === null || worse(breach.kind, worst.kind)) worst = { ...breach, where };
  }
  return worst;
}

module.exports = { BREACHES, KEEPS, BEFORE_START, worse, breachesAt, breachesUnaborted, breachesAfter, worstBreach, inFlightAwaited };
