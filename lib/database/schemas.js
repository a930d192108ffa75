'use strict';

const { PREFIX, readMark, isOrphan } = require('./mark');
const { takeLock, releaseLock } = require('./session-lock');

// The schemas of asyncmark's sessions in a database, read through a connected
// node-postgres client: those that carry a session's mark (mark.js), and the
// orphans among them, left by a session that has ended. A schema is only ever
// dropped after its mark has been read again in the same transaction, so a
// schema renamed or re-commented meanwhile is left alone, and only object by
// object, so that nothing a person built on it goes with it.

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

// What outside a schema depends on what is in it, or on it: a view or a rule
// on one of its tables, a foreign key into one, a default or a trigger that
// calls one of its functions. DROP ... CASCADE would drop those too, wherever
// they live; they are a person's, and are never dropped. An object whose own
// schema cannot be told (a publication's member, say) counts as outside.
const DEPENDENTS = `WITH ns AS (SELECT oid FROM pg_namespace WHERE nspname = $1),
  inside AS (
    SELECT 'pg_class'::regclass AS classid, c.oid AS objid FROM pg_class c, ns WHERE c.relnamespace = ns.oid
    UNION ALL SELECT 'pg_proc'::regclass, p.oid FROM pg_proc p, ns WHERE p.pronamespace = ns.oid
    UNION ALL SELECT 'pg_type'::regclass, t.oid FROM pg_type t, ns WHERE t.typnamespace = ns.oid
    UNION ALL SELECT 'pg_namespace'::regclass, ns.oid FROM ns),
  dependents AS (
    SELECT d.classid, d.objid, d.objsubid, d.refclassid, d.refobjid, d.refobjsubid,
      coalesce(i.schema, (SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = CASE d.classid
        WHEN 'pg_rewrite'::regclass THEN (SELECT ev_class FROM pg_rewrite WHERE oid = d.objid)
        WHEN 'pg_attrdef'::regclass THEN (SELECT adrelid FROM pg_attrdef WHERE oid = d.objid)
        WHEN 'pg_trigger'::regclass THEN (SELECT tgrelid FROM pg_trigger WHERE oid = d.objid)
        WHEN 'pg_policy'::regclass THEN (SELECT polrelid FROM pg_policy WHERE oid = d.objid)
      END)) AS lives_in
    FROM pg_depend d JOIN inside o ON d.refclassid = o.classid AND d.refobjid = o.objid
    CROSS JOIN LATERAL pg_identify_object(d.classid, d.objid, d.objsubid) i
    WHERE d.deptype IN ('n', 'a'))
  SELECT DISTINCT pg_describe_object(classid, objid, objsubid) AS dependent, pg_describe_object(refclassid, refobjid, refobjsubid) AS "on"
  FROM dependents WHERE lives_in IS DISTINCT FROM $1 ORDER BY 1, 2`;

// What the schema holds, by kind, with whether this connection's role owns
// it: the session made its objects as that role, and drops only those.
// Types made with a table (its row type, arrays) go with it.
const CONTENTS = `WITH ns AS (SELECT oid FROM pg_namespace WHERE nspname = $1)
  SELECT CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE'
      WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END AS kind,
    format('%I.%I', $1, c.relname) AS name, pg_has_role(c.relowner, 'USAGE') AS own
  FROM pg_class c, ns WHERE c.relnamespace = ns.oid AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
    AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a', 'i')))
  UNION ALL
  SELECT CASE p.prokind WHEN 'p' THEN 'PROCEDURE' WHEN 'a' THEN 'AGGREGATE' ELSE 'FUNCTION' END,
    format('%I.%I(%s)', $1, p.proname, pg_get_function_identity_arguments(p.oid)), pg_has_role(p.proowner, 'USAGE')
  FROM pg_proc p, ns WHERE p.pronamespace = ns.oid
  UNION ALL
  SELECT CASE t.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, format('%I.%I', $1, t.typname), pg_has_role(t.typowner, 'USAGE')
  FROM pg_type t, ns WHERE t.typnamespace = ns.oid AND t.typtype IN ('c', 'd', 'e', 'r')
    AND (t.typtype <> 'c' OR (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c')`;

// The order in which kinds are dropped, each kind in one statement (so that
// tables with keys between them go together), none with CASCADE.
const DROP_ORDER = ['MATERIALIZED VIEW', 'VIEW', 'FOREIGN TABLE', 'TABLE', 'SEQUENCE', 'AGGREGATE', 'PROCEDURE', 'FUNCTION', 'DOMAIN', 'TYPE'];

