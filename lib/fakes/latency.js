'use strict';

const { keyedRandom } = require('./random');

const MODELS = ['constant', 'load', 'jitter', 'tick'];

// A latency model draws its random numbers through keys.draw(purpose, key): a
// seeded number in [0, 1) for that purpose ('latency', 'dither') and key. The
// engine's keys are its operations, keyed by call number, so that a draw builds
// no string; createLatency's are strings.
function exactModel({ model: name, t, dt, jitter }) {
  switch (name) {
    case 'constant':
      return () => t;
    case 'tick':
      return () => 0;
    case 'load':
      // I/O-bound: every operation already in flight makes the next one slower.
      return (keys, key, inFlight) => inFlight * dt;
    case 'jitter':
      // Uniform in [t(1 - jitter), t(1 + jitter)], fixed per key by the seed.
      return (keys, key) => t * (1 - jitter + 2 * jitter * keys.draw('latency', key));
    default:
      throw new RangeError(`latency model must be one of ${MODELS.join(', ')}; got ${name}`);
  }
}

// Returns delay(keys, key, inFlight) -> whole milliseconds for one latency model.
// Node's timers have a resolution of 1 ms: a fractional delay is truncated and
// one below 1 ms becomes 1 ms. So that a model's mean latency is what was asked
// for, a fractional delay is dithered, seeded per call, between the whole
// milliseconds around it (1.3 ms is 1 ms 70% of the time and 2 ms 30%), and
// 0 ms means the next turn of the event loop (setImmediate).
function createDelay({ model = 'constant', t = 1, dt = 0.1, jitter = 0.5 } = {}) {
  const exact = exactModel({ model, t, dt, jitter });
  return function delay(keys, key, inFlight) {
    const ms = exact(keys, key, inFlight);
    const whole = Math.floor(ms);
    if (whole === ms) return ms; // the common case: no random draw on the hot path
    return whole + (keys.draw('dither', key) < ms - whole ? 1 : 0);
  };
}

// Returns delay(key, inFlight) -> whole milliseconds, drawing by string key.
function createLatency({ seed = 1, ...options } = {}) {
  const delay = createDelay(options);
  const keys = { draw: (purpose, key) => keyedRandom(seed, `${purpose}:${key}`) };
  return (key, inFlight) => delay(keys, key, inFlight);
}

module.exports = { createDelay, createLatency, MODELS };
