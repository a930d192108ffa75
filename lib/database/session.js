'use strict';

const os = require('node:os');
const { startServer } = require('./server');
const { makeOwnedFolder } = require('./owned-folder');
const { requireOptional } = require('../optional-dependency');
const { newSessionId, schemaOf, markText } = require('./mark');
const { removeOrphanSchemas, dropSessionSchema, whyLeft } = require('./schemas');
const { holdSessionLock } = require('./session-lock');
const { parseDatabaseUrl, describeTarget, clientConfig, ConnectionError, rememberPassword, targetUrl, childCredentials, maskSecrets } = require('./connection');
const { serverFacts, poolRefusal, foreignObjects, foreignText, createRefusal } = require('./server-facts');

// The database of a bench session (--db): what each run's child is told to
// open (childOptions.database), made before the first run and undone after the
// last, on Ctrl-C too (closeAll, from bench/interrupt.js). In a database it
// did not start, a session owns one schema, made and marked by it (mark.js),
// and nothing else: before it writes anything it refuses a database that
// holds asyncmark's objects outside a marked schema, and a pool the server
// cannot serve. A server of the session's own that exits during a run is
// started afresh, once, on the same port and password, so that the next run
// finds it; a second exit stops it for good, and every run after says so.

const open = new Set();
// Sessions whose close has started and not finished: what an abrupt exit leaves.
const closing = new Set();
const RESTARTS = 1;
// How long a look at whether the server still answers may take.
const REACH_MS = 3000;

// A URL as it may be shown: without its password, whatever its form.
const redacted = (url) => maskSecrets(url);

/**
 * @param {{ kind: 'pglite' | 'postgres' | 'url', url?: string, pool: number }} choice what --db and --pool resolved to
 * @param {object} [options]
 * @param {(kind, place) => Promise<object>} [options.prepare] the problem's preparation of the session (its database
 *   model's prepareSession), whose result the children get; place: { folder } for pglite
 * @param {{ functions: string[] }} [options.signature] the names only asyncmark's functions have (the problem's):
 *   such a function, or a trigger that calls one, outside a marked schema is refused
 * @param {(message: string) => void} [options.onWarning]
 * @param {(message: string) => void} [options.onNote] what the session says it did (orphans removed, the connection)
 * @returns {Promise<{ label, childOptions, childEnv, server, facts, startMs, reachable(), close() }>} label: what a
 *   results line records (params.db); childEnv: what each run's child adds to its environment (the password as a
 *   secret, which the child takes on its stdin: lib/runner/child/secrets.js)
 */
