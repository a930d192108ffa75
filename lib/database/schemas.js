'use strict';

const { PREFIX, readMark, isOrphan } = require('./mark');

// The schemas of asyncmark's sessions in a database, read through a connected
// node-postgres client: those that carry a session's mark (mark.js), and the
// orphans among them, left by a session whose process has died. A schema is
// only ever dropped after its mark has been read again in the same
// transaction, so a schema renamed or re-commented meanwhile is left alone.

const LIST = `SELECT n.nspname AS schema, obj_description(n.oid, 'pg_namespace') AS comment
  FROM pg_namespace n
  WHERE starts_with(n.nspname, $1)
  ORDER BY n.nspname`;

/**
 * @param {{ query: Function }} client
 * @returns {Promise<{ marked: { schema: string, mark: object }[], unmarked: string[] }>} unmarked: schemas
 *   named like asyncmark's without its mark, which nothing here touches
 */
async function sessionSchemas(client) {
  const { rows } = await client.query(LIST, [PREFIX]);
  const marked = [];
  const unmarked = [];
  for (const { schema, comment } of rows) {
    const mark = readMark(schema, comment);
    if (mark) marked.push({ schema, mark });
    else unmarked.push(schema);
  }
  return { marked, unmarked };
}

/**
 * Drops one session's schema, if it still carries the mark given.
 * @returns {Promise<boolean>} whether it was dropped
 */
async function dropSessionSchema(client, { schema, mark }) {
  await client.query('BEGIN');
  try {
    const { rows } = await client.query(`SELECT obj_description(oid, 'pg_namespace') AS comment FROM pg_namespace WHERE nspname = $1`, [schema]);
    const now = rows.length ? readMark(schema, rows[0].comment) : null;
    if (!now || now.id !== mark.id || now.pid !== mark.pid || now.host !== mark.host) {
      await client.query('ROLLBACK');
      return false;
    }
    await client.query(`DROP SCHEMA ${quoteIdentifier(schema)} CASCADE`);
    await client.query('COMMIT');
    return true;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/**
 * Drops the orphans: marks of this host whose session's process has gone.
 * @param {{ host?: string, alive?: (pid: number) => boolean }} [options] as isOrphan takes them
 * @returns {Promise<string[]>} the schemas dropped
 */
async function removeOrphanSchemas(client, options = {}) {
  const { marked } = await sessionSchemas(client);
  const dropped = [];
  for (const entry of marked.filter(({ mark }) => isOrphan(mark, options))) {
    if (await dropSessionSchema(client, entry)) dropped.push(entry.schema);
  }
  return dropped;
}

// The name as SQL reads it; a mark's schema name is asyncmark_ and hex digits,
// but the quoting does not rely on that.
function quoteIdentifier(name) {
  return `"${String(name).replace(/"/g, '""')}"`;
}

module.exports = { sessionSchemas, dropSessionSchema, removeOrphanSchemas };
