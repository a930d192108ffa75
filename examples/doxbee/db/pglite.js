'use strict';

const fs = require('node:fs');
const { PGlite } = require('../../../lib/optional-dependency').requireOptional('@electric-sql/pglite', '--db pglite');

// PGlite, PostgreSQL compiled to WebAssembly, inside this process. It has one
// connection: a transaction holds it from BEGIN to its end, and every other
// statement waits for it in turn (a lock, first come first served). Uploads
// therefore queue: on PGlite a run measures the cost of each upload, not how
// uploads overlap.

class Lock {
  constructor() {
    this.held = false;
    this.waiting = [];
  }

  acquire() {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}

/**
 * Opens PGlite in memory: from a data folder dumped earlier (dumpFile, the
 * session's template: much quicker than initdb), or afresh with schemaSql.
 * @param {{ schemaSql: string, dumpFile?: string }} options
 */
async function openPglite({ schemaSql, dumpFile }) {
  const db = await PGlite.create(dumpFile ? { loadDataDir: new Blob([fs.readFileSync(dumpFile)]) } : {});
  if (!dumpFile) await db.exec(schemaSql);
  const lock = new Lock();
  const client = {
    query: (text, params) => db.query(text, params),
    exec: (text) => db.exec(text),
    release: () => lock.release(),
  };
  return {
    kind: 'pglite',
    async acquire() {
      await lock.acquire();
      return client;
    },
    // A statement on its own waits for the connection as a transaction does;
    // refused(), asked once it came, may give the error to fail it with unsent.
    async query(text, params, refused = () => null) {
      await lock.acquire();
      try {
        const refusal = refused();
        if (refusal !== null) throw refusal;
        return (await db.query(text, params)).rows;
      } finally {
        lock.release();
      }
    },
    // A read-only question that cannot fail (schema.sql's asyncmark_refusal):
    // it runs on the one session without waiting for the lock, inside
    // whichever transaction holds it, which it can neither change nor abort.
    ask: async (text, params) => (await db.query(text, params)).rows,
    // Connections handed out and not given back, and statements waiting for one.
    usage: () => ({ checkedOut: lock.held ? 1 : 0, waiting: lock.waiting.length, size: 1 }),
    // The session's own view of an open transaction: one that wrote has a
    // transaction id, and one that failed refuses every statement (25P02).
    async openOnServer() {
      if (lock.held) return null;
      try {
        const { rows } = await db.query('SELECT pg_current_xact_id_if_assigned() IS NOT NULL AS open');
        return rows[0].open ? 1 : 0;
      } catch (error) {
        if (error.code === '25P02') return 1;
        throw error;
      }
    },
    dump: () => db.dumpDataDir('none'),
    close: () => db.close(),
  };
}

module.exports = { openPglite };
