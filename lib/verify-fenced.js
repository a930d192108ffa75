'use strict';

const path = require('node:path');
const { runChild } = require('./runner/spawn');
const { cases, describeCase, NO_MEANS } = require('./conformance');
const { problemNamed } = require('./problems');

// The conformance suite on a file of one's own, run in a child process
// (verify-child.js) with a time limit per case, never in asyncmark's own
// process: a file that ends its process, hangs, or throws from a timer fails
// the case it was in, with that reason, and the suite goes on in a new child
// from the next case. A verdict always has every case, so "N of M cases pass"
// always prints. One that hangs ends the suite: the cases after it are failed
// as not run, rather than each waiting out the limit. So do three children in
// a row that each ended in the first case they began: a file that ends its
// process on every call would otherwise cost a child per case.

const CHILD = path.join(__dirname, 'verify-child.js');
const CASE_LIMIT_MS = 10000;
// The limit is the file's: it counts from the child's word that it is about
// to load the file. Before that the time is asyncmark's own start (node, its
// modules, under coverage on a loaded machine several seconds), which with a
// short limit made a file that loads at once "not load"; it has this long.
const START_LIMIT_MS = 60000;
// Children in a row that ended in their first case, after which the rest are not run.
const MOST_ENDED = 3;

// How often the child's descendants are looked for while it runs, so that
// one that leaves its group and clears its environment is still ended.
const WATCH_MS = 100;

// One child from case `from`, under `runtime` (a node binary), fenced
// (lib/runner/spawn.js): the events it wrote, sealed with its run's nonce, and
// how it ended. Anything else it sent or printed is the file's, not an event.
async function runVerifyChild(request, limitMs, runtime) {
  const events = [];
  const ended = await runChild(CHILD, request, {
    execPath: runtime,
    // Not IPC: bytes the file writes to the channel's descriptor must not break it.
    channel: 'fd',
    timeoutMs: limitMs,
    startMs: Math.max(limitMs, START_LIMIT_MS),
    idle: true,
    watchMs: WATCH_MS,
    onMessage: (message, child, sealed) => {
      if (!sealed) return false;
      if (message.done) return true;
      // The child's start is over; only re-arming the limit (idle) was its purpose.
      if (message.ready) return false;
      events.push(message);
      return false;
    },
  });
  return { events, code: ended.exitCode, signal: ended.signal, timedOut: ended.timedOut, interrupted: ended.interrupted, stderr: ended.stderr };
}

const lastLine = (text) =>
  String(text)
    .trim()
    .split('\n')
    // Node ends an uncaught error's report with its version, not the error.
    .filter((line) => /\S/.test(line) && !/^\s+at /.test(line) && !/^Node\.js v\d/.test(line))
    .pop() ?? '';

// Why a child ended inside a case, in a few words.
function reasonOf({ code, signal, timedOut, interrupted, stderr }, limitMs) {
  if (interrupted) return 'not run: the verification was interrupted';
  if (timedOut) return `timed out: no answer within ${limitMs / 1000} s (killed)`;
  if (code === 0) return 'the file ended the process (exit code 0) before the case finished';
  const thrown = lastLine(stderr);
  if (signal) return `the process was ended by ${signal}`;
  return `the process ended with exit code ${code}${thrown ? `: ${thrown}` : ''}`;
}

/**
 * @param {string} problem one of VERIFIABLE
 * @param {{ file: string, name: string, io, call, throws, onFailure }} entry as entryForFile makes it
 * @param {{ limitMs?: number, runtime?: string }} [options] limitMs: the time limit of one case (and of
 *   loading the file); runtime: the node binary the child runs under (the test suite's node@24, for
 *   examples in a syntax this node cannot parse), the one running asyncmark unless given
 * @returns {Promise<{ problem, reference, example, total, passed, failures, loadError?, exports? }>}
 *   loadError / exports: the file could not be loaded, or exports no function; no case ran
 */
