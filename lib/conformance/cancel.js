'use strict';

const { createIO } = require('../fakes');
const { problemNamed } = require('../problems');

// The cancel case: the caller gives up mid-upload, by its style's own means,
// and the simulated I/O shows what the example then does with the work it
// began. The model says where to give up and which operations end that work
// (model.CANCEL: { during, commit, rollback }): the caller gives up while
// `during` is in flight, and the example then rolls back, commits anyway, or
// leaves the work open. The registry entry says how it is cancelled (its
// `cancel`, one of CANCEL_MEANS); an example with none has no means to cancel,
// and its outcome is n/a, never a guess.
//   signal       the upload takes an options object last, { signal }, as
//                async functions and AbortSignal-aware APIs do by convention
//                (an Effect run with Effect.runPromise(effect, { signal }) is
//                interrupted this way);
//   unsubscribe  the caller unsubscribes from the observable it returned.
const CANCEL_MEANS = ['signal', 'unsubscribe'];

const CANCEL_OUTCOMES = { rollback: 'rolls back', commit: 'commits anyway', open: 'leaves open' };
const NO_MEANS = 'n/a (no means to cancel)';

// Completions are held and released one by one, each once the program is
// quiet, so that the moment the caller gives up is the same in every style.
const QUIET_TURNS = 5;

function turn() {
  return new Promise((resolve) => setImmediate(resolve));
}

// Starts one upload by the entry's means; returns cancel(), which gives up.
function startCancellable(entry, upload, args, heard) {
  const hear = (error) => heard.push({ error: error ?? null });
  if (entry.cancel === 'unsubscribe') {
    const subscription = upload(...args).subscribe({ complete: () => hear(null), error: hear });
    return () => subscription.unsubscribe();
  }
  const controller = new AbortController();
  upload(...args, { signal: controller.signal }).then(() => hear(null), hear);
  return () => controller.abort();
}

/**
 * What an example does when its caller gives up while model.CANCEL.during is
 * in flight: CANCEL_OUTCOMES' rolls back, commits anyway or leaves open, read from the
 * operations called after that; NO_MEANS for an entry with no `cancel`.
 * @param {object} entry a registry entry (call, io, load, cancel)
 * @param {object} options { problem (its name), timeoutMs }
 * @returns {Promise<{ outcome: string, trace: object[], heard: object[] }>} heard: what the caller
 *   heard after giving up (an AbortError, say), which the outcome does not depend on
 */
async function observeCancel(entry, { problem, timeoutMs = 2000 }) {
  if (!entry.cancel) return { outcome: NO_MEANS, trace: [], heard: [] };
  if (!CANCEL_MEANS.includes(entry.cancel)) {
    throw new RangeError(`${entry.name}: cancel must be one of ${CANCEL_MEANS.join(', ')}; got ${entry.cancel}`);
  }
  const { model } = problemNamed(problem);
  if (!model.CANCEL) throw new RangeError(`problem ${problem} has no cancel case: its model declares no CANCEL`);
  const { during, commit, rollback } = model.CANCEL;
  const branch = (model.BRANCHES ?? [{}])[0];
  const { io, engine } = createIO(entry.io, { ...branch, latency: 'tick', fault: null, order: 'issue' }, problem);
  const heard = [];
  const cancel = startCancellable(entry, entry.load()(io), model.CASE_ARGS, heard);
  let cancelledAt = -1;
  let quiet = 0;
  let seen = engine.trace.length;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    await turn();
    const busy = engine.pending > engine.held.length || engine.trace.length !== seen;
    seen = engine.trace.length;
    quiet = busy ? 0 : quiet + 1;
    if (quiet < QUIET_TURNS) continue;
    quiet = 0;
    if (cancelledAt === -1 && engine.trace.some((e) => e.type === 'call' && e.op === during)) {
      cancelledAt = engine.trace.length;
      cancel();
      continue;
    }
    if (!engine.release()) break;
  }
  if (cancelledAt === -1) throw new Error(`${entry.name}: the upload never called ${during}, where its caller was to give up`);
  const after = engine.trace.slice(cancelledAt).filter((e) => e.type === 'call');
  const outcome = after.some((e) => e.op === rollback)
    ? CANCEL_OUTCOMES.rollback
    : after.some((e) => e.op === commit)
      ? CANCEL_OUTCOMES.commit
      : CANCEL_OUTCOMES.open;
  return { outcome, trace: engine.trace, heard };
}

module.exports = { CANCEL_MEANS, CANCEL_OUTCOMES, NO_MEANS, observeCancel };
