'use strict';

// How the cancel case runs the program it watches: completions are held
// (the engine's stepped order) and released one by one, each once the
// program is quiet, so that the moment a caller gives up is the same in
// every style, however fast its scheduler.

// Turns of the event loop with nothing new before the program counts as quiet.
const QUIET_TURNS = 5;
// Once nothing is held, how long a caller that has not yet heard is waited
// for: a library may answer from a timer of its own (Effect's scheduler),
// which quiet turns of the event loop do not see.
const GRACE_MS = 250;

function turn() {
  return new Promise((resolve) => setImmediate(resolve));
}

// A pause of the harness's own, left out of the timers an upload set.
function pause(ms, timers) {
  return new Promise((resolve) => timers?.own(setTimeout(resolve, ms)));
}

/**
 * Runs the program until nothing is held and no one waits, or the deadline.
 * Each time it is quiet, act() may give up on an upload (it returns true when
 * it did); otherwise one held completion is released. Once none is held,
 * waiting() says whether something is still awaited (a caller that has not
 * heard, a timer the upload set), and it is waited for up to graceMs.
 * @param {object} engine a stepped engine (lib/fakes/engine.js, with an order)
 * @param {{ deadline: number, act?: () => boolean, waiting?: () => boolean, graceMs?: number, timers?: object }} options
 */
async function drive(engine, { deadline, act = () => false, waiting = () => false, graceMs = GRACE_MS, timers = null }) {
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
    if (act()) continue;
    if (engine.release()) {
      idleSince = null;
      continue;
    }
    if (!waiting()) break;
    idleSince = idleSince ?? Date.now();
    if (Date.now() - idleSince > graceMs) break;
    await pause(10, timers);
  }
}

module.exports = { drive, turn, pause, QUIET_TURNS, GRACE_MS };
