'use strict';

const { Engine, InjectedError, FAULT_MODES, PLACEMENTS, ORDERS } = require('./engine');
const { typesFor, NAMES } = require('./flavours');
const { MODELS } = require('./latency');
const doxbee = require('./doxbee');
const parallel = require('./parallel');
const instrument = require('./instrument');
const { uploadContext, CONTEXTS } = require('./context');

const MODELS_BY_PROBLEM = { doxbee, parallel, instrument };

// Flavours with no engine behind them, offered only by the model that has them
// (the instrument problem weighs the engine against them).
const BARE_FLAVOURS = Object.keys(instrument.BARE);

/**
 * Creates the simulated I/O of a problem in one flavour.
 * @param {string} flavour callbacks | callbacks-ctx | native | promises | bluebird | q | when | thunks | observables | effect; minimal | timers for the instrument problem
 * @param {object} [options] engine options (see lib/fakes/engine.js); context: true reads uploadContext at every operation
 * @param {string} [problem] the problem whose model to build (default doxbee)
 * @returns {{ io: object, engine: Engine }} for a bare flavour, engine is what it counts (counts, failures, idle())
 */
function createIO(flavour, options = {}, problem = 'doxbee') {
  const model = MODELS_BY_PROBLEM[problem];
  if (!model) throw new RangeError(`problem must be one of ${Object.keys(MODELS_BY_PROBLEM).join(', ')}; got ${problem}`);
  if (BARE_FLAVOURS.includes(flavour)) {
    if (!model.BARE) throw new RangeError(`flavour ${flavour} is for the instrument problem only; got problem ${problem}`);
    return model.BARE[flavour](options);
  }
  const engine = new Engine({ ...options, operations: model.FAILABLE });
  const io = model.createIO(engine, typesFor(model, flavour), options);
  return { io, engine };
}

module.exports = {
  createIO,
  Engine,
  InjectedError,
  FLAVOURS: [...NAMES, ...BARE_FLAVOURS],
  LATENCY_MODELS: MODELS,
  FAULT_MODES,
  PLACEMENTS,
  ORDERS,
  MODELS_BY_PROBLEM,
  uploadContext,
  CONTEXTS,
};
