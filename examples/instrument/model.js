'use strict';

const doxbee = require('../doxbee/model');
const { createMinimalIO, bareDelay, bareTimer } = require('./minimal');

// The "instrument" model: the DoxBee upload weighed on three kinds of I/O, to
// measure what the simulated I/O itself costs (the instrument-weight scenario).
// The engine flavours build the DoxBee model; the bare flavours have no engine
// behind them: the minimal fake (minimal.js) and bare timers.

// The floor has no fake at all: an upload of the timer-floor example is the
// reference's sequential path as a chain of bare timers. This object only gives
// it t, the number of steps and the timer (setTimeout itself, or the virtual
// clock's in a counted run, as the engine's), and is counted, so that a run can
// be verified.
class TimerFloor {
  constructor(t, setTimer) {
    this.t = t;
    this.setTimer = setTimer;
    this.steps = doxbee.path({ fileExists: false }).length;
    this.started = 0; // uploads begun
    this.fired = 0; // timers fired
    this.failures = 0;
  }

  get counts() {
    return { uploads: this.started, 'op:timer': this.fired };
  }

  // An upload calls back from its last timer, so nothing is left once all have.
  idle() {
    return Promise.resolve();
  }
}

function createTimerFloor(options = {}) {
  const floor = new TimerFloor(bareDelay(options, 'the timer floor'), bareTimer(options));
  return { io: floor, engine: floor };
}

// I/O with no engine behind it, by flavour name.
const BARE = { minimal: createMinimalIO, timers: createTimerFloor };

// Checks a batch of n uploads: on the floor, every upload begun and every one of
// its timers fired; on a fake, what DoxBee checks.
function checkRun(engine, { n, failed }) {
  if (!(engine instanceof TimerFloor)) return doxbee.checkRun(engine, { n, failed });
  const problems = [];
  if (engine.started !== n) problems.push(`${engine.started} uploads begun for ${n}`);
  if (engine.fired !== n * engine.steps) problems.push(`${engine.fired} timers fired for ${n} uploads of ${engine.steps} steps`);
  if (failed !== 0) problems.push(`${failed} uploads failed on bare timers`);
  return problems;
}

// DoxBee's model for the engine flavours; no conformance members, since the
// problem weighs the I/O, not a style.
const { FAILABLE, path, OPERATIONS, BASES, OPTIONS, createIO, invocationArgs, contextStore } = doxbee;

module.exports = { FAILABLE, path, OPERATIONS, BASES, OPTIONS, createIO, invocationArgs, contextStore, checkRun, BARE };
