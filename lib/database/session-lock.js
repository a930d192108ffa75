'use strict';

// How a session proves, in a database, that it is alive: for its whole life it
// holds a session-level advisory lock, on a connection of its own, keyed by
// its id. Whoever can take that lock knows the session has ended, whatever
// host, container or PID namespace it ran in; while it is held, the schema is
// a live session's. The server frees the lock when the connection ends, so a
// killed session's lock is free at once. (A pooler in transaction mode, such
// as PgBouncer's, hands a session's statements to different server
// connections: a session-level lock does not hold there, which the database
// how-to states.)

// The lock's first key, the same for every session: "asmk" as an int4.
const LOCK_CLASS = 0x61736d6b;

/** @param {string} id a session's id, 8 hex digits (mark.js) @returns {[number, number]} the lock's two int4 keys */
function lockKey(id) {
  if (!/^[0-9a-f]{8}$/.test(id)) throw new RangeError(`a session id is 8 hex digits; got ${JSON.stringify(id)}`);
  return [LOCK_CLASS, Number.parseInt(id, 16) | 0];
}

/**
 * Takes a session's lock on a client, if nobody holds it.
 * @returns {Promise<boolean>} whether this client now holds it (then release it with releaseLock)
 */
async function takeLock(client, id) {
  const { rows } = await client.query('SELECT pg_try_advisory_lock($1, $2) AS taken', lockKey(id));
  return rows[0].taken === true;
}

async function releaseLock(client, id) {
  await client.query('SELECT pg_advisory_unlock($1, $2)', lockKey(id));
}

/**
 * Holds the session's lock for its life, on a connection of its own. A lost
 * connection (a server restart) loses the lock: it is taken again on a new
 * connection, and onLost is told when that fails.
 * @param {() => Promise<object>} connect makes a connected node-postgres client
 * @param {string} id
 * @param {{ onLost?: (message: string) => void }} [options]
 * @returns {Promise<{ release(): Promise<void> }>}
 */
async function holdSessionLock(connect, id, { onLost = () => {} } = {}) {
  let client = null;
  let released = false;
  const hold = async () => {
    const next = await connect();
    next.on('error', () => lost());
    next.on('end', () => lost());
    if (!(await takeLock(next, id))) {
      await next.end().catch(() => {});
      throw new Error(`the lock of session ${id} is held by another connection`);
    }
    client = next;
  };
  let retaking = null;
  function lost() {
    if (released || retaking) return;
    client = null;
    retaking = hold()
      .catch((error) =>
        onLost(
          `the session's lock in the database was lost and could not be taken again (${error.message}): another session may take this one's schema for an orphan`,
        ),
      )
      .finally(() => {
        retaking = null;
      });
  }
  await hold();
  return {
    async release() {
      released = true;
      await retaking;
      if (!client) return;
      const holder = client;
      client = null;
      await releaseLock(holder, id).catch(() => {});
      await holder.end().catch(() => {});
    },
  };
}

module.exports = { LOCK_CLASS, lockKey, takeLock, releaseLock, holdSessionLock };
