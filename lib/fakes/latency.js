'use strict';

const { keyedRandom } = require('./random');

const MODELS = ['constant', 'load', 'jitter', 'tick'];

// Node's timers have a resolution of 1 ms: a fractional delay is truncated and
// one below 1 ms becomes 1 ms. So that a model's mean latency is what was asked
// for, a fractional delay is dithered, seeded per call, between the whole
// milliseconds around it (1.3 ms is 1 ms 70% of the time and 2 ms 30%), and
// 0 ms means the next turn of the event loop (setImmediate).
function dither(ms, seed, key) {
  const whole = Math.floor(ms);
  if (whole === ms) return ms; // the common case: no random draw on the hot path
  return whole + (keyedRandom(seed, `dither:${key}`) < ms - whole ? 1 : 0);
}

function model({ model: name, t, dt, jitter, seed }) {
  switch (name) {
    case 'constant':
      return () => t;
    case 'tick':
      return () => 0;
    case 'load':
      // I/O-bound: every operation already in flight makes the next one slower.
      return (key, inFlight) => inFlight * dt;
    case 'jitter':
      // Uniform in [t(1 - jitter), t(1 + jitter)], fixed per key by the seed.
      return (key) => t * (1 - jitter + 2 * jitter * keyedRandom(seed, `latency:${key}`));
    default:
      throw new RangeError(`latency model must be one of ${MODELS.join(', ')}; got ${name}`);
  }
}

// Returns delay(key, inFlight) -> whole milliseconds for one latency model.
function createLatency({ model: name = 'constant', t = 1, dt = 0.1, jitter = 0.5, seed = 1 } = {}) {
  const exact = model({ model: name, t, dt, jitter, seed });
  return (key, inFlight) => dither(exact(key, inFlight), seed, key);
}

module.exports = { createLatency, MODELS };
