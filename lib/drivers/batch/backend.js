'use strict';

const { createIO } = require('../../fakes');

// What a batch run is made against: the simulated I/O of lib/fakes, or the
// problem's real database when the job names one (bench --db; the model's
// `database`). Both give an io per batch and check the run after it; only a
// database has something to close.

const FAKE = {
  kind: 'fake',
  createIO: (flavour, options, problem) => createIO(flavour, options, problem),
  afterBatch() {},
  databaseMetrics: () => ({}),
  check: async (engine, run, model) => model.checkRun(engine, run),
  usage: () => null,
  close: async () => {},
};

/**
 * @param {object} job the run's: childOptions.database ({ kind, url?, pool?, schema? }) when it has one
 * @param {object} model the problem's model
 */
async function openBackend(job, model) {
  const database = job.childOptions?.database;
  if (!database) return FAKE;
  if (typeof model.database !== 'function') throw new Error(`problem ${job.problem} has no database model`);
  const backend = await model.database().openBackend(database, model);
  return { ...backend, createIO: (flavour, options) => backend.createIO(flavour, options), check: (engine, run) => backend.check(engine, run) };
}

module.exports = { openBackend };