/**
 * Drops one session's schema, if it still carries the mark given, object by
 * object and never with CASCADE: nothing of a person's goes with it. Where
 * something outside depends on it, or it holds an object another role made,
 * nothing at all is dropped, and the answer says what.
 * @returns {Promise<{ dropped: boolean, why?: string, dependents?: string[], others?: string[] }>}
 *   why: 'mark' (its mark changed, or it is gone), 'dependents' (what outside depends on it, as
 *   "<object> (on <its object>)"), 'others' (its objects that another role made)
 */
async function dropSessionSchema(client, { schema, mark }) {
  await client.query('BEGIN');
  try {
    const { rows } = await client.query(`SELECT obj_description(oid, 'pg_namespace') AS comment FROM pg_namespace WHERE nspname = $1`, [schema]);
    const now = rows.length ? readMark(schema, rows[0].comment) : null;
    if (!now || now.id !== mark.id || now.pid !== mark.pid || now.host !== mark.host) {
      await client.query('ROLLBACK');
      return { dropped: false, why: 'mark' };
    }
    const dependents = (await client.query(DEPENDENTS, [schema])).rows.map((row) => `${row.dependent} (on ${row.on})`);
    if (dependents.length) {
      await client.query('ROLLBACK');
      return { dropped: false, why: 'dependents', dependents };
    }
    const contents = (await client.query(CONTENTS, [schema])).rows;
    const others = contents.filter((row) => !row.own).map((row) => `${row.kind.toLowerCase()} ${row.name}`);
    if (others.length) {
      await client.query('ROLLBACK');
      return { dropped: false, why: 'others', others };
    }
    for (const kind of DROP_ORDER) {
      const names = contents.filter((row) => row.kind === kind).map((row) => row.name);
      if (names.length) await client.query(`DROP ${kind} ${names.join(', ')}`);
    }
    await client.query(`DROP SCHEMA ${quoteIdentifier(schema)}`);
    await client.query('COMMIT');
    return { dropped: true };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/**
 * What a schema that could not be dropped leaves, in words, for one line.
 * @param {{ why: string, dependents?: string[], others?: string[] }} outcome dropSessionSchema's
 */
function whyLeft(outcome) {
  if (outcome.why === 'dependents') return `objects outside it depend on it, and dropping it would drop them: ${outcome.dependents.join('; ')}`;
  if (outcome.why === 'others') return `it holds objects another role made: ${outcome.others.join('; ')}`;
  return 'its mark changed since it was read';
}

/**
 * Whether a marked schema's session has ended. A mark with a lock is proven
 * ended by taking its lock, which client then holds until released
 * (releaseLock); an older asyncmark's mark is judged by isOrphan.
 * @param {{ host?: string, alive?: (pid: number) => boolean }} [options] as isOrphan takes them
 * @returns {Promise<boolean>}
 */
async function sessionEnded(client, mark, options = {}) {
  if (mark.lock === 'advisory') return takeLock(client, mark.id);
  return isOrphan(mark, options);
}

/**
 * Drops the orphans: marks whose session has ended (sessionEnded). One that
 * cannot be dropped without a person's objects is left, and said.
 * @param {{ host?: string, alive?: (pid: number) => boolean }} [options] as isOrphan takes them
 * @returns {Promise<{ dropped: string[], left: string[] }>} left: a line for each orphan left
 */
async function removeOrphanSchemas(client, options = {}) {
  const { marked } = await sessionSchemas(client);
  const dropped = [];
  const left = [];
  for (const entry of marked) {
    if (!(await sessionEnded(client, entry.mark, options))) continue;
    try {
      const outcome = await dropSessionSchema(client, entry);
      if (outcome.dropped) dropped.push(entry.schema);
      else if (outcome.why !== 'mark') left.push(`${entry.schema}, left by an ended session, is left: ${whyLeft(outcome)}`);
    } finally {
      if (entry.mark.lock === 'advisory') await releaseLock(client, entry.mark.id).catch(() => {});
    }
  }
  return { dropped, left };
}

// The name as SQL reads it; a mark's schema name is asyncmark_ and hex digits,
// but the quoting does not rely on that.
function quoteIdentifier(name) {
  return `"${String(name).replace(/"/g, '""')}"`;
}

module.exports = { sessionSchemas, dropSessionSchema, whyLeft, sessionEnded, removeOrphanSchemas };
