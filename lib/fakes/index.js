'use strict';

const { Engine, InjectedError, FAULT_MODES, PLACEMENTS } = require('./engine');
const { typesFor, NAMES } = require('./flavours');
const { MODELS } = require('./latency');
const doxbee = require('./doxbee');
const parallel = require('./parallel');

const MODELS_BY_PROBLEM = { doxbee, parallel };

/**
 * Creates the simulated I/O of a problem in one flavour.
 * @param {string} flavour callbacks | native | promises | bluebird | q | thunks | observables
 * @param {object} [options] engine options (see lib/fakes/engine.js)
 * @param {string} [problem] the problem whose model to build (default doxbee)
 * @returns {{ io: object, engine: Engine }}
 */
function createIO(flavour, options = {}, problem = 'doxbee') {
  const model = MODELS_BY_PROBLEM[problem];
  if (!model) throw new RangeError(`problem must be one of ${Object.keys(MODELS_BY_PROBLEM).join(', ')}; got ${problem}`);
  const engine = new Engine({ ...options, operations: model.FAILABLE });
  const io = model.createIO(engine, typesFor(model, flavour), options);
  return { io, engine };
}

module.exports = {
  createIO,
  Engine,
  InjectedError,
  FLAVOURS: NAMES,
  LATENCY_MODELS: MODELS,
  FAULT_MODES,
  PLACEMENTS,
  MODELS_BY_PROBLEM,
};
