'use strict';

const { startCancellable, hearer } = require('./cancel-caller');
const { inFlightAwaited } = require('./cancel-contract');

// How long a caller waits for its answer once it gives up, on real timers:
// one upload, every operation taking t ms, given up t/2 after its first
// operation was issued, halfway through it, as an AbortSignal.timeout would
// be. What the contract allows is an answer within one step: the operation
// in flight may end first (up to t ms); a style that hears at once answers in
// well under a millisecond. The time is measured, and only shown; the steps
// awaited are counted from the trace (cancel-contract.js inFlightAwaited),
// and they are what the tests assert.

// The latencies the time is measured at, in ms per operation.
const HEAR_AT_T = [1, 300];

// What a caller may expect, by the steps awaited at every point; LATER where
// it waited for operations issued after the abort too (the breach "hears late").
const AT_ONCE = 'hears at once';
const WITHIN_ONE_STEP = 'hears within one step (up to t ms)';
const LATER = 'hears later than one step';

/**
 * The grade of hearing over a cancel case's points: LATER when a point heard
 * late, AT_ONCE when no caller awaited an operation in flight at its abort,
 * WITHIN_ONE_STEP otherwise; null when no point was aborted mid-operation with
 * its caller listening.
 * @param {{ awaited?: number | null, breaches?: { kind: string }[] }[]} points awaited:
 *   inFlightAwaited's, or null where not judged
 */
function hearingGrade(points) {
  if (points.some((point) => (point.breaches ?? []).some((breach) => breach.kind === 'hears late'))) return LATER;
  const judged = points.filter((point) => typeof point.awaited === 'number');
  if (judged.length === 0) return null;
  return judged.some((point) => point.awaited > 0) ? WITHIN_ONE_STEP : AT_ONCE;
}

/**
 * The time from the abort to the caller's answer at latency t. The upload's
 * own work goes on after the answer (its rollback); it is not waited for.
 * @param {object} entry a registry entry with a means to cancel
 * @param {Function} factory the loaded example
 * @param {{ problem: string, model: object, t: number, makeIO: Function, timeoutMs?: number }} options
 * @returns {Promise<{ t: number, ms: number | null, awaited: number | null }>} ms: null when the
 *   caller never heard (or does not listen: it unsubscribed); awaited: the operations in
 *   flight at the abort whose end it waited for
 */
async function timeToHear(entry, factory, { problem, model, t, makeIO, timeoutMs = 10 * t + 2000 }) {
  const branch = (model.BRANCHES ?? [{}])[0];
  const { io, engine } = await makeIO(entry.io, { ...branch, latency: 'constant', t, fault: null }, problem);
  const first = model.path(branch)[0];
  const heard = [];
  let abortAt = -1;
  let abortedAt = null;
  let heardAt = null;
  let answered;
  const answer = new Promise((resolve) => (answered = resolve));
  const limit = setTimeout(answered, timeoutMs);
  let one = null;
  // The abort is timed from the first operation's call, as the engine records it.
  const record = engine.record;
  engine.record = function (event) {
    record.call(this, event);
    if (abortAt !== -1 || abortedAt !== null || event.type !== 'call' || event.op !== first) return;
    abortedAt = 0n;
    setTimeout(() => {
      abortAt = engine.trace.length;
      abortedAt = process.hrtime.bigint();
      one.cancel();
    }, t / 2);
  };
  const hear = hearer(engine, heard);
  one = startCancellable(entry, factory(io), model.CASE_ARGS, (error, how) => {
    if (heardAt === null) heardAt = process.hrtime.bigint();
    hear(error, how);
    answered();
  });
  if (entry.cancel === 'unsubscribe') answered();
  await answer;
  clearTimeout(limit);
  if (abortAt === -1 || heardAt === null || heardAt < abortedAt) return { t, ms: null, awaited: null };
  return { t, ms: Number(heardAt - abortedAt) / 1e6, awaited: inFlightAwaited(engine.trace, abortAt, model.CANCEL, model.path(branch)) };
}

// A time in ms as it reads: whole above 100 ms, two significant figures below.
const msText = (ms) => `${ms >= 100 ? Math.round(ms) : Number(ms.toPrecision(2))} ms`;

/**
 * What a caller may expect, in words, with the times measured: "hears within
 * one step (up to t ms): 151 ms at t=300, 0.9 ms at t=1". The operations in
 * flight it waits for are said where there were several (a problem that
 * issues them at once); '' when no grade.
 * @param {{ grade: string | null, times?: { t: number, ms: number | null, awaited: number | null }[] }} hearing
 */
function hearingText(hearing) {
  if (!hearing || !hearing.grade) return '';
  const times = (hearing.times ?? []).filter((time) => typeof time.ms === 'number').sort((a, b) => b.t - a.t);
  const most = Math.max(0, ...times.map((time) => time.awaited ?? 0));
  const measured = times.map((time) => `${msText(time.ms)} at t=${time.t}`).join(', ');
  const waits = most > 1 ? `; waits for the ${most} operations in flight` : '';
  return `${hearing.grade}${measured ? `: ${measured}` : ''}${waits}`;
}

/**
 * The hearing of a cell's runs, each recorded by its batch run: the grades
 * they gave (joined where they disagree), and per t the median time and the
 * most operations awaited; null when no run recorded one.
 * @param {({ grade: string | null, times: object[] } | undefined)[]} recorded
 */
function hearingOverRuns(recorded) {
  const runs = recorded.filter((hearing) => hearing && typeof hearing === 'object');
  if (runs.length === 0) return null;
  const grades = [...new Set(runs.map((hearing) => hearing.grade).filter(Boolean))];
  const byT = new Map();
  for (const { t, ms, awaited } of runs.flatMap((hearing) => hearing.times ?? [])) {
    if (!byT.has(t)) byT.set(t, { t, ms: [], awaited: null });
    const at = byT.get(t);
    if (typeof ms === 'number') at.ms.push(ms);
    if (typeof awaited === 'number') at.awaited = Math.max(at.awaited ?? 0, awaited);
  }
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  const times = [...byT.values()].map(({ t, ms, awaited }) => ({ t, ms: ms.length ? median(ms) : null, awaited }));
  return { grade: grades.length ? grades.join(' / ') : null, times };
}

module.exports = { timeToHear, hearingGrade, hearingText, hearingOverRuns, HEAR_AT_T, AT_ONCE, WITHIN_ONE_STEP, LATER };
