'use strict';

const { problemNamed } = require('../problems');
const { messageOf } = require('./observe');

// Compares an observation of a case with the reference's
// (lib/conformance/index.js): the trace, what the caller heard, what escaped,
// what was left pending, and the result, as the problem's model defines them.

// What a style does with a throw it cannot turn into an error for its caller.
//   caught   every synchronous throw reaches the caller, after the problem's
//            clean-up (model.afterFailure: DoxBee's rollback);
//   escapes  a throw from the first operation leaves upload() synchronously, and
//            one from a later operation is an uncaught exception (plain callbacks).
// A throw inside the timer is an uncaught exception in every style.
const SYNC_BEHAVIOURS = ['caught', 'escapes'];

// What a style does when one of several calls made at once (model.CONCURRENT)
// fails, in a problem that has them (the registry's onFailure):
//   fail-fast  the caller hears, after the clean-up, before the other calls complete;
//   wait-all   the caller hears only once every call has completed.
const FAILURE_BEHAVIOURS = ['fail-fast', 'wait-all'];

// A fire-and-forget operation (DoxBee's rollback) completes after the caller has
// heard, at a time that depends on the promise library's scheduler; its
// completion is checked apart from the order.
function ordered(trace, model) {
  const unawaited = model.FIRE_AND_FORGET ?? [];
  return trace.filter((e) => !(e.type === 'complete' && unawaited.includes(e.op)));
}

const isFailure = (e) => Boolean(e.error) && (e.type === 'throw' || e.type === 'complete');

// A problem may issue several calls of one operation at once (model.CONCURRENT
// names it). After the first failure of that operation, what its other calls do
// lands wherever the library's scheduler puts it: their completions and errors,
// or, when they fail at the call, whether the style goes on issuing them. Those
// later events are set aside from the order and checked apart, as a multiset. A
// problem that calls one operation at a time sets nothing aside, so a retried or
// repeated call shows up in the strict comparison.
function setAside(events, concurrentOp) {
  const first = events.findIndex((e) => isFailure(e) && e.op === concurrentOp);
  if (!concurrentOp || first === -1) return { events, stragglers: [] };
  const kept = events.slice(0, first + 1);
  const stragglers = [];
  for (const event of events.slice(first + 1)) {
    if (event.op === concurrentOp) stragglers.push(event);
    else kept.push(event);
  }
  return { events: kept, stragglers };
}

// The outcome a style must show for a case, given its declared behaviour.
function expectedOutcome(spec, behaviour, firstOp) {
  if (!spec.fault || spec.fault.mode === 'callback') return 'done';
  if (spec.fault.mode === 'timer') return 'uncaught';
  if (behaviour === 'caught') return 'done';
  return spec.fault.op === firstOp ? 'thrown' : 'uncaught';
}

const ENDINGS = ['done', 'thrown', 'uncaught', 'unhandled'];

// How an observed case ended: the first of the caller hearing, a throw from
// upload(), or an escaped error.
function observedOutcome(observation, model) {
  const end = ordered(observation.trace, model).find((e) => ENDINGS.includes(e.type));
  return end ? end.type : null;
}

// The trace an example must produce: the reference's, or, where the example's
// declared behaviour differs from the reference's, the reference's events up to
// the failure followed by what that behaviour does.
function expectedTrace(reference, spec, outcome, model) {
  const { events } = setAside(ordered(reference.trace, model), concurrentOf(model));
  const referenceEnd = events.findIndex((e) => ENDINGS.includes(e.type));
  const end = referenceEnd === -1 ? events.length : referenceEnd;
  if (events[end] && events[end].type === outcome) return events;
  // Only a failure can lead to a different outcome; cut after the failing event.
  const failAt = events.findIndex((e) => e.error && (e.type === 'throw' || e.type === 'complete'));
  const prefix = events.slice(0, failAt + 1);
  const error = events[failAt].error;
  // A style that catches the failure cleans up as the problem says, then tells its caller.
  if (outcome === 'done') return [...prefix, ...model.afterFailure(spec.fault.op, events), { type: 'done', error }];
  return [...prefix, { type: outcome, error }];
}

// What the callers heard on success, against what the model says a routine
// returns (model.expectedResult, per upload's arguments); without it, the
// result is nothing: DoxBee's commit's null, or undefined.
function resultProblems(observation, spec, model) {
  const heard = observation.heard.filter((h) => !h.error);
  if (!model.expectedResult) {
    const valued = heard.find((h) => h.value != null);
    return valued ? [`the caller heard a value on success: ${JSON.stringify(valued.value)}`] : [];
  }
  const problems = [];
  for (const h of heard) {
    const args = observation.args[spec.twice ? 0 : (h.upload ?? 1) - 1];
    const want = JSON.stringify(model.expectedResult(args));
    if (JSON.stringify(h.value) !== want) problems.push(`the caller heard ${JSON.stringify(h.value)} on success, expected ${want}`);
  }
  return problems;
}

function concurrentOf(model) {
  return model.CONCURRENT ? model.CONCURRENT.op : null;
}

