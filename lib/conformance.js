'use strict';

const { createIO } = require('./fakes');
const { invoke } = require('./invoke');

// Proves that examples do the same work. One case runs an example once, in this
// process, against a fresh engine with tick latency, and observes everything: the
// engine's trace, what the caller heard, what escaped to the process, what was
// left pending. The checks then compare that with the reference example.

const ARGS = ['stream-1', 'docs/2013/report.txt', 'tag-1'];
const SETTLE_TURNS = 5;

// What a style does with a throw it cannot turn into an error for its caller.
//   caught   every synchronous throw reaches the caller, after a rollback;
//   escapes  a throw from the first operation leaves upload() synchronously, and
//            one from a later operation is an uncaught exception (plain callbacks).
// A throw inside the timer is an uncaught exception in every style.
const SYNC_BEHAVIOURS = ['caught', 'escapes'];

/** The cases of a problem: success, and every failure of every operation. */
function cases(model, { modes = ['callback', 'sync', 'timer'], placements = ['timer', 'continuation'] } = {}) {
  const list = [];
  for (const fileExists of [true, false]) {
    list.push({ fileExists, fault: null });
    for (const op of model.path({ fileExists })) {
      for (const mode of modes) {
        if (mode === 'sync') list.push({ fileExists, fault: { op, mode, placement: 'call' } });
        else for (const placement of placements) list.push({ fileExists, fault: { op, mode, placement } });
      }
    }
  }
  return list;
}

function describeCase({ fileExists, fault }) {
  const branch = fileExists ? 'file found' : 'file not found';
  if (!fault) return `${branch}, success`;
  const where = fault.mode === 'sync' ? '' : ` created in ${fault.placement}`;
  return `${branch}, ${fault.mode} fault at ${fault.op}${where}`;
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
 * @param {object} spec { fileExists, fault }
 * @param {object} [options] { problem, timeoutMs }
 */
async function observe(entry, spec, { problem = 'doxbee', timeoutMs = 2000 } = {}) {
  const { io, engine } = createIO(entry.io, { latency: 'tick', fileExists: spec.fileExists, fault: spec.fault }, problem);
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
      invoke(entry.call, upload, ARGS, (error, value) => {
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

// The rollback completes after the caller has heard, at a time that depends on
// the promise library's scheduler; its completion is checked apart from the order.
function ordered(trace) {
  return trace.filter((e) => !(e.type === 'complete' && e.op === 'tx.rollback'));
}

// The outcome a style must show for a case, given its declared behaviour.
function expectedOutcome(spec, behaviour, firstOp) {
  if (!spec.fault || spec.fault.mode === 'callback') return 'done';
  if (spec.fault.mode === 'timer') return 'uncaught';
  if (behaviour === 'caught') return 'done';
  return spec.fault.op === firstOp ? 'thrown' : 'uncaught';
}

// The trace an example must produce: the reference's, or, where the example's
// declared behaviour differs from the reference's, the reference's events up to
// the failure followed by what that behaviour does.
function expectedTrace(reference, spec, outcome) {
  const events = ordered(reference.trace);
  const referenceEnd = events.findIndex((e) => ['done', 'thrown', 'uncaught', 'unhandled'].includes(e.type));
  const end = referenceEnd === -1 ? events.length : referenceEnd;
  if (events[end] && events[end].type === outcome) return events;
  // Only a failure can lead to a different outcome; cut after the failing event.
  const failAt = events.findIndex((e) => e.error && (e.type === 'throw' || e.type === 'complete'));
  const prefix = events.slice(0, failAt + 1);
  const error = events[failAt].error;
  if (outcome === 'done') {
    // A failed commit goes to the caller without a rollback.
    const rollback = spec.fault.op === 'tx.commit' ? [] : [{ type: 'call', op: 'tx.rollback', args: rollbackArgs(events) }];
    return [...prefix, ...rollback, { type: 'done', error }];
  }
  return [...prefix, { type: outcome, error }];
}

function rollbackArgs(events) {
  const begin = events.find((e) => e.op === 'db.begin');
  return { tx: begin.args.tx };
}

/**
 * Compares an observation with the reference's for the same case.
 * @returns {string[]} the problems found; empty when the example conforms
 */
function check(entry, spec, observation, reference, { firstOp = 'blob.put' } = {}) {
  const problems = [];
  const outcome = expectedOutcome(spec, entry.throws, firstOp);
  const want = expectedTrace(reference, spec, outcome);
  const got = ordered(observation.trace);
  const diff = firstDifference(want, got);
  if (diff) problems.push(diff);

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
  if (outcome === 'thrown' && observation.thrown !== injected) problems.push('upload() did not throw the injected error');
  if (outcome !== 'thrown' && observation.thrown) problems.push(`upload() threw: ${messageOf(observation.thrown)}`);
  const escapedExpected = outcome === 'uncaught' ? 1 : 0;
  if (observation.escaped.length !== escapedExpected) {
    const what = observation.escaped.map((e) => `${e.type}: ${messageOf(e.error)}`).join('; ') || 'nothing';
    problems.push(`expected ${escapedExpected} uncaught exception(s), got ${what}`);
  } else if (escapedExpected && observation.escaped[0].error !== injected) {
    problems.push('the uncaught exception is not the injected error object');
  }

  const rollbacks = observation.trace.filter((e) => e.op === 'tx.rollback');
  const calls = rollbacks.filter((e) => e.type === 'call').length;
  const completions = rollbacks.filter((e) => e.type === 'complete').length;
  if (calls !== completions) problems.push(`${calls} rollback(s) started but ${completions} completed`);
  if (observation.pending !== 0) problems.push(`${observation.pending} I/O callback(s) still pending`);
  if (observation.leakedTimers !== 0) problems.push(`${observation.leakedTimers} timer(s) left pending`);
  return problems;
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

module.exports = { ARGS, SYNC_BEHAVIOURS, cases, describeCase, observe, check, expectedOutcome, expectedTrace, ordered };
