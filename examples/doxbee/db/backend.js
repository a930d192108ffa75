'use strict';

const { openDatabase, resetDatabase, createDatabaseIO, checkData, dumpPgliteTemplate } = require('./index');

// What the batch driver's child asks of a real database (lib/drivers/batch/
// backend.js): an io per batch over tables emptied for it, and after the
// batch the checks of the data. model.js's `database` hands it over.

/**
 * @param {{ kind: 'pglite' | 'postgres', url?: string, pool?: number, schema?: string }} options
 * @param {object} model examples/doxbee/model.js
 */
async function openBackend(options, model) {
  const connection = await openDatabase(options);
  let early = 0;
  return {
    kind: connection.kind,
    // Every batch starts on empty tables, with the run's faults planned in the
    // database: a likelihood e from the seed, or one named operation (fault.op).
    async createIO(flavour, ioOptions) {
      await resetDatabase(connection, { seed: ioOptions.seed, e: ioOptions.e, fault: ioOptions.fault });
      return createDatabaseIO(model, flavour, ioOptions, connection);
    },
    // When the last upload has called back, every commit of an upload that
    // succeeded has been acknowledged by the database; a commit still on its
    // way was not waited for.
    afterBatch(engine) {
      early = engine.commitsInFlight;
    },
    async check(engine, run) {
      // A server that went away explains every other count; nothing more is asked of it.
      const lost = connection.lost?.();
      if (lost) return [`database server exited (${lost})`];
      const problems = model.checkRun(engine, run);
      if (early > 0) problems.push(`${early} uploads called back before the database acknowledged their commit`);
      return [...problems, ...(await checkData(connection, engine, run))];
    },
    usage: () => connection.usage(),
    close: () => connection.close(),
  };
}

// What a session prepares once for its runs (lib/database/session.js): for
// PGlite, a template of its data folder in the session's folder.
async function prepareSession(kind, folder) {
  return kind === 'pglite' ? { dumpFile: await dumpPgliteTemplate(folder) } : {};
}

module.exports = { openBackend, prepareSession };