/**
 * Compares an observation with the reference's for the same case: the
 * problems found (empty when the example conforms), with the traces compared.
 * @param {object} options { problem (its name), firstOp }
 * @returns {{ problems: string[], traces: Array<{ label, expected, actual, difference }> }}
 *   one trace for a case of one upload (label null), one per upload for a case
 *   of several at once (label "upload 1 of 3 (notes.md)"); difference is
 *   firstDifference's, null where the two agree
 */
function checkCase(entry, spec, observation, reference, { problem, firstOp }) {
  const problems = [];
  const { model } = problemNamed(problem);
  const first = firstOp ?? model.path(spec)[0];
  const concurrentOp = concurrentOf(model);
  const outcome = expectedOutcome(spec, entry.throws, first);
  let want;
  let traces;
  if (spec.together) {
    // Uploads at once interleave as each style's scheduler lets them, so each
    // upload's own calls are compared, not the order of the whole trace.
    want = ordered(reference.trace, model);
    const perUpload = tracesPerUpload(observation, reference, model);
    traces = perUpload.traces;
    for (const trace of traces) if (trace.difference) problems.push(`${trace.label}: ${describeDifference(trace.difference)}`);
    const { stray } = perUpload;
    if (stray.length > 0) problems.push(`${stray.length} call(s) of no upload: ${stray.map((e) => JSON.stringify(e)).join(' ')}`);
  } else {
    want = expectedTrace(reference, spec, outcome, model);
    const got = setAside(ordered(observation.trace, model), concurrentOp);
    const difference = firstDifference(want, got.events);
    traces = [{ label: null, expected: want, actual: got.events, difference }];
    if (difference) problems.push(describeDifference(difference));
    // Set-aside events are compared, in any order, only where the example ends as
    // the reference does; where it ends otherwise, the reference has none to match.
    const { stragglers } = setAside(ordered(reference.trace, model), concurrentOp);
    if (outcome === observedOutcome(reference, model)) {
      const unordered = differenceInAnyOrder(stragglers, got.stragglers);
      if (unordered) problems.push(unordered);
    }
  }

  const uploads = spec.twice ? 2 : observation.args.length;
  for (let k = 1; k <= uploads; k++) {
    const who = uploads > 1 ? `the caller of upload ${k}` : 'the caller';
    const heard = observation.heard.filter((h) => (h.upload ?? 1) === k).length;
    if (outcome === 'done' && heard !== 1) problems.push(`${who} heard ${heard} times, expected exactly once`);
    if (outcome !== 'done' && heard !== 0) problems.push(`${who} heard ${heard} times after a ${outcome} fault, expected never`);
  }

  const injected = observation.injected[0];
  const heard = observation.heard.length;
  if (uploads === 1 && spec.fault && heard >= 1 && observation.heard[0].error !== injected) {
    problems.push('the caller did not get the injected error object itself');
  }
  // Which of several uploads failed is in their traces; the error must be one the engine made.
  if (uploads > 1 && observation.heard.some((h) => h.error && !observation.injected.includes(h.error))) {
    problems.push('a caller did not get an injected error object itself');
  }
  const failed = observation.heard.find((h) => h.error);
  if (!spec.fault && failed) problems.push(`the caller heard an error on success: ${messageOf(failed.error)}`);
  problems.push(...resultProblems(observation, spec, model));
  if (outcome === 'thrown' && observation.thrown !== injected) problems.push('upload() did not throw the injected error');
  if (outcome !== 'thrown' && observation.thrown) problems.push(`upload() threw: ${messageOf(observation.thrown)}`);
  // One uncaught exception per failing call, when every call of an operation fails in its timer.
  const escapedExpected = want.filter((e) => e.type === 'uncaught').length;
  if (observation.escaped.length !== escapedExpected) {
    const what = observation.escaped.map((e) => `${e.type}: ${messageOf(e.error)}`).join('; ') || 'nothing';
    problems.push(`expected ${escapedExpected} uncaught exception(s), got ${what}`);
  } else if (escapedExpected && observation.escaped[0].error !== injected) {
    problems.push('the uncaught exception is not the injected error object');
  }
  if (observation.early.length > 0) {
    const ops = observation.early.map((e) => e.op).join(', ');
    problems.push(`${observation.early.length} call(s) traced before the subscription (${ops}): upload() starts its work before anyone subscribes`);
  }
  if (spec.order && !spec.together) {
    problems.push(...waitedForFireAndForget(observation, reference, model));
    if (concurrentOp && outcome === 'done') problems.push(...failureBehaviourDiffers(entry, observation, concurrentOp));
  }

  // Fire-and-forget operations are checked here: each one started has completed.
  for (const op of model.FIRE_AND_FORGET ?? []) {
    const events = observation.trace.filter((e) => e.op === op);
    const calls = events.filter((e) => e.type === 'call').length;
    const completions = events.filter((e) => e.type === 'complete').length;
    if (calls !== completions) problems.push(`${calls} ${op} call(s) started but ${completions} completed`);
  }
  if (observation.pending !== 0) problems.push(`${observation.pending} I/O callback(s) still pending`);
  if (observation.leakedTimers !== 0) problems.push(`${observation.leakedTimers} timer(s) left pending`);
  return { problems, traces };
}

