'use strict';

const { sessionSchemas } = require('./schemas');

// What a session asks of a server before it writes anything, through a
// connected node-postgres client: the server's version and the settings that
// change what a run measures (recorded with each run), how many connections
// it has room for, and whether asyncmark's objects already lie outside a
// marked session schema. Every statement names the catalog it reads.

const FACTS = `SELECT current_setting('server_version') AS version,
  current_setting('max_connections')::int AS max_connections,
  current_setting('superuser_reserved_connections')::int AS superuser_reserved,
  coalesce(current_setting('reserved_connections', true), '0')::int AS reserved,
  current_setting('shared_buffers') AS shared_buffers,
  current_setting('fsync') AS fsync,
  current_setting('synchronous_commit') AS synchronous_commit,
  (SELECT count(*)::int FROM pg_catalog.pg_stat_activity WHERE backend_type = 'client backend') AS in_use,
  current_database() AS database, current_user AS role,
  (SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user) AS superuser,
  (SELECT datconnlimit FROM pg_catalog.pg_database WHERE datname = current_database()) AS database_limit,
  (SELECT count(*)::int FROM pg_catalog.pg_stat_activity WHERE backend_type = 'client backend' AND datname = current_database()) AS database_in_use,
  (SELECT rolconnlimit FROM pg_catalog.pg_roles WHERE rolname = current_user) AS role_limit,
  (SELECT count(*)::int FROM pg_catalog.pg_stat_activity WHERE backend_type = 'client backend' AND usename = current_user) AS role_in_use`;

/**
 * @returns {Promise<{ version, settings: { max_connections, shared_buffers, fsync, synchronous_commit },
 *   connections: { max, reserved, inUse, limits } }>} inUse: client connections open now, this one included;
 *   limits: the database's and the role's own CONNECTION LIMITs, where set and where they apply (not to a superuser)
 */
async function serverFacts(client) {
  const [row] = (await client.query(FACTS)).rows;
  const limits = [];
  if (!row.superuser && row.database_limit >= 0) {
    limits.push({ what: `database ${row.database}'s CONNECTION LIMIT ${row.database_limit}`, limit: row.database_limit, inUse: row.database_in_use });
  }
  if (!row.superuser && row.role_limit >= 0) {
    limits.push({ what: `role ${row.role}'s CONNECTION LIMIT ${row.role_limit}`, limit: row.role_limit, inUse: row.role_in_use });
  }
  return {
    version: row.version,
    settings: { max_connections: row.max_connections, shared_buffers: row.shared_buffers, fsync: row.fsync, synchronous_commit: row.synchronous_commit },
    connections: { max: row.max_connections, reserved: row.superuser_reserved + row.reserved, inUse: row.in_use, limits },
  };
}

/**
 * Why a run's connections cannot fit, or null. A run's child opens its pool
 * and one connection on the side; the session's own connection (counted in
 * inUse) is closed before the first run, and `held` stay open beside the runs
 * (the session's lock). Slots reserved for superusers are not counted as
 * room, whoever connects. The database's and the role's own limits count too.
 * @param {number} pool --pool
 * @param {{ max, reserved, inUse, limits? }} connections serverFacts's
 * @param {{ held?: number }} [options]
 * @returns {string | null}
 */
function poolRefusal(pool, { max, reserved, inUse, limits = [] }, { held = 0 } = {}) {
  const needed = pool + 1;
  const side = held ? ` and ${held} the session holds` : '';
  const ask = (room, why) => {
    if (needed <= room) return null;
    const advice = room >= 2 ? `use --pool ${room - 1} or less` : 'there is no room for a run now';
    return `--pool ${pool}: each run opens ${needed} connections (the pool and one on the side), but there is room for ${Math.max(0, room)} (${why}); ${advice}`;
  };
  // This connection is closed before the first run; the session's own stay.
  const others = Math.max(0, inUse - 1);
  const server = ask(max - reserved - others - held, `max_connections ${max}, ${reserved} reserved, ${others} in use by others${side}`);
  if (server) return server;
  for (const { what, limit, inUse: used } of limits) {
    const theirs = Math.max(0, used - 1);
    const refusal = ask(limit - theirs - held, `${what}, ${theirs} in use by others${side}`);
    if (refusal) return refusal;
  }
  return null;
}

