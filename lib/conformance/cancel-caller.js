'use strict';

// The caller's side of the cancel case: an upload started by its entry's
// means to cancel (lib/conformance/cancel.js, CANCEL_MEANS), and what its
// caller hears, in `heard` and in the trace.

const { BEFORE_START } = require('./cancel-contract');

// Starts one upload by the entry's means, with what the caller hears
// recorded by hear(error, { sync, threw }): sync when heard before the call
// returned, threw when the call threw. Returns { cancel, reason, controller }:
// cancel() gives up, reason() is what the caller is to hear then (the
// signal's reason; undefined where any error will do), controller the
// upload's AbortController, if it has one. `signal`, when given, is the
// signal to hand it (one shared with another upload, a timeout); else
// `aborted` says whether its own is aborted before the call.
function startCancellable(entry, upload, args, hear, { aborted = false, signal = null } = {}) {
  let calling = true;
  const heard = (error) => hear(error, { sync: calling, threw: false });
  if (entry.cancel === 'unsubscribe') {
    const subscription = upload(...args).subscribe({ complete: () => heard(null), error: heard });
    calling = false;
    return { cancel: () => subscription.unsubscribe(), reason: () => undefined, controller: null };
  }
  if (entry.cancel === 'halt') {
    const task = upload(...args);
    task.then(() => heard(null), heard);
    calling = false;
    // halt() is lazy, as Effection's futures are: it takes effect once awaited.
    return { cancel: () => task.halt().then(ignore, ignore), reason: () => undefined, controller: null };
  }
  const controller = signal ? null : new AbortController();
  if (controller && aborted) controller.abort();
  const given = signal ?? controller.signal;
  const options = { signal: given };
  try {
    if (entry.call === 'callback') upload(...args, options, (error) => heard(error));
    // An observable may notify an error as it is subscribed to: that is its convention.
    else if (entry.call === 'observable') {
      calling = false;
      upload(...args, options).subscribe({ complete: () => heard(null), error: heard });
    } else upload(...args, options).then(() => heard(null), heard);
  } catch (error) {
    // A synchronous throw is heard too, at once.
    hear(error, { sync: true, threw: true });
  }
  calling = false;
  return { cancel: () => controller?.abort(), reason: () => given.reason, controller };
}

// Where a point is, in the words of the outcome: "before start", or the
// operation in flight and, in a problem of several, its branch.
function whereOf(point, branch, model) {
  if (point === BEFORE_START) return point;
  const name = model.describeBranch?.(branch);
  return name ? `${point} (${name})` : point;
}

// What the caller hears, recorded in `heard` and in the trace: the upload it
// belongs to (several at once), and whether it came before the call returned.
function hearer(engine, heard, upload = 1) {
  return (error, { sync = false, threw = false } = {}) => {
    heard.push({ error: error ?? null, sync, threw, upload });
    engine.record({ type: 'heard', upload, error: error == null ? null : String(error.message ?? error) });
  };
}

function ignore() {}

module.exports = { startCancellable, hearer, whereOf };
