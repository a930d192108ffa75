'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { typesFor } = require('../../../lib/fakes/flavours');
const { DatabaseEngine } = require('./engine');
const { checkData } = require('./checks');

// The DoxBee upload against a real database: the model's io, in any flavour,
// over DatabaseEngine instead of the simulated I/O. model.js's `database`
// hands this module to the batch child and the tests.

const SCHEMA_SQL = fs.readFileSync(path.join(__dirname, 'schema.sql'), 'utf8');
const TABLES = ['file_versions', 'files', 'versions', 'blobs', 'commits', 'fault_plan'];
// What only asyncmark's objects are called: schema.sql's functions, all named
// asyncmark_… (its tables' names, files or commits, are anybody's). A session
// refuses a database that holds one outside a schema it marked.
const SIGNATURE = { functions: [...SCHEMA_SQL.matchAll(/^CREATE FUNCTION (\w+)/gm)].map((match) => match[1]) };

/**
 * Opens the database of a run.
 * @param {{ kind: 'pglite' | 'postgres', url?: string, pool?: number, schema?: string, dumpFile?: string }} options
 *   postgres: url of the server and the schema of the session to work in; pglite: the session's template
 */
async function openDatabase(options) {
  if (options.kind === 'pglite') return require('./pglite').openPglite({ schemaSql: SCHEMA_SQL, dumpFile: options.dumpFile });
  if (options.kind === 'postgres') return require('./postgres').openPostgres({ ...options, schemaSql: SCHEMA_SQL });
  throw new RangeError(`database kind must be pglite or postgres; got ${options.kind}`);
}

/**
 * Empties the tables and sets what the database fails: a named operation
 * (fault: { op, index? }), or each call with likelihood e from seed.
 */
async function resetDatabase(connection, { seed = 1, e = 0, fault = null } = {}) {
  // Named in the session's schema (connection.prefix), as every statement that writes is.
  const prefix = connection.prefix ?? '';
  await connection.query(`TRUNCATE ${TABLES.map((table) => prefix + table).join(', ')}`);
  await connection.query(`INSERT INTO ${prefix}fault_plan (seed, likelihood, op, call) VALUES ($1, $2, $3, $4)`, [seed, e, fault ? fault.op : null, fault?.index ?? null]);
}

/**
 * The io an example receives, in its flavour, over the database.
 * @param {object} model examples/doxbee/model.js
 * @param {string} flavour one of lib/fakes/flavours.js's
 * @param {object} options fileExists, context, trace
 * @returns {{ io: object, engine: DatabaseEngine }}
 */
function createDatabaseIO(model, flavour, options, connection) {
  const engine = new DatabaseEngine(connection, options);
  const io = model.createIO(engine, typesFor(model, flavour), options);
  const begin = io.db.begin;
  io.db = {
    begin: () => {
      const tx = begin();
      engine.begin(tx);
      return tx;
    },
  };
  return { io, engine };
}

/**
 * PGlite's data folder with the tables made, dumped once for a session into
 * folder, so that each run's PGlite loads it instead of running initdb.
 * @returns {Promise<string>} the file
 */
async function dumpPgliteTemplate(folder) {
  const connection = await openDatabase({ kind: 'pglite' });
  try {
    const file = path.join(folder, 'pglite-template.tar');
    fs.writeFileSync(file, Buffer.from(await (await connection.dump()).arrayBuffer()));
    return file;
  } finally {
    await connection.close();
  }
}

module.exports = { dumpPgliteTemplate, openDatabase, resetDatabase, createDatabaseIO, checkData, SCHEMA_SQL, SIGNATURE };
