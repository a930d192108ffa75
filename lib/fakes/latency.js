'use strict';

const { keyedRandom } = require('./random');

const MODELS = ['constant', 'load', 'jitter', 'tick'];

// Returns delay(key, inFlight) -> milliseconds for one latency model. Zero means
// "next turn of the event loop" (setImmediate) rather than a timer.
function createLatency({ model = 'constant', t = 1, dt = 0.1, jitter = 0.5, seed = 1 } = {}) {
  switch (model) {
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
      throw new RangeError(`latency model must be one of ${MODELS.join(', ')}; got ${model}`);
  }
}

module.exports = { createLatency, MODELS };
