'use strict';

// The checks after a run against a real database, in SQL: every upload that
// succeeded left its rows exactly once, every one that failed left none, and
// no transaction or connection is left open. Each returns what is wrong, as
// sentences; none when all is well.

const QUERIES = [
  {
    text: 'SELECT count(*)::int AS count FROM commits c WHERE (SELECT count(*) FROM versions v WHERE v.tx = c.tx) <> 1 OR (SELECT count(*) FROM file_versions f WHERE f.tx = c.tx) <> 1',
    problem: (count) => `${count} committed uploads do not have exactly one version and one file-version row`,
  },
  {
    text: 'SELECT count(*)::int AS count FROM commits c JOIN file_versions fv ON fv.tx = c.tx JOIN versions v ON v.tx = c.tx JOIN files f ON f.id = fv.file_id WHERE fv.version_id <> v.id OR f.version <> v.id',
    problem: (count) => `${count} committed uploads' file does not point at their version`,
  },
  {
    text: 'SELECT ((SELECT count(*) FROM versions WHERE tx NOT IN (SELECT tx FROM commits)) + (SELECT count(*) FROM file_versions WHERE tx NOT IN (SELECT tx FROM commits)) + (SELECT count(*) FROM files WHERE tx IS NOT NULL AND tx NOT IN (SELECT tx FROM commits)))::int AS count',
    problem: (count) => `${count} rows of uploads that did not commit`,
  },
];

/**
 * @param {object} connection the run's (pglite.js, postgres.js)
 * @param {object} engine the run's DatabaseEngine, after idle()
 * @param {{ n: number, failed: number }} run uploads made, and those that failed
 * @returns {Promise<string[]>}
 */
async function checkData(connection, engine, { n, failed }) {
  const problems = [];
  const { stall } = engine;
  if (stall.error !== null) {
    problems.push(
      `the run stalled: ${stall.failed} statements waited for a connection that transaction ${listed(stall.holders)} held with no statement running, and were failed`,
    );
  }
  const open = engine.openTransactions();
  if (open.length) problems.push(`${open.length} transactions left open (neither committed nor rolled back): ${listed(open)}`);
  const usage = connection.usage();
  if (usage.checkedOut > 0) problems.push(`${usage.checkedOut} database connections not given back`);
  // What was left open is rolled back, so that its connections can answer the
  // checks below; only a connection that is free can.
  await engine.rollbackLeft();
  if (connection.usage().checkedOut > 0) return problems;
  const onServer = await connection.openOnServer();
  if (onServer) problems.push(`${onServer} transactions open on the database server`);
  const [{ count: committed }] = await connection.query('SELECT count(*)::int AS count FROM commits');
  if (committed !== n - failed) problems.push(`${n - failed} uploads succeeded but ${committed} transactions committed`);
  for (const { text, problem } of QUERIES) {
    const [{ count }] = await connection.query(text);
    if (count > 0) problems.push(problem(count));
  }
  return problems;
}

function listed(ids) {
  return `${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ' …' : ''}`;
}

module.exports = { checkData };
