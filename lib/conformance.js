'use strict';

const { createIO, MODELS_BY_PROBLEM } = require('./fakes');
const { invoke } = require('./invoke');

// Proves that examples do the same work. One case runs an example once, in this
// process, against a fresh engine with tick latency, and observes everything: the
// engine's trace, what the caller heard, what escaped to the process, what was
// left pending. The checks then compare that with the reference example.
// What is particular to a problem (its arguments, branches, operations and what
// follows a failure) the harness reads from the problem's model in lib/fakes.

const SETTLE_TURNS = 5;

// What a style does with a throw it cannot turn into an error for its caller.
//   caught   every synchronous throw reaches the caller, after the problem's
//            clean-up (model.afterFailure: DoxBee's rollback);
//   escapes  a throw from the first operation leaves upload() synchronously, and
//            one from a later operation is an uncaught exception (plain callbacks).
// A throw inside the timer is an uncaught exception in every style.
const SYNC_BEHAVIOURS = ['caught', 'escapes'];

/**
 * The cases of a problem: success, and every failure of every operation, in
 * every branch the model declares (model.BRANCHES: engine options per branch).
 */
function cases(model, { modes = ['callback', 'sync', 'timer'], placements = ['timer', 'continuation'] } = {}) {
  const list = [];
  // A model that declares no branches has one, with no engine options.
  for (const branch of model.BRANCHES ?? [{}]) {
    list.push({ ...branch, fault: null });
    for (const op of model.path(branch)) {
      for (const mode of modes) {
        if (mode === 'sync') list.push({ ...branch, fault: { op, mode, placement: 'call' } });
        else for (const placement of placements) list.push({ ...branch, fault: { op, mode, placement } });
      }
    }
    // Where one operation is called several times at once, also fail only its
    // first or only its last call: a partial failure is what hand-written
    // counters get wrong.
    if (model.CONCURRENT) {
      const { op, calls } = model.CONCURRENT;
      for (const index of [1, calls]) {
        for (const placement of placements) list.push({ ...branch, fault: { op, mode: 'callback', placement, index } });
        list.push({ ...branch, fault: { op, mode: 'sync', placement: 'call', index } });
      }
    }
  }
  return list;
}

function describeCase({ fault, ...branch }) {
  const parts = [];
  const name = branchName(branch);
  if (name) parts.push(name);
  if (!fault) parts.push('success');
  else {
    const which = fault.index === undefined ? '' : ` call #${fault.index} only`;
    parts.push(`${fault.mode} fault at ${fault.op}${which}${fault.mode === 'sync' ? '' : ` created in ${fault.placement}`}`);
  }
  return parts.join(', ');
}

// A case does not say its problem, so its branch is named by whichever model
// declares it (model.describeBranch); a problem of one branch names none.
function branchName(branch) {
  for (const model of Object.values(MODELS_BY_PROBLEM)) {
    const name = model.describeBranch?.(branch);
    if (name) return name;
  }
  return null;
}

function turn() {
  return new Promise((resolve) => setImmediate(resolve));
}

function activeTimers() {
  return process.getActiveResourcesInfo().filter((r) => r === 'Timeout' || r === 'Immediate').length;
}

// Replaces the process's handlers for the duration of a case, so that what an
// example lets escape is recorded instead of failing the host (mocha).
function captureProcessEvents(onEvent) {
  const kinds = { uncaughtException: 'uncaught', unhandledRejection: 'unhandled' };
  const saved = {};
  const handlers = {};
  for (const [event, type] of Object.entries(kinds)) {
    saved[event] = process.listeners(event);
    process.removeAllListeners(event);
    handlers[event] = (error) => onEvent(type, error);
    process.on(event, handlers[event]);
  }
  return function restore() {
    for (const event of Object.keys(kinds)) {
      process.removeListener(event, handlers[event]);
      for (const listener of saved[event]) process.on(event, listener);
    }
  };
}

/**
 * Runs one case of one example.
 * @param {object} entry a registry entry (name, call, io, load)
 * @param {object} spec { fault, ...branch }: the branch's engine options, e.g. fileExists
 * @param {object} [options] { problem (doxbee unless named, as on the CLI), timeoutMs }
 */