async function openSessionDatabase(choice, { prepare, signature = { functions: [] }, onWarning = () => {}, onNote = () => {} } = {}) {
  if (choice.kind === 'pglite') return openPglite(prepare);
  const pg = requireOptional('pg', '--db postgres or a postgres:// URL');
  const id = newSessionId();
  const schema = schemaOf(id);
  // A session in a person's database proves it lives by its lock (session-lock.js).
  const mark = { id, pid: process.pid, host: os.hostname(), started: new Date().toISOString(), ...(choice.kind === 'url' ? { lock: 'advisory' } : {}) };
  let server = null;
  let url = choice.url;
  // Why the session's own server is gone for good (it exited again, or could not start again).
  let ended = null;
  if (choice.kind === 'postgres') {
    server = await startServer();
    url = server.url;
    // A fresh server after an exit is empty: the session's schema is made there again.
    watchServer(
      server,
      (message, final) => {
        if (final) ended = message;
        onWarning(message);
      },
      async (fresh) => {
        // Served only once its schema is there again.
        const again = quietClient(pg, clientConfig(parseDatabaseUrl(fresh.url, {}).target, { password: fresh.password, schema: 'pg_catalog' }));
        try {
          await again.connect();
          await makeSchema(again, schema, mark);
        } finally {
          await again.end().catch(() => {});
        }
        server = fresh;
      },
    );
  }
  let parsed;
  try {
    parsed = parseDatabaseUrl(url, choice.kind === 'postgres' ? {} : process.env);
  } catch (error) {
    if (server) await server.stop();
    throw error;
  }
  const { target, password } = parsed;
  if (choice.kind === 'url') {
    const passwordFrom = parsed.passwordFrom ?? (process.env.PGPASSWORD ? 'from PGPASSWORD' : 'from ~/.pgpass (PGPASSFILE), or none');
    onNote(`database: ${describeTarget(target, passwordFrom)}`);
  }
  // The session's own statements name their schema; anything unqualified
  // would find only the catalog, where nothing can be made.
  const sessionConfig = clientConfig(target, { password, schema: 'pg_catalog', applicationName: `asyncmark-session-${process.pid}` });
  const client = quietClient(pg, sessionConfig);
  const where = `${target.host ?? 'localhost'}:${target.port ?? 5432}`;
  const connect = async () => {
    const made = quietClient(pg, sessionConfig);
    await made.connect();
    return made;
  };
  let facts;
  let lock = null;
  try {
    await client.connect().catch((error) => {
      throw new ConnectionError(`cannot connect to ${where}: ${error.message}`);
    });
    facts = await serverFacts(client);
    const tooSmall = poolRefusal(choice.pool, facts.connections, { held: mark.lock ? 1 : 0 });
    if (tooSmall) throw Object.assign(new ConnectionError(tooSmall), { parameter: '--pool' });
    const cannot = await createRefusal(client);
    if (cannot) throw new ConnectionError(cannot);
    // Every refusal comes before the first write: removing orphans is one.
    const found = await foreignObjects(client, signature);
    if (found.length) throw new ConnectionError(foreignText(found, signature, target.database));
    const orphans = await removeOrphanSchemas(client);
    if (orphans.dropped.length) onNote(`removed ${orphans.dropped.length} schemas left by earlier sessions that have ended: ${orphans.dropped.join(', ')}`);
    for (const line of orphans.left) onWarning(line);
    // The lock before the schema: no moment where the schema is there and its session cannot prove it lives.
    if (mark.lock) lock = await holdSessionLock(connect, id, { onLost: onWarning });
    await makeSchema(client, schema, mark);
  } catch (error) {
    if (lock) await lock.release();
    if (server) await server.stop();
    throw error instanceof ConnectionError ? error : new ConnectionError(`cannot use ${where}: ${error.message}`);
  } finally {
    await client.end().catch(() => {});
  }
  // A run's child is handed the password as a secret (childEnv: connection.js
  // childCredentials), in neither its environment nor its command line; a run
  // opened in this process (a test's) finds it here.
  if (password) rememberPassword(target, password);
  const session = {
    label: choice.kind,
    childOptions: { kind: 'postgres', url: targetUrl(target), pool: choice.pool, schema, ...(server ? { restarting: true } : {}) },
    childEnv: childCredentials(password ?? process.env.PGPASSWORD ?? null),
    facts,
    schema,
    startMs: server ? server.startMs : null,
    // The server serving now (a fresh one after an exit), or null for a URL.
    server: () => server,
    // Null while the server answers; else why it does not. A server of the
    // session's own is asked only once it is gone for good (it restarts once).
    async reachable() {
      if (server) return ended;
      const probe = quietClient(pg, { ...clientConfig(target, { password, schema: 'pg_catalog' }), connectionTimeoutMillis: REACH_MS });
      try {
        await probe.connect();
        await probe.query('SELECT 1');
        return null;
      } catch (error) {
        return error.message || String(error);
      } finally {
        await probe.end().catch(() => {});
      }
    },
    // What is left in the person's database when the schema cannot be dropped, in one line.
    leftBehind: () => `schema ${schema} (its tables and functions) is left in database ${target.database ?? '(default)'} at ${where}`,
    // How a person removes it: once the session has ended, its lock is free and clean takes it for an orphan.
    removeWith: () => `npx asyncmark clean --db ${redacted(url)}`,
    // What the session is doing now, for a line on Ctrl-C.
    doing: null,
    // What an exit now would leave, and how to remove it, in one line; null when a supervisor removes it.
    leftLine: () => (server ? null : `${session.leftBehind()}; remove it with: ${session.removeWith()}`),
    async close() {
      open.delete(session);
      closing.add(session);
      try {
        await closeNow();
      } finally {
        closing.delete(session);
      }
    },
  };
  async function closeNow() {
    if (server) {
      session.doing = 'stopping the database server it started';
      await server.stop();
      return;
    }
    // The person's server: only the session's own objects are dropped, by name, after its mark is read again.
    session.doing = `dropping schema ${schema}`;
    let dropper = null;
    let watch = null;
    try {
      dropper = await connect();
      watch = watchWaits(
        dropper,
        connect,
        (line) => {
          session.doing = line;
          onWarning(line);
        },
        schema,
      );
      const outcome = await dropSessionSchema(dropper, { schema, mark });
      // Nothing of the session's is left once it is dropped (or is no longer its own).
      if (outcome.dropped || outcome.why === 'mark') closing.delete(session);
      if (!outcome.dropped && outcome.why !== 'mark') {
        throw new ConnectionError(
          `${session.leftBehind()}: ${whyLeft(outcome)}; nothing was dropped. Once those are gone, remove it with: ${session.removeWith()}`,
        );
      }
    } catch (error) {
      if (error instanceof ConnectionError) throw error;
      throw new ConnectionError(`${session.leftBehind()} (${error.message}); remove it with: ${session.removeWith()}`);
    } finally {
      if (watch) watch.stop();
      if (dropper) await dropper.end().catch(() => {});
      if (lock) await lock.release();
      session.doing = null;
    }
  }
  open.add(session);
  return session;
}

