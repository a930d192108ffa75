'use strict';

const { drive } = require('./stepping');

// What an upload does after every caller has heard, the process kept alive:
// it is run on until every timer it set has fired (lib/conformance/timers.js),
// the listeners left on each signal it was given are counted, then every
// signal not yet aborted is aborted, as a caller may do long after its answer
// (an AbortSignal.timeout that fires later, a controller aborted on the way
// out), and it is run on again. cancel-contract.js's breachesAfter judges
// what it did meanwhile.

// How long the tail may last: an interval never ends.
const TAIL_LIMIT_MS = 1000;

// Said by a caller that aborts after its answer.
const LATE_REASON = 'the caller gave up after its answer';

function eventsModule() {
  try {
    return require('node:events');
  } catch {
    return null;
  }
}

/**
 * The abort listeners on a signal; 0 where the runtime cannot tell.
 * @param {AbortSignal} signal
 */
function listenersOn(signal) {
  const events = eventsModule();
  if (typeof events?.getEventListeners !== 'function') return 0;
  return events.getEventListeners(signal, 'abort').length;
}

/**
 * Keeps the program alive after every caller has heard.
 * @param {object} engine the point's stepped engine
 * @param {{ timers: object, controllers: { signal: AbortSignal, abort: Function }[] }} options
 *   controllers: those whose signals the uploads were given, each once (an
 *   AbortController, or a signal with how to abort it)
 * @returns {Promise<{ endedAt: number, listeners: number[] }>} endedAt: the trace's
 *   length when the tail began, after which the upload is to issue nothing;
 *   listeners: by controller, those left on its signal once its timers had fired
 */
async function keepAlive(engine, { timers, controllers }) {
  const endedAt = engine.trace.length;
  const waiting = () => timers.pending() > 0;
  await drive(engine, { deadline: Date.now() + TAIL_LIMIT_MS, waiting, graceMs: TAIL_LIMIT_MS, timers });
  const listeners = controllers.map(({ signal }) => listenersOn(signal));
  const late = controllers.filter((controller) => !controller.signal.aborted);
  for (const controller of late) controller.abort(new Error(LATE_REASON));
  if (late.length > 0) await drive(engine, { deadline: Date.now() + TAIL_LIMIT_MS, waiting, graceMs: TAIL_LIMIT_MS, timers });
  return { endedAt, listeners };
}

module.exports = { keepAlive, listenersOn, TAIL_LIMIT_MS, LATE_REASON };
