'use strict';

// How many real timers (global setTimeout) a piece of work starts: a counted
// run's simulated I/O must start none (lib/fakes/virtual-time.js).

/**
 * @param {() => Promise<void>} work
 * @returns {Promise<number>} the setTimeout calls made until work settled
 */
async function realTimersStartedBy(work) {
  const real = global.setTimeout;
  let started = 0;
  global.setTimeout = (...args) => {
    started++;
    return real(...args);
  };
  try {
    await work();
  } finally {
    global.setTimeout = real;
  }
  return started;
}

module.exports = { realTimersStartedBy };
