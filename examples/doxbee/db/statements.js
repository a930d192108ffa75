'use strict';

// The SQL of each DoxBee operation (schema.sql holds the functions it calls):
// per operation, the statement of its k-th call on receiver self with the
// call's arguments a and b, and the value the call delivers from its rows.
// A statement with `tx` runs inside that transaction; any other runs on its
// own (autocommit), as the article's blob store and lookup did.

// The error of a refusal the database answered (file.createQuery's), made
// here from its message. A class of its own, as a driver's errors are
// (node-postgres's DatabaseError): bluebird's promisify wraps a plain Error in
// an OperationalError of its own, so that the caller would not get the error
// itself (conformance's stepped cases on the database found it).
class RefusalError extends Error {
  constructor(message) {
    super(message);
    this.name = 'RefusalError';
    this.code = 'P0001';
  }
}

// The statements name their functions in the session's schema (prefix, say
// "asyncmark_1a2b3c4d".), so that no search_path can send them elsewhere;
// PGlite's database is its own, and its prefix empty.
function statementsIn(prefix) {
  return {
    'blob.put': (self, stream, b, k) => ({
      text: `SELECT ${prefix}asyncmark_blob_put($1, $2, $3) AS id`,
      params: [`blob-${self.id}`, Buffer.from(String(stream)), k],
      value: (rows) => rows[0].id,
    }),
    'file.get': (self, a, b, k, engine) => ({
      text: `SELECT id, version FROM ${prefix}asyncmark_file_get($1, $2, $3)`,
      params: [self.idOrPath, Boolean(engine.options.fileExists), k],
      value: (rows) => (rows.length ? { id: rows[0].id, version: rows[0].version } : null),
    }),
    // A query builder makes its query on the client: no statement, and so no
    // connection, which a transaction of the same upload may be holding (PGlite
    // has one; a pool may have none left). Whether the call fails is still the
    // database's decision (asyncmark_refusal, schema.sql), asked on the side
    // (connection.ask: a read-only question that cannot fail a transaction), and
    // its answer is the error. The query carries the file's path, which the
    // model's row (what a trace shows) leaves out.
    'file.createQuery': (self, idOrPath, fields, k, engine, spec) => ({
      side: true,
      text: `SELECT ${prefix}asyncmark_refusal('file.createQuery', $1) AS refusal`,
      params: [k],
      value: ([{ refusal }]) => {
        if (refusal !== null) throw new RefusalError(refusal);
        const query = spec.value.call(self, idOrPath, fields);
        query.row = { ...query.row, path: idOrPath };
        return query;
      },
    }),
    'version.insert': ({ row }, tx, b, k) => ({
      tx,
      text: `SELECT ${prefix}asyncmark_version_insert($1, $2, $3, $4, $5, $6, $7)`,
      params: [row.id, row.blobId, row.userAccountId, row.creatorId, row.previousId, tx.id, k],
      value: () => null,
    }),
    'file.insert': ({ row }, tx, b, k) => ({
      tx,
      text: `SELECT ${prefix}asyncmark_file_insert($1, $2, $3, $4, $5, $6, $7)`,
      params: [row.id, row.path, row.userAccountId, row.name, row.version, tx.id, k],
      value: () => null,
    }),
    'fileVersion.insert': ({ row }, tx, b, k) => ({
      tx,
      text: `SELECT ${prefix}asyncmark_file_version_insert($1, $2, $3, $4)`,
      params: [row.fileId, row.versionId, tx.id, k],
      value: () => null,
    }),
    'file.update': ({ row }, tx, b, k) => ({
      tx,
      text: `SELECT ${prefix}asyncmark_file_update($1, $2, $3)`,
      params: [row.where.id, row.values.version, k],
      value: () => null,
    }),
  };
}

const made = new Map();

/** The statements for a prefix, made once. */
function statementsFor(prefix = '') {
  if (!made.has(prefix)) made.set(prefix, statementsIn(prefix));
  return made.get(prefix);
}

// The commit of transaction tx, its k-th: the row that the deferred trigger
// checks, and COMMIT, in one round trip (both are integers, never text).
function commitText(tx, k, prefix = '') {
  return `INSERT INTO ${prefix}commits (tx, call) VALUES (${Number(tx.id)}, ${Number(k)}); COMMIT`;
}

module.exports = { statementsFor, commitText };
