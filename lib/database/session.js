'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');
const { startServer } = require('./server');

// The database of a bench session (--db): what each run's child is told to
// open (childOptions.database), made before the first run and undone after the
// last, on Ctrl-C too (closeAll, from bench/interrupt.js). A server of the
// session's own that exits during a run is started afresh, once, on the same
// port and password, so that the next run finds it; a second exit stops it
// for good, and every run after says so.

const open = new Set();
const RESTARTS = 1;

function schemaName() {
  return `asyncmark_${crypto.randomBytes(4).toString('hex')}`;
}

// A URL as it may be shown: without its password.
function redacted(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(a URL that does not parse)';
  }
}

/**
 * @param {{ kind: 'pglite' | 'postgres' | 'url', url?: string, pool: number }} choice what --db and --pool resolved to
 * @param {{ prepare?: (kind, folder) => Promise<object>, onWarning?: (message: string) => void }} [options] prepare: the
 *   problem's preparation of the session (its database model's prepareSession), whose result the children get
 * @returns {Promise<{ label, childOptions, startMs, close() }>} label: what a results line records (params.db)
 */
async function openSessionDatabase(choice, { prepare, onWarning = () => {} } = {}) {
  if (choice.kind === 'pglite') {
    // What the problem prepares once (PGlite's template) goes in a folder of the session's own.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-pglite-'));
    const remove = () => fs.rmSync(folder, { recursive: true, force: true });
    try {
      const prepared = prepare ? await prepare('pglite', folder) : {};
      const session = {
        label: 'pglite',
        childOptions: { kind: 'pglite', ...prepared },
        startMs: null,
        async close() {
          open.delete(session);
          remove();
        },
      };
      open.add(session);
      return session;
    } catch (error) {
      remove();
      throw error;
    }
  }
  const pg = require('pg');
  const schema = schemaName();
  let server = null;
  let url = choice.url;
  if (choice.kind === 'postgres') {
    server = await startServer();
    url = server.url;
    let restarts = 0;
    const watch = (running) =>
      running.onExit(async (code, signal) => {
        // What the exited server left: its folder.
        await running.stop();
        if (restarts++ >= RESTARTS) {
          onWarning(`database server exited (${signal ?? `code ${code}`}) again; not restarted: the runs left will fail`);
          return;
        }
        onWarning(`database server exited (${signal ?? `code ${code}`}); starting a fresh one for the next run`);
        try {
          server = await startServer({ port: running.port, password: running.password });
          watch(server);
        } catch (error) {
          onWarning(`database server could not be started again: ${error.message}`);
        }
      });
    watch(server);
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10000 });
  try {
    await client.connect();
    await client.query(`CREATE SCHEMA ${pg.escapeIdentifier(schema)}`);
  } catch (error) {
    await client.end().catch(() => {});
    if (server) await server.stop();
    throw Object.assign(new Error(`cannot use ${redacted(url)}: ${error.message}`), { database: true });
  }
  await client.end();
  const session = {
    label: choice.kind,
    childOptions: { kind: 'postgres', url, pool: choice.pool, schema },
    startMs: server ? server.startMs : null,
    // The server serving now (a fresh one after an exit), or null for a URL.
    server: () => server,
    async close() {
      open.delete(session);
      if (server) {
        await server.stop();
        return;
      }
      // The user's server: only the session's schema is dropped.
      const dropper = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10000 });
      try {
        await dropper.connect();
        await dropper.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(schema)} CASCADE`);
      } finally {
        await dropper.end().catch(() => {});
      }
    },
  };
  open.add(session);
  return session;
}

/** Closes every session database still open (an interrupted session's). */
async function closeAll() {
  await Promise.allSettled([...open].map((session) => session.close()));
}

module.exports = { openSessionDatabase, closeAll, redacted };