async function verifyFenced(problem, entry, { limitMs = CASE_LIMIT_MS, runtime = process.execPath } = {}) {
  const { registry, model } = problemNamed(problem);
  const all = cases(model);
  const style = { io: entry.io, call: entry.call, throws: entry.throws, onFailure: entry.onFailure };
  const failures = [];
  const fail = (i, problems, traces = []) => failures.push({ name: describeCase(all[i], model), spec: all[i], problems, traces });
  const verdict = (more = {}) => ({
    problem,
    reference: registry.reference,
    example: entry.name,
    total: all.length,
    passed: all.length - failures.length,
    failures,
    ...more,
  });
  let from = 0;
  let endedInFirst = 0;
  while (from < all.length) {
    const began = from;
    const ended = await runVerifyChild({ problem, file: entry.file, style, from }, limitMs, runtime);
    const first = ended.events[0];
    if (first && first.loadError !== undefined) return verdict({ loadError: first.loadError, syntax: first.syntax });
    if (first && first.exports !== undefined) return verdict({ exports: first.exports });
    if (!first || !first.loaded) {
      // Loading the file itself ended or hung the process: no case could run.
      const why = `the file did not load: ${reasonOf(ended, limitMs)}`;
      for (let i = from; i < all.length; i++) fail(i, [why]);
      break;
    }
    let current = null;
    for (const event of ended.events.slice(1)) {
      if (event.start !== undefined) current = event.start;
      else if (event.case !== undefined) {
        if (event.problems.length > 0) fail(event.case, event.problems, event.traces);
        current = null;
        from = event.case + 1;
      }
    }
    if (current === null) {
      if (from >= all.length) break;
      // Ended between cases (a late throw from the last case's timers): the next case is the one blamed.
      current = from;
    }
    fail(current, [reasonOf(ended, limitMs)]);
    from = current + 1;
    if (ended.timedOut) {
      for (let i = from; i < all.length; i++) fail(i, [`not run: an earlier case (${describeCase(all[current], model)}) hung`]);
      break;
    }
    // Ctrl-C: no new child is started once every child has been ended.
    if (ended.interrupted) {
      for (let i = from; i < all.length; i++) fail(i, [reasonOf(ended, limitMs)]);
      break;
    }
    endedInFirst = current === began ? endedInFirst + 1 : 0;
    if (endedInFirst === MOST_ENDED) {
      const why = `not run: the process ended in the first case of ${MOST_ENDED} children in a row (the last: ${reasonOf(ended, limitMs)})`;
      for (let i = from; i < all.length; i++) fail(i, [why]);
      break;
    }
  }
  return verdict();
}

// The cancel case runs every cancel point (15 for DoxBee) in one child.
const CANCEL_LIMIT_MS = 3 * CASE_LIMIT_MS;

/**
 * The cancel case (lib/conformance/cancel.js) on a file of one's own, in a
 * child of its own with a time limit (three cases'): what the file does when
 * its caller gives up at every cancel point by the entry's `cancel`. NO_MEANS, with
 * nothing run, for an entry without one; "n/a (the cancel case failed: …)"
 * when the child could not tell, as a bench run says it.
 * @param {string} problem one of VERIFIABLE whose model declares CANCEL
 * @param {object} entry as entryForFile makes it
 * @param {{ limitMs?: number, runtime?: string, declared?: string }} [options] as verifyFenced's; limitMs for
 *   the whole case; declared, the outcome the file may have (KEEPS for one's own): an outcome worse
 *   fails, and its caller's wait is then not timed (hearing.times empty)
 * @returns {Promise<{ outcome: string, hearing: object | null }>} outcome: 'keeps the contract',
 *   the worst breach and where, or an n/a with its reason; hearing: how soon its caller hears
 *   (lib/conformance/time-to-hear.js: the grade and the times at HEAR_AT_T), null with an n/a
 */
async function cancelFenced(problem, entry, { limitMs = CANCEL_LIMIT_MS, runtime = process.execPath, declared } = {}) {
  if (!entry.cancel) return { outcome: NO_MEANS, hearing: null };
  const style = { io: entry.io, call: entry.call, throws: entry.throws, onFailure: entry.onFailure, cancel: entry.cancel };
  const ended = await runVerifyChild({ problem, file: entry.file, style, cancel: true, declared }, limitMs, runtime);
  const answer = ended.events.find((event) => event.onCancel !== undefined);
  if (answer) return { outcome: answer.onCancel, hearing: answer.hearing ?? null };
  const loadError = ended.events.find((event) => event.loadError !== undefined);
  return { outcome: `n/a (the cancel case failed: ${loadError ? `the file did not load: ${loadError.loadError}` : reasonOf(ended, limitMs)})`, hearing: null };
}

module.exports = { verifyFenced, cancelFenced, CASE_LIMIT_MS };
