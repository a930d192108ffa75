'use strict';

// How responsive the event loop stays while something runs: a timer asks to
// fire every `everyMs` and records how late each firing was. A computation
// that never yields delays it by its whole length; one that slices itself
// finely lets it fire nearly on time. This is what time slicing is for.

/**
 * Starts the heartbeat. stop() returns every lateness in ms, in order.
 * @param {{ everyMs?: number }} [options]
 * @returns {() => Float64Array}
 */
function startHeartbeat({ everyMs = 1 } = {}) {
  const lateness = [];
  let due = performance.now() + everyMs;
  let timer = null;
  const beat = () => {
    const now = performance.now();
    lateness.push(Math.max(0, now - due));
    due = now + everyMs;
    timer = setTimeout(beat, everyMs);
  };
  timer = setTimeout(beat, everyMs);
  return function stop() {
    clearTimeout(timer);
    // A beat still waiting is as late as the time since it was due.
    const now = performance.now();
    if (now > due) lateness.push(now - due);
    return Float64Array.from(lateness);
  };
}

module.exports = { startHeartbeat };