// While the drop waits for a lock (a pg_dump's, or a person's open
// transaction's), says so every few seconds, naming who holds it.
const WAIT_FIRST_MS = 2000;
const WAIT_EVERY_MS = 10000;
function watchWaits(dropper, connect, say, schema) {
  let timer = null;
  let stopped = false;
  const started = Date.now();
  const backend = dropper.query('SELECT pg_backend_pid() AS pid').then(({ rows }) => rows[0].pid);
  const look = async () => {
    let asker = null;
    try {
      asker = await connect();
      const { rows } = await asker.query(
        `SELECT a.pid, a.application_name AS app FROM pg_stat_activity a WHERE a.pid = ANY(pg_blocking_pids($1)) ORDER BY a.pid`,
        [await backend],
      );
      if (!stopped && rows.length) {
        const who = rows.map((row) => `pid ${row.pid}${row.app ? ` (${row.app})` : ''}`).join(', ');
        say(`waiting ${Math.round((Date.now() - started) / 1000)} s for a lock held by ${who} to drop ${schema}`);
      }
    } catch {
      // A look that fails says nothing; the drop itself says what went wrong.
    } finally {
      if (asker) await asker.end().catch(() => {});
    }
    if (!stopped) timer = setTimeout(look, WAIT_EVERY_MS).unref();
  };
  timer = setTimeout(look, WAIT_FIRST_MS).unref();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

// A client whose connection, lost while idle, is not an uncaught error: the
// next query on it fails, and says so.
function quietClient(pg, config) {
  const client = new pg.Client(config);
  client.on('error', () => {});
  return client;
}

// Made and marked at once: no other session ever sees it unmarked.
async function makeSchema(client, schema, mark) {
  const { escapeIdentifier, escapeLiteral } = requireOptional('pg', '--db postgres or a postgres:// URL');
  await client.query('BEGIN');
  try {
    await client.query(`CREATE SCHEMA ${escapeIdentifier(schema)}`);
    await client.query(`COMMENT ON SCHEMA ${escapeIdentifier(schema)} IS ${escapeLiteral(markText(mark))}`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

async function openPglite(prepare) {
  // What the problem prepares once (PGlite's template, 40 MB) goes in a folder
  // of the session's own, with its owner record and a supervisor that removes
  // it if the session dies, SIGKILL included (owned-folder.js).
  const { folder, remove } = makeOwnedFolder('pglite');
  try {
    const prepared = prepare ? await prepare('pglite', folder) : {};
    const session = {
      label: 'pglite',
      childOptions: { kind: 'pglite', ...prepared },
      childEnv: {},
      facts: null,
      startMs: null,
      reachable: async () => null,
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

// A server of the session's own that exits is started afresh once (see the
// top); onWarning(message, final) says whether it is gone for good.
function watchServer(first, onWarning, replaced) {
  let restarts = 0;
  const watch = (running) =>
    running.onExit(async (code, signal) => {
      // What the exited server left: its folder.
      await running.stop();
      if (restarts++ >= RESTARTS) {
        onWarning(`database server exited (${signal ?? `code ${code}`}) again; not restarted`, true);
        return;
      }
      onWarning(`database server exited (${signal ?? `code ${code}`}); starting a fresh one for the next run`, false);
      try {
        const fresh = await startServer({ port: running.port, password: running.password });
        watch(fresh);
        await replaced(fresh);
      } catch (error) {
        onWarning(`database server could not be started again: ${error.message}`, true);
      }
    });
  watch(first);
}

/**
 * Closes every session database still open (an interrupted session's).
 * @param {(message: string) => void} [onWarning] told what a close could not undo
 */
async function closeAll(onWarning = () => {}) {
  const results = await Promise.allSettled([...open].map((session) => session.close()));
  for (const result of results) if (result.status === 'rejected') onWarning(result.reason.message);
}

/**
 * What the open sessions would leave if the process ended now, a line each
 * (those a supervisor removes are not named).
 * @returns {string[]}
 */
function stillOpen() {
  return [...open, ...closing].map((session) => (session.leftLine ? session.leftLine() : null)).filter(Boolean);
}

module.exports = { openSessionDatabase, closeAll, stillOpen, redacted };