const FOUND = `SELECT n.nspname AS schema, 'function' AS kind, p.proname AS name
    FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
    WHERE p.proname = ANY($1)
  UNION ALL
  SELECT n.nspname, 'trigger', t.tgname || ' on ' || n.nspname || '.' || c.relname
    FROM pg_catalog.pg_trigger t
    JOIN pg_catalog.pg_proc p ON p.oid = t.tgfoid
    JOIN pg_catalog.pg_class c ON c.oid = t.tgrelid
    JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    WHERE NOT t.tgisinternal AND p.proname = ANY($1)
  ORDER BY 1, 2, 3`;

/**
 * asyncmark's objects outside a schema marked by a session: functions named
 * as the problem's are (signature.functions), and triggers that call one.
 * @param {{ functions: string[] }} signature
 * @returns {Promise<{ schema, kind: 'function' | 'trigger', name }[]>}
 */
async function foreignObjects(client, signature) {
  if (!signature.functions.length) return [];
  const { marked } = await sessionSchemas(client);
  const own = new Set(marked.map((entry) => entry.schema));
  const { rows } = await client.query(FOUND, [signature.functions]);
  return rows.filter((row) => !own.has(row.schema));
}

/** The refusal of a database that holds foreignObjects, in one line. */
function foreignText(found, signature, database) {
  const functions = found.filter((f) => f.kind === 'function');
  const triggers = found.filter((f) => f.kind === 'trigger');
  const listed = (items, qualify) => {
    const names = items.map(qualify);
    return `${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''}`;
  };
  const parts = [];
  if (functions.length) parts.push(`${functions.length} function${functions.length > 1 ? 's' : ''} (${listed(functions, (f) => `${f.schema}.${f.name}`)})`);
  if (triggers.length) parts.push(`${triggers.length} trigger${triggers.length > 1 ? 's' : ''} (${listed(triggers, (t) => t.name)})`);
  return (
    `database ${database ?? '(default)'} already holds asyncmark's objects outside a session's marked schema: ${parts.join(' and ')}; ` +
    `nothing was changed. asyncmark knows its objects by these function names: ${signature.functions.join(', ')}, and triggers that call them; ` +
    'an older asyncmark may have left them: drop them yourself if they are not yours'
  );
}

/**
 * Why the session's user cannot make its schema in this database, or null:
 * asked before trying, so that a refusal writes nothing.
 * @returns {Promise<string | null>}
 */
async function createRefusal(client) {
  const [row] = (
    await client.query(
      `SELECT pg_catalog.has_database_privilege(current_user, pg_catalog.current_database(), 'CREATE') AS can, current_user AS who,
        pg_catalog.current_database() AS db, pg_catalog.pg_is_in_recovery() AS standby,
        pg_catalog.current_setting('default_transaction_read_only') AS read_only`,
    )
  ).rows;
  if (row.standby) return `the server is a standby (a read-only replica): a session makes a schema of its own; point --db at the primary; nothing was changed`;
  if (row.read_only === 'on') {
    return `default_transaction_read_only is on for user ${row.who} or database ${row.db}: a session makes a schema of its own; use a role or database whose transactions may write; nothing was changed`;
  }
  if (row.can) return null;
  return `user ${row.who} may not create a schema in database ${row.db} (GRANT CREATE ON DATABASE ${row.db} TO ${row.who}, or use another user); nothing was changed`;
}

module.exports = { serverFacts, poolRefusal, foreignObjects, foreignText, createRefusal };
