'use strict';

// A small generator runner that hands the generator a node-style callback
// factory, as the `suspend` and `genny` libraries did:
//
//   const upload = resume(function* (resume, stream) {
//     const blobId = yield blob.put(stream, resume());
//     return blobId;
//   });
//   upload('stream-1', (err, blobId) => { ... });
//
// resume(generatorFunction) returns a function taking the generator's own
// arguments followed by a node-style callback. Inside, each `resume()` makes a
// callback for one operation; the generator yields (the value yielded is
// ignored) and is resumed when that callback is called: with its first result,
// or with its error thrown in at the yield, so that try/catch works as in
// synchronous code. The generator's return value or thrown error goes to the
// final callback, exactly once, even when the generator finishes synchronously.
//
// Misuse is reported, never ignored:
// - a resume() callback called a second time throws, to whoever called it: that
//   is a bug of the API that called back;
// - so does a callback made stale by a later resume() call, or called after the
//   generator finished;
// - a yield that no resume() callback can answer throws an Error into the
//   generator at that yield.
// A callback called synchronously, before its yield, is fine: the generator
// then resumes as soon as it yields, in a loop rather than by recursion.

/**
 * @param {GeneratorFunction} generatorFunction called as (resume, ...args)
 * @returns {Function} (...args, callback)
 */
function resume(generatorFunction) {
  if (typeof generatorFunction !== 'function') {
    throw new TypeError(`resume: generatorFunction must be a function; got ${typeof generatorFunction}`);
  }
  return function resumable(...args) {
    const callback = args.pop();
    if (typeof callback !== 'function') {
      throw new TypeError(`resume: the last argument must be a node-style callback; got ${typeof callback}`);
    }
    run(generatorFunction, this, args, callback);
  };
}

function run(generatorFunction, self, args, callback) {
  let awaited = null; // the outcome slot of the newest resume() callback
  let running = false; // the generator's body is executing
  let finished = false;

  function makeCallback() {
    if (finished) throw new Error('resume: resume() called after the generator finished');
    const slot = { called: false, outcome: null };
    awaited = slot;
    return function resumeCallback(err, value) {
      if (slot.called) throw new Error('resume: a resume() callback was called more than once');
      slot.called = true;
      if (finished || awaited !== slot) {
        throw new Error('resume: a stale resume() callback was called (a later resume() replaced it, or the generator finished)');
      }
      slot.outcome = err ? { error: err } : { value };
      // Called before its yield: the loop in step() picks the outcome up.
      if (!running) step(slot.outcome);
    };
  }

  let generator;
  try {
    generator = generatorFunction.call(self, makeCallback, ...args);
  } catch (error) {
    fail(error);
    return;
  }
  if (!generator || typeof generator.next !== 'function') {
    fail(new TypeError('resume: generatorFunction must return a generator'));
    return;
  }
  step({ value: undefined });

  function step(outcome) {
    while (outcome) {
      awaited = null;
      let result;
      running = true;
      try {
        result = 'error' in outcome ? generator.throw(outcome.error) : generator.next(outcome.value);
      } catch (error) {
        running = false;
        fail(error);
        return;
      }
      running = false;
      if (result.done) {
        finished = true;
        callback(null, result.value);
        return;
      }
      if (awaited === null) {
        outcome = { error: new Error('resume: the generator yielded without calling resume()') };
      } else {
        // Set only if the callback was called before the yield.
        outcome = awaited.outcome;
      }
    }
  }

  // Called outside every try block, as is the callback on success, so that what
  // the callback throws is not taken for the generator's error and the callback
  // is not called again. A falsy throw would read as success, so it is wrapped.
  function fail(error) {
    finished = true;
    callback(error || new Error(`resume: the generator threw ${String(error)}`, { cause: error }));
  }
}

module.exports = resume;
