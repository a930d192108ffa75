'use strict';

const pg = require('../../../lib/optional-dependency').requireOptional('pg', '--db postgres or a postgres:// URL');
const { parseDatabaseUrl, clientConfig } = require('../../../lib/database/connection');
const { readMark } = require('../../../lib/database/mark');

// A PostgreSQL server through node-postgres: a pool of connections (its size
// a parameter), every statement in the session's own schema. The session made
// and marked that schema (lib/database/session.js); the first run of the
// session makes the tables in it, later runs empty them. Each connection is
// checked before its first statement: its current_schema() must be the
// session's, whatever the server, the role or the URL would set; and the
// statements name the schema too (index.js, statements.js).

// Errors that mean the server is gone, not that a statement failed.
const SERVER_GONE = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

function isServerGone(error) {
  return Boolean(error) && (SERVER_GONE.has(error.code) || /Connection terminated|server closed the connection/i.test(error.message));
}

// A server of the session's own that exited is started afresh on the same
// port (lib/database/session.js): the run after it waits for it, a little.
const READY_TRIES = 60;
const READY_PAUSE_MS = 250;

async function connectWhenReady(connect, restarting) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await connect();
    } catch (error) {
      // A fresh server may answer before the session has made its schema there again.
      const starting = error.code === 'ECONNREFUSED' || error.code === '57P03' || error.code === 'NO_SCHEMA';
      if (!restarting || !starting || attempt >= READY_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, READY_PAUSE_MS));
    }
  }
}

const FACTS = `SELECT current_setting('server_version') AS version, current_setting('max_connections')::int AS max_connections,
  current_setting('shared_buffers') AS shared_buffers, current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS synchronous_commit`;

const WHERE = "SELECT pg_catalog.current_schema() AS current, pg_catalog.obj_description(pg_catalog.to_regnamespace($1)::oid, 'pg_namespace') AS comment";

// Refuses a connection that is not in the session's own, marked schema.
async function checkSchema(client, schema) {
  const [{ current, comment }] = (await client.query(WHERE, [schema])).rows;
  if (current === null) throw Object.assign(new Error(`schema ${schema} is not there: nothing was written`), { code: 'NO_SCHEMA' });
  if (current !== schema) throw new Error(`connection's schema is ${current}, not the session's ${schema}: nothing was written`);
  // The session is this process's parent (a run's child), or this process itself (a test's run).
  const mark = readMark(schema, comment);
  if (!mark || (mark.pid !== process.ppid && mark.pid !== process.pid)) throw new Error(`schema ${schema} does not carry its session's mark: nothing was written`);
}

// The tables in the session's schema, made by the session's first run, in one
// transaction whose search_path is that schema alone.
async function makeTables(setup, { prefix, schema, schemaSql }) {
  try {
    const { rows } = await setup.query('SELECT pg_catalog.to_regclass($1) IS NOT NULL AS made', [`${prefix}commits`]);
    if (!rows[0].made) await setup.query(`BEGIN; SET LOCAL search_path TO ${pg.escapeIdentifier(schema)}; ${schemaSql}; COMMIT`);
  } catch (error) {
    await setup.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    setup.release();
  }
}

/**
 * @param {{ url: string, pool?: number, schema: string, schemaSql: string, restarting?: boolean }} options url: the
 *   server, without a password (the environment's PGPASSWORD, or ~/.pgpass); restarting: a server of the session's
 *   own, which it starts afresh when it exits, so that a refused connection is waited on, a little
 */
async function openPostgres({ url, pool = 10, schema, schemaSql, restarting = false }) {
  const applicationName = `asyncmark-run-${process.pid}`;
  const { target } = parseDatabaseUrl(url, {});
  // Idle connections are kept until the run closes the pool: node-postgres's
  // default closes one idle for 10 s, on a timer per release, which would
  // count as the example's timers left pending (conformance) and run in the
  // measured region.
  const settings = { ...clientConfig(target, { schema, applicationName }), idleTimeoutMillis: 0 };
  const connections = new pg.Pool({ ...settings, max: pool });
  // Questions that may come while every connection is held by a transaction
  // (statements.js, file.createQuery) have a connection of their own.
  const side = new pg.Pool({ ...settings, max: 1 });
  const state = { lost: null };
  const onError = (error) => {
    if (isServerGone(error)) state.lost = state.lost ?? error.message;
  };
  connections.on('error', onError);
  side.on('error', onError);
  // A connection in use reports a lost server on itself: listened to once,
  // when the pool makes it (listening at each acquire piled a listener up per
  // use, and Node warned of a leak past ten).
  connections.on('connect', (client) => client.on('error', onError));
  side.on('connect', (client) => client.on('error', onError));
  const watched = (promise) =>
    promise.catch((error) => {
      onError(error);
      throw error;
    });
  // A connection of either pool, checked at its first use (checkSchema).
  const checked = new WeakSet();
  const take = async (from) => {
    const client = await watched(from.connect());
    if (checked.has(client)) return client;
    try {
      await watched(checkSchema(client, schema));
    } catch (error) {
      client.release(true);
      throw error;
    }
    checked.add(client);
    return client;
  };
  // One statement on a connection of its own, as pool.query does: a
  // connection whose statement failed is closed, not given back. refused(),
  // asked once the connection came, may give the error to fail it with
  // unsent (a run that stalled meanwhile).
  const once = async (from, text, params, refused = () => null) => {
    const client = await take(from);
    const refusal = refused();
    if (refusal !== null) {
      client.release();
      throw refusal;
    }
    let failure;
    try {
      return (await watched(client.query(text, params))).rows;
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      client.release(failure);
    }
  };
  const prefix = `${pg.escapeIdentifier(schema)}.`;

  // A run that cannot start leaves no connection open.
  try {
    await makeTables(await connectWhenReady(() => take(connections), restarting), { prefix, schema, schemaSql });
  } catch (error) {
    await Promise.allSettled([connections.end(), side.end()]);
    throw error;
  }

  return {
    kind: 'postgres',
    // What names an object of the session's schema in a statement.
    prefix,
    lost: () => state.lost,
    async acquire() {
      const client = await take(connections);
      return {
        query: (text, params) => watched(client.query(text, params)),
        exec: (text) => watched(client.query(text)),
        release: () => client.release(),
      };
    },
    query: (text, params, refused) => once(connections, text, params, refused),
    ask: (text, params) => once(side, text, params),
    // The server's main process, when it runs on this machine: the parent
    // of the process that serves one of our connections (what /proc says).
    async serverPid() {
      const [{ pid }] = await once(side, 'SELECT pg_catalog.pg_backend_pid() AS pid');
      return pid;
    },
    // The server's version and the settings that change what a run measures.
    async serverFacts() {
      const [row] = await once(side, FACTS);
      return row;
    },
    usage: () => ({ checkedOut: connections.totalCount - connections.idleCount, waiting: connections.waitingCount, size: pool }),
    // The server's own view: this run's connections inside a transaction.
    async openOnServer() {
      const [{ open }] = await once(side, "SELECT count(*)::int AS open FROM pg_catalog.pg_stat_activity WHERE application_name = $1 AND state LIKE 'idle in transaction%'", [
        applicationName,
      ]);
      return open;
    },
    async close() {
      await Promise.allSettled([connections.end(), side.end()]);
    },
  };
}

module.exports = { openPostgres, isServerGone, checkSchema };
