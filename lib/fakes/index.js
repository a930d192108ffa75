'use strict';

const { Engine, InjectedError, FAULT_MODES, PLACEMENTS, ORDERS } = require('./engine');
const { typesFor, NAMES } = require('./flavours');
const { MODELS } = require('./latency');
const { uploadContext, CONTEXTS } = require('./context');
const { problems } = require('../problems');
const { checkOptions } = require('./parameters');

// The model of each problem that has one (examples/<problem>/model.js).
const MODELS_BY_PROBLEM = Object.fromEntries(
  problems()
    .filter((problem) => problem.model)
    .map((problem) => [problem.name, problem.model]),
);

// Flavours with no engine behind them, offered only by the models that have
// them (the instrument problem weighs the engine against them).
const BARE_OWNERS = Object.entries(MODELS_BY_PROBLEM).flatMap(([name, model]) => Object.keys(model.BARE ?? {}).map((flavour) => [flavour, name]));
const BARE_FLAVOURS = [...new Set(BARE_OWNERS.map(([flavour]) => flavour))];

/**
 * Creates the simulated I/O of a problem in one flavour.
 * @param {string} flavour callbacks | callbacks-ctx | native | promises | bluebird | q | when | thunks | observables | effect | effection; or a bare flavour of the model (BARE: minimal | timers for the instrument problem)
 * @param {object} [options] engine options (see lib/fakes/engine.js); context: true reads uploadContext at every operation.
 *   An option it does not take, or a value out of its range (lib/fakes/parameters.js), throws a TypeError or RangeError
 * @param {string} [problem] the problem whose model to build (default: the first problem with a model, DoxBee)
 * @returns {{ io: object, engine: Engine }} for a bare flavour, engine is what it counts (counts, failures, idle())
 */
function createIO(flavour, options = {}, problem = Object.keys(MODELS_BY_PROBLEM)[0]) {
  const model = MODELS_BY_PROBLEM[problem];
  if (!model) throw new RangeError(`problem must be one of ${Object.keys(MODELS_BY_PROBLEM).join(', ')}; got ${problem}`);
  // A value bench would refuse is refused here too, in the same words.
  checkOptions(options, model.OPTIONS);
  if (BARE_FLAVOURS.includes(flavour)) {
    if (!model.BARE?.[flavour]) {
      const owners = BARE_OWNERS.filter(([name]) => name === flavour).map(([, owner]) => owner);
      throw new RangeError(`flavour ${flavour} is for the ${owners.join(' or ')} problem only; got problem ${problem}`);
    }
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
