'use strict';

const fs = require('node:fs');
const processes = require('../../../lib/drivers/http-load/processes');
const { openDatabase, resetDatabase, createDatabaseIO, checkData, dumpPgliteTemplate, SIGNATURE } = require('./index');

// What the batch driver's child asks of a real database (lib/drivers/batch/
// backend.js): an io per batch over tables emptied for it, and after the
// batch the checks of the data. model.js's `database` hands it over.

/**
 * @param {{ kind: 'pglite' | 'postgres', url?: string, pool?: number, schema?: string }} options
 * @param {object} model examples/doxbee/model.js
 */
async function openBackend(options, model) {
  const connection = await openDatabase(options);
  const server = connection.serverPid ? postmasterOf(await connection.serverPid()) : null;
  // The server's version and the settings that change what is measured, recorded with the run.
  const facts = connection.serverFacts ? await connection.serverFacts() : null;
  let early = 0;
  let before = null;
  let used = null;
  let last = null;
  return {
    kind: connection.kind,
    // Every batch starts on empty tables, with the run's faults planned in the
    // database: a likelihood e from the seed, or one named operation (fault.op).
    // What the batch before left open (a warm-up's, unchecked) is rolled back first.
    async createIO(flavour, ioOptions) {
      if (last) await last.rollbackLeft();
      await serverStill(connection, () => resetDatabase(connection, { seed: ioOptions.seed, e: ioOptions.e, fault: ioOptions.fault }));
      before = server ? processes.snapshot(server) : null;
      const made = createDatabaseIO(model, flavour, ioOptions, connection);
      last = made.engine;
      return made;
    },
    // When the last upload has called back, every commit of an upload that
    // succeeded has been acknowledged by the database; a commit still on its
    // way was not waited for.
    afterBatch(engine) {
      early = engine.commitsInFlight;
      used = server && before ? processes.usage(before, processes.snapshot(server)) : null;
    },
    // What the database used during the batch: its server's processes summed,
    // as the http-load driver reads its servers. PGlite runs inside this
    // process, so its work is in the Node process's CPU and memory: null here.
    databaseMetrics() {
      return {
        dbCpuMs: used ? used.cpuMs : null,
        dbPeakRssMB: used ? used.peakRssMB : null,
        dbProcesses: used ? used.processes : null,
        ...(facts ? { dbServer: facts } : {}),
      };
    },
    async check(engine, run) {
      // A server that went away explains every other count; nothing more is asked of it.
      const lost = connection.lost?.();
      if (lost) return [`database server exited (${lost})`];
      // The data's problems first: a stall or a transaction left open explains the counts' problems.
      const data = await checkData(connection, engine, run);
      const problems = model.checkRun(engine, run);
      if (early > 0) problems.push(`${early} uploads called back before the database acknowledged their commit`);
      return [...data, ...problems];
    },
    usage: () => connection.usage(),
    close: () => connection.close(),
  };
}

// Runs task; a server gone before or during it (a crash, a kill between the
// warm-up and the measured batch) is said as such, so that the run's CRASH
// names it instead of a refused connection.
async function serverStill(connection, task) {
  const gone = () => connection.lost?.();
  try {
    if (!gone()) return await task();
  } catch (error) {
    if (!gone()) throw error;
  }
  throw new Error(`database server exited (${gone()})`);
}

// The server's main process from the pid of a process serving one of our
// connections: its parent, if this machine's process table has it and it is
// PostgreSQL's; null otherwise (a server elsewhere, or not Linux).
function postmasterOf(backendPid) {
  try {
    const stat = fs.readFileSync(`/proc/${backendPid}/stat`, 'utf8');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const command = fs.readFileSync(`/proc/${parent}/comm`, 'utf8').trim();
    return command === 'postgres' ? parent : null;
  } catch {
    return null;
  }
}

// What a session prepares once for its runs (lib/database/session.js): for
// PGlite, a template of its data folder in the session's folder.
async function prepareSession(kind, folder) {
  return kind === 'pglite' ? { dumpFile: await dumpPgliteTemplate(folder) } : {};
}

module.exports = { openBackend, prepareSession, signature: SIGNATURE };