// Each upload's own calls and hearing, in order, where several were made at once
// on one io, against the reference's in the same case: a call with another
// upload's transaction, blob, file, version or date shows as a difference, and
// a call that belongs to no upload is set apart as stray.
function tracesPerUpload(observation, reference, model) {
  const want = callsPerUpload(reference, model);
  const got = callsPerUpload(observation, model);
  const traces = observation.args.map((args, i) => ({
    label: `upload ${i + 1} of ${observation.args.length} (${model.uploadName(args)})`,
    expected: want.uploads[i],
    actual: got.uploads[i],
    difference: firstDifference(want.uploads[i], got.uploads[i]),
  }));
  return { traces, stray: got.stray };
}

function callsPerUpload(observation, model) {
  const uploads = observation.args.map(() => []);
  const stray = [];
  for (const event of observation.trace) {
    const k = event.type === 'done' ? event.upload : event.type === 'call' ? model.uploadOf(event, observation.args) : null;
    if (k) uploads[k - 1].push(event);
    else if (k === 0) stray.push(event);
  }
  return { uploads: model.renumberIds(uploads), stray };
}

// Where the reference's caller hears before a fire-and-forget operation
// (DoxBee's rollback) completes, so must the example's: with completions one
// by one, that depends on whether it waits, not on its scheduler.
function waitedForFireAndForget(observation, reference, model) {
  const problems = [];
  const heardAt = (trace) => trace.findIndex((e) => e.type === 'done');
  for (const op of model.FIRE_AND_FORGET ?? []) {
    const completedAt = (trace) => trace.findIndex((e) => e.type === 'complete' && e.op === op);
    // Only where the reference heard first, and the example heard and completed it.
    const referenceFirst = heardAt(reference.trace) !== -1 && completedAt(reference.trace) > heardAt(reference.trace);
    const completed = completedAt(observation.trace);
    if (referenceFirst && completed !== -1 && completed < heardAt(observation.trace)) {
      problems.push(`the caller heard only after ${op} completed: it waits for an operation the reference leaves running`);
    }
  }
  return problems;
}

// How the example dealt with the first failure of the calls made at once: with
// completions one by one, a fail-fast style hears before the next of them
// completes, a wait-all style after the last. Null when the failure was the
// last to complete, so that nothing tells them apart.
function failureBehaviourOf(trace, op) {
  const completions = (from, to) => trace.slice(from, to).filter((e) => e.type === 'complete' && e.op === op).length;
  const failedAt = trace.findIndex((e) => e.type === 'complete' && e.op === op && e.error);
  const heardAt = trace.findIndex((e) => e.type === 'done');
  if (failedAt === -1 || heardAt < failedAt || completions(failedAt + 1) === 0) return null;
  if (completions(failedAt + 1, heardAt) === 0) return 'fail-fast';
  if (completions(heardAt) === 0) return 'wait-all';
  return `hears after ${completions(failedAt + 1, heardAt)} of the other ${completions(failedAt + 1)} completions`;
}

function failureBehaviourDiffers(entry, observation, op) {
  const behaviour = failureBehaviourOf(observation.trace, op);
  if (behaviour === null || behaviour === entry.onFailure) return [];
  const what = FAILURE_BEHAVIOURS.includes(behaviour) ? `is ${behaviour}` : behaviour;
  return [`after a failure of ${op} it ${what}, but its registry entry says onFailure: ${entry.onFailure}`];
}

function differenceInAnyOrder(want, got) {
  const key = (events) => events.map((e) => JSON.stringify(e)).sort();
  const a = key(want);
  const b = key(got);
  if (a.length === b.length && a.every((event, i) => event === b[i])) return null;
  return `after the first failure, expected ${a.length} more event(s) of the failing operation in any order, got ${b.length}: ${b.slice(0, 4).join(' ')}${b.length > 4 ? ' ...' : ''}`;
}

/**
 * Where two traces first part: the index and the event of each there (null
 * where one trace has already ended), or null when they are alike. Events are
 * compared as their JSON text. Pure.
 * @returns {{ index: number, expected: object | null, actual: object | null } | null}
 */
function firstDifference(want, got) {
  const length = Math.max(want.length, got.length);
  for (let i = 0; i < length; i++) {
    if (JSON.stringify(want[i]) !== JSON.stringify(got[i])) return { index: i, expected: want[i] ?? null, actual: got[i] ?? null };
  }
  return null;
}

/** firstDifference in one line: "trace differs at event 6: expected {...}, got {...}". */
function describeDifference({ index, expected, actual }) {
  const shown = (event) => (event === null ? 'nothing' : JSON.stringify(event));
  return `trace differs at event ${index}: expected ${shown(expected)}, got ${shown(actual)}`;
}

module.exports = { SYNC_BEHAVIOURS, FAILURE_BEHAVIOURS, checkCase, firstDifference, describeDifference };
