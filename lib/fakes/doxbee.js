'use strict';

const crypto = require('node:crypto');

// The DoxBee data model: the objects the upload method talks to, as in the 2013
// article (blobManager, db, self, Version, File, FileVersion, uuid). Each
// asynchronous method is written once, as a descriptor of the operation it
// performs; a flavour (lib/fakes/flavours.js) turns descriptors into callback,
// promise, thunk or observable methods.

// The operations that can be made to fail, in the order of the reference. A
// rollback never fails: it is fire-and-forget in every style, as in the article.
const FAILABLE = [
  'blob.put',
  'file.get',
  'version.insert',
  'file.createQuery',
  'file.insert',
  'fileVersion.insert',
  'file.update',
  'tx.commit',
];

// The operations of one successful upload, in order: a found file skips creating one.
function path({ fileExists }) {
  return fileExists ? FAILABLE.filter((op) => op !== 'file.createQuery' && op !== 'file.insert') : [...FAILABLE];
}

// Asynchronous methods, per class: they return { op, args, value }.
const OPERATIONS = {
  Blob: {
    put(stream) {
      return { op: 'blob.put', args: { blob: this.id, stream: String(stream) }, value: `blob-${this.id}` };
    },
  },
  FileLookup: {
    get() {
      const value = this.engine.fileExists ? { id: `file-of:${this.idOrPath}`, version: `version-of:${this.idOrPath}` } : null;
      return { op: 'file.get', args: { idOrPath: this.idOrPath }, value };
    },
  },
  Repository: {
    createQuery(idOrPath, fields) {
      return {
        op: 'file.createQuery',
        args: { idOrPath, fields: { ...fields } },
        value: new this.types.Query(this.engine, 'file.insert', { ...fields }),
      };
    },
  },
  Query: {
    execWithin(tx) {
      return { op: this.op, args: { tx: tx.id, ...this.row }, value: null };
    },
  },
  Transaction: {
    commit() {
      return { op: 'tx.commit', args: { tx: this.id }, value: null };
    },
  },
};

class Blob {
  constructor(engine, account) {
    this.engine = engine;
    this.id = engine.next('blob');
    engine.record({ type: 'call', op: 'blob.create', args: { account: account.id, blob: this.id } });
  }
}

class FileLookup {
  constructor(engine, idOrPath) {
    this.engine = engine;
    this.idOrPath = idOrPath;
  }
}

class Query {
  constructor(engine, op, row) {
    this.engine = engine;
    this.op = op;
    this.row = row;
  }

  summary() {
    return { query: this.op };
  }
}

class Transaction {
  constructor(engine) {
    this.engine = engine;
    this.id = engine.next('tx');
    engine.record({ type: 'call', op: 'db.begin', args: { tx: this.id } });
  }

  // Fire-and-forget in every flavour, as in the article: it starts at once, never
  // fails, and takes an optional callback. Its completion is recorded but the
  // caller does not wait for it.
  rollback(cb) {
    this.engine.callback('tx.rollback', { tx: this.id }, null, cb ?? (() => {}));
  }
}

// The classes a flavour extends. Those with asynchronous methods get them from
// the flavour; the factories below create objects of the flavour's classes.
const BASES = { Blob, FileLookup, Query, Transaction, Repository: class Repository {} };

function createHash(version) {
  // Stands for the content hash of a version. The date is left out so that
  // traces of different runs compare equal.
  const { userAccountId, blobId, creatorId, previousId } = version;
  const text = JSON.stringify({ userAccountId, blobId, creatorId, previousId });
  return `version-${crypto.createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
}

function versionRow(version) {
  const { id, userAccountId, blobId, creatorId, previousId } = version;
  return { id, userAccountId, blobId, creatorId, previousId, dated: version.date instanceof Date };
}

// The io object an example receives: the same names the article's examples used
// as globals.
function createIO(engine, types) {
  const repository = new types.Repository();
  repository.engine = engine;
  repository.types = types;
  repository.byUuidOrPath = (idOrPath) => new types.FileLookup(engine, idOrPath);
  let fileIds = 0;
  return {
    account: { id: 'account-1' },
    userAccount: { id: 'user-1' },
    blobManager: { create: (account) => new types.Blob(engine, account) },
    db: { begin: () => new types.Transaction(engine) },
    self: repository,
    Version: {
      createHash,
      insert: (version) => new types.Query(engine, 'version.insert', versionRow(version)),
    },
    File: {
      whereUpdate: (where, values) => new types.Query(engine, 'file.update', { where: { ...where }, values: { ...values } }),
    },
    FileVersion: {
      insert: (row) => new types.Query(engine, 'fileVersion.insert', { ...row }),
    },
    // A deterministic stand-in for the uuid package, so that traces compare.
    uuid: { v1: () => `uuid-${++fileIds}` },
  };
}

// The arguments of the i-th upload of a benchmark batch.
function invocationArgs(i) {
  return [`stream-${i}`, `docs/upload-${i}.txt`, 'tag'];
}

// Checks that a batch of n uploads did all its work: every transaction begun and
// ended once, every failure heard by its caller, and without failures every
// operation called n times. Returns the problems found.
function verify(engine, { n, failed }) {
  const count = (name) => engine.counts[name] ?? 0;
  const problems = [];
  if (count('tx') !== n) problems.push(`${count('tx')} transactions begun for ${n} uploads`);
  const ended = count('op:tx.commit') + count('op:tx.rollback');
  if (ended !== n) problems.push(`${ended} commits and rollbacks for ${n} uploads`);
  if (failed !== engine.failures) problems.push(`${failed} uploads failed but ${engine.failures} faults were injected`);
  if (engine.failures === 0) {
    for (const op of path({ fileExists: engine.fileExists })) {
      if (count(`op:${op}`) !== n) problems.push(`${op} called ${count(`op:${op}`)} times for ${n} uploads`);
    }
  }
  return problems;
}

module.exports = { FAILABLE, path, OPERATIONS, BASES, createIO, createHash, invocationArgs, verify };
