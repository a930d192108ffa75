'use strict';

const { createIO, uploadContext } = require('../fakes');
const { problemNamed } = require('../problems');
const { prepare, LAZY } = require('../invoke');

// Runs one case of an example (lib/conformance/index.js), in this process,
// against a fresh engine with tick latency, and observes everything: the
// engine's trace, what the caller heard, what escaped to the process, what was
// left pending.

const SETTLE_TURNS = 5;

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
 * @param {object} spec { fault, ...branch }: the branch's engine options, e.g. fileExists; and
 *   args (the upload's), together (every model.VARIED_ARGS upload at once), twice (one upload
 *   twice in a row), order (stepped delivery, see lib/fakes/engine.js)
 * @param {object} options { problem (its name), timeoutMs, makeIO }: makeIO(flavour, options, problem),
 *   the io and engine of the case, or a promise of them (a problem's real database, examples/doxbee/db);
 *   by default the simulated I/O's
 */
async function observe(entry, spec, { problem, timeoutMs = 2000, makeIO = createIO }) {
  const { model } = problemNamed(problem);
  const { fault, args, together, twice, context, ...branch } = spec;
  const argsList = together ? model.VARIED_ARGS : [args ?? model.CASE_ARGS];
  const uploads = twice ? 2 : argsList.length;
  const { io, engine } = await makeIO(entry.io, { ...branch, latency: 'tick', fault, context }, problem);
  // With context, the k-th upload (from 1) is made and started inside its own.
  const within = context ? (k, fn) => uploadContext.run(model.contextStore(k, argsList[twice ? 0 : k - 1]), fn) : (k, fn) => fn();
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
  // The caller of the k-th upload (from 1); a case of several says which one heard.
  const callerOf = (k) => (error, value) => {
    heard.push(uploads > 1 ? { upload: k, error: error ?? null, value } : { error: error ?? null, value });
    const event = { type: 'done', error: error ? messageOf(error) : null };
    engine.record(uploads > 1 ? { type: 'done', upload: k, error: event.error } : event);
  };
  let thrown = null;
  const attempt = (fn) => {
    try {
      fn();
    } catch (error) {
      thrown = thrown ?? error;
      engine.record({ type: 'thrown', error: messageOf(error) });
    }
  };
  const deadline = Date.now() + timeoutMs;
  let early = [];
  try {
    const starts = [];
    for (const k of argsList.keys()) attempt(() => within(k + 1, () => starts.push(prepare(entry.call, upload, argsList[k]))));
    // A lazy convention's work must wait for its start: whatever is traced
    // before it, given the turns, was started by the call itself.
    if (LAZY.includes(entry.call)) {
      for (let i = 0; i < SETTLE_TURNS; i++) await turn();
      early = engine.trace.filter((e) => e.type === 'call');
    }
    if (twice) {
      for (const k of [1, 2]) {
        if (starts[0]) attempt(() => within(k, () => starts[0](callerOf(k))));
        await settle(engine, deadline);
      }
    } else {
      starts.forEach((start, i) => attempt(() => within(i + 1, () => start(callerOf(i + 1)))));
      await settle(engine, deadline);
    }
  } finally {
    restore();
  }
  return {
    args: argsList,
    trace: engine.trace,
    heard,
    thrown,
    escaped,
    early,
    injected: engine.injected,
    pending: engine.pending,
    // 'kept' or 'lost at <operation>' with context (lib/fakes/context.js), else null.
    context: engine.context === null ? null : engine.context.survival,
    leakedTimers: await leakedTimers(timersBefore),
  };
}

// Runs the event loop until the engine has nothing pending and the trace has
// not grown for several turns in a row. With stepped delivery, each time it is
// so, one held completion is released, until none is left.
async function settle(engine, deadline) {
  let quiet = 0;
  let seen = engine.trace.length;
  while (Date.now() < deadline) {
    await turn();
    const busy = engine.pending > engine.held.length || engine.trace.length !== seen;
    seen = engine.trace.length;
    quiet = busy ? 0 : quiet + 1;
    if (quiet < SETTLE_TURNS) continue;
    if (!engine.release()) return;
    quiet = 0;
  }
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

module.exports = { observe, messageOf };
