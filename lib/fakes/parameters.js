'use strict';

const { MODELS } = require('./latency');
const { checkValue } = require('../parameters');

// The options of the simulated I/O that a person chooses, declared once: the
// batch driver's parameters (lib/drivers/batch/index.js) take these, so that
// `asyncmark bench --t -1` and `createIO('callbacks', { t: -1 })` refuse the
// value with the same words (lib/parameters.js).

// Only the latency parameter the model reads applies.
const TIMED = { latency: ['constant', 'jitter'] };

const PARAMS = [
  {
    name: 'latency',
    type: 'choice',
    choices: MODELS,
    description:
      'I/O latency model: constant t ms, load = in-flight x dt ms, jitter = t ms +-50% (seeded), tick = next turn of the event loop; fractional delays are dithered between whole ms so the mean is kept',
  },
  { name: 't', type: 'number', list: true, min: 0, max: 60000, when: TIMED, description: 'latency of each operation in ms' },
  { name: 'dt', type: 'number', min: 0, minExclusive: true, max: 60000, when: { latency: ['load'] }, description: 'ms added per operation in flight' },
  { name: 'e', type: 'number', min: 0, max: 1, description: 'likelihood 0..1 that an operation fails (seeded)' },
  { name: 'p', type: 'integer', min: 1, max: 1000, description: 'parallel queries per upload' },
  { name: 'seed', type: 'integer', min: 0, max: 2 ** 32 - 1, description: 'seed of every random decision: faults, jitter' },
];

// What else createIO takes, set by asyncmark's own callers rather than chosen
// by a person: checked by name only (lib/fakes/engine.js says what each does).
const INTERNAL = ['jitter', 'fault', 'mode', 'placement', 'trace', 'operations', 'order', 'context', 'virtualTime'];

/**
 * Throws a TypeError or RangeError, in the command line's words, for an
 * option createIO does not take or a value its declaration does not allow.
 * @param {object} options createIO's
 * @param {string[]} [modelKeys] the options the problem's model reads itself (its OPTIONS)
 */
function checkOptions(options, modelKeys = []) {
  if (options === null || typeof options !== 'object') throw new TypeError(`options: ${String(options)} is not allowed; expected an object`);
  const known = [...PARAMS.map((spec) => spec.name), ...INTERNAL, ...modelKeys];
  for (const [name, value] of Object.entries(options)) {
    if (!known.includes(name)) throw new TypeError(`${name}: is not an option of the simulated I/O; expected one of ${[...new Set(known)].join(', ')}`);
    const spec = PARAMS.find((each) => each.name === name);
    if (spec && value !== undefined) checkValue(spec, value);
  }
}

module.exports = { PARAMS, checkOptions };
