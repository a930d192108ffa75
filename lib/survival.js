'use strict';

const { createIO, uploadContext } = require('./fakes');
const { problemNamed } = require('./problems');
const { invoke } = require('./invoke');

// Whether an example keeps the async context: several uploads at once, each
// inside uploadContext.run with a store of its own, against an engine that
// reads the store at every operation (lib/fakes/context.js), as the batch
// driver's runs with --context als do, but in this process and small. The
// registry's `context` field says what this finds on the default runtime
// (test/examples/context.test.js).

/**
 * @param {object} entry a registry entry (call, io, load)
 * @param {object} options problem (its name); uploads, how many at once;
 *   latency and t, the engine's (tiny: 'tick' unless named); any other, the
 *   branch's engine options (one of the model's BRANCHES, e.g. DoxBee's fileExists)
 * @returns {Promise<{ survival: string, checked: number, missing: number, foreign: number, failed: number }>}
 *   survival: 'kept', or 'lost at <operation>' (the first, in time, that read
 *   no store or another upload's)
 */
async function measureSurvival(entry, { problem, uploads = 8, latency = 'tick', t = 0, ...branch }) {
  const { model } = problemNamed(problem);
  const { io, engine } = createIO(entry.io, { ...branch, latency, t, trace: false, context: true }, problem);
  const upload = entry.load()(io);
  let failed = 0;
  await new Promise((resolve, reject) => {
    let remaining = uploads;
    for (let i = 0; i < uploads; i++) {
      const args = model.invocationArgs(i);
      const done = (error) => {
        if (error) failed++;
        if (--remaining === 0) resolve();
      };
      try {
        uploadContext.run(model.contextStore(i + 1, args), invoke, entry.call, upload, args, done);
      } catch (error) {
        reject(error);
        return;
      }
    }
  });
  await engine.idle();
  const { survival, checked, missing, foreign } = engine.context;
  return { survival, checked, missing, foreign, failed };
}

/**
 * What differs between an entry's `context` field and a measurement of it.
 * @returns {string[]} one line, or none
 */
function contextProblems(entry, measured) {
  if (entry.context === measured.survival) return [];
  return [`registry says context ${entry.context}, measured ${measured.survival}`];
}

module.exports = { measureSurvival, contextProblems };
