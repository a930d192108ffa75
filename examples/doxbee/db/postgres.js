'use strict';

const pg = require('pg');

// A PostgreSQL server through node-postgres: a pool of connections (its size
// a parameter), every statement in the session's own schema. The tables are
// made there by the first run of the session; later runs empty them.

// Errors that mean the server is gone, not that a statement failed.
const SERVER_GONE = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

function isServerGone(error) {
  return Boolean(error) && (SERVER_GONE.has(error.code) || /Connection terminated|server closed the connection/i.test(error.message));
}

// A server of the session's own that exited is started afresh on the same
// port (lib/database/session.js): the run after it waits for it, a little.
const READY_TRIES = 60;
const READY_PAUSE_MS = 250;

async function connectWhenReady(pool) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await pool.connect();
    } catch (error) {
      const starting = error.code === 'ECONNREFUSED' || error.code === '57P03';
      if (!starting || attempt >= READY_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, READY_PAUSE_MS));
    }
  }
}

/**
 * @param {{ url: string, pool?: number, schema: string, schemaSql: string }} options
 */
async function openPostgres({ url, pool = 10, schema, schemaSql }) {
  const applicationName = `asyncmark-run-${process.pid}`;
  // Idle connections are kept until the run closes the pool: node-postgres's
  // default closes one idle for 10 s, on a timer per release, which would
  // count as the example's timers left pending (conformance) and run in the
  // measured region.
  const settings = { connectionString: url, application_name: applicationName, options: `-c search_path=${schema}`, idleTimeoutMillis: 0 };
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
  const watched = (promise) =>
    promise.catch((error) => {
      onError(error);
      throw error;
    });

  const setup = await connectWhenReady(connections);
  try {
    await setup.query(`CREATE SCHEMA IF NOT EXISTS ${pg.escapeIdentifier(schema)}`);
    const { rows } = await setup.query("SELECT to_regclass('commits') IS NOT NULL AS made");
    if (!rows[0].made) await setup.query(schemaSql);
  } finally {
    setup.release();
  }

  return {
    kind: 'postgres',
    lost: () => state.lost,
    async acquire() {
      const client = await watched(connections.connect());
      return {
        query: (text, params) => watched(client.query(text, params)),
        exec: (text) => watched(client.query(text)),
        release: () => client.release(),
      };
    },
    query: async (text, params) => (await watched(connections.query(text, params))).rows,
    ask: async (text, params) => (await watched(side.query(text, params))).rows,
    // The server's main process, when it runs on this machine: the parent
    // of the process that serves one of our connections (what /proc says).
    async serverPid() {
      const { rows } = await side.query('SELECT pg_backend_pid() AS pid');
      return rows[0].pid;
    },
    usage: () => ({ checkedOut: connections.totalCount - connections.idleCount, waiting: connections.waitingCount, size: pool }),
    // The server's own view: this run's connections inside a transaction.
    async openOnServer() {
      const { rows } = await side.query("SELECT count(*)::int AS open FROM pg_stat_activity WHERE application_name = $1 AND state LIKE 'idle in transaction%'", [
        applicationName,
      ]);
      return rows[0].open;
    },
    async close() {
      await Promise.allSettled([connections.end(), side.end()]);
    },
  };
}

module.exports = { openPostgres, isServerGone };