async function observe(entry, spec, { problem = 'doxbee', timeoutMs = 2000 } = {}) {
  const { fault, ...branch } = spec;
  const args = MODELS_BY_PROBLEM[problem].CASE_ARGS;
  const { io, engine } = createIO(entry.io, { ...branch, latency: 'tick', fault }, problem);
  const upload = entry.load()(io);
  const heard = [];
  const escaped = [];
  // Counted after a turn, so that timers a host sets around the call (mocha's
  // test timeout) are already there.
  await turn();
  const timersBefore = activeTimers();
  const restore = captureProcessEvents((type, error) => {
    escaped.push({ type, error });
    engine.record({ type, error: messageOf(error) });
  });
  let thrown = null;
  try {
    try {
      invoke(entry.call, upload, args, (error, value) => {
        heard.push({ error: error ?? null, value });
        engine.record({ type: 'done', error: error ? messageOf(error) : null });
      });
    } catch (error) {
      thrown = error;
      engine.record({ type: 'thrown', error: messageOf(error) });
    }
    const deadline = Date.now() + timeoutMs;
    let quiet = 0;
    // Settled when the engine has nothing pending for several turns in a row.
    while (quiet < SETTLE_TURNS && Date.now() < deadline) {
      await turn();
      quiet = engine.pending === 0 ? quiet + 1 : 0;
    }
  } finally {
    restore();
  }
  return {
    trace: engine.trace,
    heard,
    thrown,
    escaped,
    injected: engine.injected,
    pending: engine.pending,
    leakedTimers: await leakedTimers(timersBefore),
  };
}

// Timers left behind by the case. Libraries may keep a short housekeeping timer
// (bluebird checks for unhandled rejections 1 ms later), so a timer seen at once
// counts only if it is still there a little later.
async function leakedTimers(before) {
  if (activeTimers() <= before) return 0;
  await new Promise((resolve) => setTimeout(resolve, 20));
  return Math.max(0, activeTimers() - before);
}

function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}

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
function outcomeOf(observation, model) {
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

function concurrentOf(model) {
  return model.CONCURRENT ? model.CONCURRENT.op : null;
}

/**
 * Compares an observation with the reference's for the same case.
 * @param {object} [options] { problem (doxbee unless named), firstOp }
 * @returns {string[]} the problems found; empty when the example conforms
 */
function check(entry, spec, observation, reference, { problem = 'doxbee', firstOp } = {}) {
  const problems = [];
  const model = MODELS_BY_PROBLEM[problem];
  const first = firstOp ?? model.path(spec)[0];
  const concurrentOp = concurrentOf(model);
  const outcome = expectedOutcome(spec, entry.throws, first);
  const want = expectedTrace(reference, spec, outcome, model);
  const got = setAside(ordered(observation.trace, model), concurrentOp);
  const diff = firstDifference(want, got.events);
  if (diff) problems.push(diff);
  // Set-aside events are compared, in any order, only where the example ends as
  // the reference does; where it ends otherwise, the reference has none to match.
  const { stragglers } = setAside(ordered(reference.trace, model), concurrentOp);
  if (outcome === outcomeOf(reference, model)) {
    const difference = differenceInAnyOrder(stragglers, got.stragglers);
    if (difference) problems.push(difference);
  }

  const heard = observation.heard.length;
  if (outcome === 'done' && heard !== 1) problems.push(`the caller heard ${heard} times, expected exactly once`);
  if (outcome !== 'done' && heard !== 0) problems.push(`the caller heard ${heard} times after a ${outcome} fault, expected never`);

  const injected = observation.injected[0];
  if (spec.fault && heard >= 1 && observation.heard[0].error !== injected) {
    problems.push('the caller did not get the injected error object itself');
  }
  if (!spec.fault && heard >= 1 && observation.heard[0].error) {
    problems.push(`the caller heard an error on success: ${messageOf(observation.heard[0].error)}`);
  }
  // The routine's result is nothing: the commit's null, or undefined.
  if (heard >= 1 && !observation.heard[0].error && observation.heard[0].value != null) {
    problems.push(`the caller heard a value on success: ${JSON.stringify(observation.heard[0].value)}`);
  }
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

  // Fire-and-forget operations are checked here: each one started has completed.
  for (const op of model.FIRE_AND_FORGET ?? []) {
    const events = observation.trace.filter((e) => e.op === op);
    const calls = events.filter((e) => e.type === 'call').length;
    const completions = events.filter((e) => e.type === 'complete').length;
    if (calls !== completions) problems.push(`${calls} ${op} call(s) started but ${completions} completed`);
  }
  if (observation.pending !== 0) problems.push(`${observation.pending} I/O callback(s) still pending`);
  if (observation.leakedTimers !== 0) problems.push(`${observation.leakedTimers} timer(s) left pending`);
  return problems;
}

function differenceInAnyOrder(want, got) {
  const key = (events) => events.map((e) => JSON.stringify(e)).sort();
  const a = key(want);
  const b = key(got);
  if (a.length === b.length && a.every((event, i) => event === b[i])) return null;
  return `after the first failure, expected ${a.length} more event(s) of the failing operation in any order, got ${b.length}: ${b.slice(0, 4).join(' ')}${b.length > 4 ? ' ...' : ''}`;
}

function firstDifference(want, got) {
  const length = Math.max(want.length, got.length);
  for (let i = 0; i < length; i++) {
    const a = JSON.stringify(want[i]);
    const b = JSON.stringify(got[i]);
    if (a !== b) return `trace differs at event ${i}: expected ${a ?? 'nothing'}, got ${b ?? 'nothing'}`;
  }
  return null;
}

module.exports = { SYNC_BEHAVIOURS, cases, describeCase, observe, check };
