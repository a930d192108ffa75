'use strict';

const { hashString } = require('../../lib/fakes/random');

// The DoxBee data model: the objects the upload method talks to, as in the 2013
// article (blobManager, db, self, Version, File, FileVersion, uuid). Each
// asynchronous method is described once, as a spec of the operation it
// performs, and written out as a node-callback method; a flavour
// (lib/fakes/flavours.js) turns it into a promise, thunk or observable method.

// The operations that can be made to fail, in the order of the reference. A
// rollback never fails: it is fire-and-forget in every style, as in the article.
const FAILABLE = ['blob.put', 'file.get', 'version.insert', 'file.createQuery', 'file.insert', 'fileVersion.insert', 'file.update', 'tx.commit'];

// The operations of one successful upload, in order: a found file skips creating one.
function path({ fileExists }) {
  return fileExists ? FAILABLE.filter((op) => op !== 'file.createQuery' && op !== 'file.insert') : [...FAILABLE];
}

// What each asynchronous method does, as a spec (lib/fakes/flavours.js): the
// operation, what the trace shows of a call, the value it delivers, and
// owns(store), whether an async context's store (contextStore below) is that
// of the upload the call belongs to. An upload is known by its path, or by its
// blob and transaction: the k-th of each is the k-th upload's, as conformance
// checks (uploadOf).
const PUT = {
  op: 'blob.put',
  args(stream) {
    return { blob: this.id, stream: String(stream) };
  },
  value() {
    return `blob-${this.id}`;
  },
  owns(store) {
    return store.upload === this.id;
  },
};

const GET = {
  op: 'file.get',
  args() {
    return { idOrPath: this.idOrPath };
  },
  value() {
    return this.engine.options.fileExists ? { id: `file-of:${this.idOrPath}`, version: `version-of:${this.idOrPath}` } : null;
  },
  owns(store) {
    return store.path === this.idOrPath;
  },
};

const CREATE_QUERY = {
  op: 'file.createQuery',
  args(idOrPath, fields) {
    return { idOrPath, fields: { ...fields } };
  },
  value(idOrPath, fields) {
    return this.types.Query.of(this.engine, 'file.insert', copyRow, fields);
  },
  owns(store, idOrPath) {
    return store.path === idOrPath;
  },
};

// A query names its own operation (this.op).
const EXECUTE = {
  args(tx) {
    return { tx: tx.id, ...this.row };
  },
  value() {
    return null;
  },
  owns(store, tx) {
    return store.upload === tx.id;
  },
};

const COMMIT = {
  op: 'tx.commit',
  args() {
    return { tx: this.id };
  },
  value() {
    return null;
  },
  owns(store) {
    return store.upload === this.id;
  },
};

// Fire-and-forget in every flavour, so not a flavoured method: see rollback().
const ROLLBACK = { ...COMMIT, op: 'tx.rollback' };

// The asynchronous methods, per class, that a flavour turns into promise,
// thunk or observable methods.
const OPERATIONS = {
  Blob: { put: PUT },
  FileLookup: { get: GET },
  Repository: { createQuery: CREATE_QUERY },
  Query: { execWithin: EXECUTE },
  Transaction: { commit: COMMIT },
};

// The classes are the node-callback flavour. Their asynchronous methods are
// written out, not generated from OPERATIONS: each is then its own function,
// which V8 compiles for the one class it serves; generated methods shared one
// function across classes and cost the benchmark more than the I/O itself.
class Blob {
  constructor(engine, account) {
    this.engine = engine;
    this.id = engine.next('blob');
    if (engine.tracing) engine.record({ type: 'call', op: 'blob.create', args: { account: account.id, blob: this.id } });
  }

  put(stream, cb) {
    this.engine.callback(PUT, this, stream, undefined, cb);
  }
}

class FileLookup {
  constructor(engine, idOrPath) {
    this.engine = engine;
    this.idOrPath = idOrPath;
  }

  get(cb) {
    this.engine.callback(GET, this, undefined, undefined, cb);
  }
}

// self in the article: files by id or path, and the query that creates one.
class Repository {
  constructor(engine, types) {
    this.engine = engine;
    this.types = types;
  }

  byUuidOrPath(idOrPath) {
    return new this.types.FileLookup(this.engine, idOrPath);
  }

  createQuery(idOrPath, fields, cb) {
    this.engine.callback(CREATE_QUERY, this, idOrPath, fields, cb);
  }
}

class Query {
  constructor(engine, op, row) {
    this.engine = engine;
    this.op = op;
    this.row = row;
  }

  // A query of op whose row, toRow(a, b), is made only when tracing: it is what
  // the trace shows of the query's execution, and nothing else reads it.
  static of(engine, op, toRow, a, b) {
    return new this(engine, op, engine.tracing ? toRow(a, b) : null);
  }

  execWithin(tx, cb) {
    this.engine.callback(EXECUTE, this, tx, undefined, cb);
  }

  summary() {
    return { query: this.op };
  }
}

class Transaction {
  constructor(engine) {
    this.engine = engine;
    this.id = engine.next('tx');
    if (engine.tracing) engine.record({ type: 'call', op: 'db.begin', args: { tx: this.id } });
  }

  commit(cb) {
    this.engine.callback(COMMIT, this, undefined, undefined, cb);
  }

  // Fire-and-forget in every flavour, as in the article: it starts at once, never
  // fails, and takes an optional callback. Its completion is recorded but the
  // caller does not wait for it.
  rollback(cb) {
    this.engine.callback(ROLLBACK, this, undefined, undefined, cb ?? ignore);
  }
}

// The classes a flavour extends, overriding their asynchronous methods; the
// factories below create objects of the flavour's classes.
const BASES = { Blob, FileLookup, Repository, Query, Transaction };

// Stands for the content hash of a version: FNV-1a (32 bit) of its fields. The
// routine calls it once per upload in every style, so it is the same work for
// all, and a cheap pure-JavaScript hash keeps it small next to what the styles
// differ in: a sha1 through node:crypto cost about four times as much, as much
// as the engine's whole share of an upload (docs/explanation/benchmark.md). The date is
// left out so that traces of different runs compare equal.
function createHash({ userAccountId, blobId, creatorId, previousId }) {
  // Field by field, each after a separator, so that no string is built to hash.
  let hash = hashField(userAccountId);
  hash = hashField(blobId, hash);
  hash = hashField(creatorId, hash);
  hash = hashField(previousId, hash);
  return `version-${hash.toString(16).padStart(8, '0')}`;
}

function hashField(value, hash) {
  return hashString(value === null || value === undefined ? '' : String(value), hashString('|', hash));
}

// What a trace shows of the rows of queries. A version's date must be a Date
// taken for this version: one that another version of the same io already
// carried was taken once for several uploads (in the factory, or cached by the
// first upload), which only shows when uploads share an io. `dates` holds the
// io's dates so far; the trace says what is wrong instead of `true`.
function versionRow(version, dates) {
  const { id, userAccountId, blobId, creatorId, previousId, date } = version;
  let dated = true;
  if (!(date instanceof Date)) dated = 'not a Date';
  else if (dates.has(date)) dated = "another upload's Date";
  else dates.add(date);
  return { id, userAccountId, blobId, creatorId, previousId, dated };
}

function copyRow(row) {
  return { ...row };
}

function updateRow(where, values) {
  return { where: { ...where }, values: { ...values } };
}

function ignore() {}

// The io object an example receives: the same names the article's examples used
// as globals.
function createIO(engine, types) {
  let fileIds = 0;
  const dates = new WeakSet();
  return {
    account: { id: 'account-1' },
    userAccount: { id: 'user-1' },
    blobManager: { create: (account) => new types.Blob(engine, account) },
    db: { begin: () => new types.Transaction(engine) },
    self: new types.Repository(engine, types),
    Version: {
      createHash,
      insert: (version) => types.Query.of(engine, 'version.insert', versionRow, version, dates),
    },
    File: {
      whereUpdate: (where, values) => types.Query.of(engine, 'file.update', updateRow, where, values),
    },
    FileVersion: {
      insert: (row) => types.Query.of(engine, 'fileVersion.insert', copyRow, row),
    },
    // A deterministic stand-in for the uuid package, so that traces compare.
    uuid: { v1: () => `uuid-${++fileIds}` },
  };
}

// The arguments of the i-th upload of a benchmark batch.
function invocationArgs(i) {
  return [`stream-${i}`, `docs/upload-${i}.txt`, 'tag'];
}

// The async context's store of the k-th upload (from 1) of an io, made with
// args: what the engine's owns() checks read (see PUT).
function contextStore(k, args) {
  return { upload: k, path: args[1] };
}

// count(name): the engine's count of that name, 0 if there is none. The counts
// are read once: the engine makes them when asked.
function counter(engine) {
  const counts = engine.counts;
  return (name) => counts[name] ?? 0;
}

// Checks that a batch of n uploads did all its work: every transaction begun and
// ended once, every failure heard by its caller, and without failures every
// operation called n times. Returns the problems found.
function checkRun(engine, { n, failed }) {
  const count = counter(engine);
  const problems = [];
  if (count('tx') !== n) problems.push(`${count('tx')} transactions begun for ${n} uploads`);
  const ended = count('op:tx.commit') + count('op:tx.rollback');
  if (ended !== n) problems.push(`${ended} commits and rollbacks for ${n} uploads`);
  if (failed !== engine.failures) problems.push(`${failed} uploads failed but ${engine.failures} faults were injected`);
  if (engine.failures === 0) {
    for (const op of path({ fileExists: engine.options.fileExists })) {
      if (count(`op:${op}`) !== n) problems.push(`${op} called ${count(`op:${op}`)} times for ${n} uploads`);
    }
  }
  return problems;
}

// What the conformance harness (lib/conformance/) reads of the problem.

// The arguments of the one upload a conformance case makes.
const CASE_ARGS = ['stream-1', 'docs/2013/report.txt', 'tag-1'];

// Arguments of other shapes, each a case of its own (a name computed from a
// fixed segment passes with one path only), and together the uploads a case
// makes at once on one io: each its own stream, path and tag.
const VARIED_ARGS = [
  ['stream-1', 'notes.md', 'tag-1'],
  ['stream-2', 'home/ann/projects/2013/q4/minutes/summary.txt', 'tag-2'],
  ['stream-3', 'docs/v1.2/archive.tar.gz', 'tag-3'],
];

// What tells uploads apart in a case's name ("path notes.md") and in the
// label of each of several made at once: the path.
const UPLOAD_NAMED_BY = 'path';

function uploadName(args) {
  return args[1];
}

// Which of several uploads made at once on one io (argsList, in the order they
// were made) a traced call belongs to, from 1; 0 for none. The k-th transaction
// and blob are the k-th upload's, since every upload makes them before its first
// operation; a lookup or a new file is by the upload's path.
function uploadOf(event, argsList) {
  const { tx, blob, idOrPath } = event.args ?? {};
  const k = tx ?? blob ?? argsList.findIndex((args) => args[1] === idOrPath) + 1;
  return Number.isInteger(k) && k >= 1 && k <= argsList.length ? k : 0;
}

// The events of several uploads (one list each, in upload order) with the ids
// handed out by the io's uuid renamed after the upload that used each first,
// 'uuid-<upload>.<n>', so that they compare whichever upload reached uuid.v1()
// first, and an id two uploads share still shows.
function renumberIds(uploads) {
  const names = new Map();
  return uploads.map((events, i) => {
    let n = 0;
    const text = JSON.stringify(events).replace(/"uuid-\d+"/g, (id) => {
      if (!names.has(id)) names.set(id, `"uuid-${i + 1}.${++n}"`);
      return names.get(id);
    });
    return JSON.parse(text);
  });
}

// The branches the conformance cases cover: the file lookup finds a file or not.
const BRANCHES = [{ fileExists: true }, { fileExists: false }];
// The option of createIO this model reads itself: which branch an upload takes.
const OPTIONS = ['fileExists'];

// How a case names its branch. A case does not say its problem, so the harness
// asks every model; options without fileExists are not a DoxBee branch.
function describeBranch(branch) {
  if (!('fileExists' in branch)) return null;
  return branch.fileExists ? 'file found' : 'file not found';
}

// Operations a style starts and does not wait for: their completion comes
// whenever the style's scheduler lets it, so the harness checks it apart.
const FIRE_AND_FORGET = [ROLLBACK.op];

// The cancel case (lib/conformance/cancel.js): the caller gives up before
// the upload starts or while any operation is in flight, and the contract
// (lib/conformance/cancel-contract.js) judges what follows: how the
// transaction ends, and whether anything but a read is issued after the abort.
const CANCEL = { commit: COMMIT.op, rollback: ROLLBACK.op, reads: [GET.op, CREATE_QUERY.op] };

// What a style that catches the failure of `op` does before its caller hears:
// it rolls back the transaction begun in `events`, unless the commit failed.
function afterFailure(op, events) {
  if (op === COMMIT.op) return [];
  const begin = events.find((e) => e.op === 'db.begin');
  return [{ type: 'call', op: ROLLBACK.op, args: { tx: begin.args.tx } }];
}

// The upload against a real database (db/): loaded only when a run asks for
// one, so that the simulated I/O never loads a database client.
function database() {
  return require('./db/backend');
}

module.exports = {
  FAILABLE,
  path,
  OPERATIONS,
  BASES,
  createIO,
  createHash,
  copyRow,
  counter,
  invocationArgs,
  contextStore,
  checkRun,
  CASE_ARGS,
  VARIED_ARGS,
  UPLOAD_NAMED_BY,
  uploadName,
  uploadOf,
  renumberIds,
  BRANCHES,
  OPTIONS,
  describeBranch,
  FIRE_AND_FORGET,
  CANCEL,
  afterFailure,
  database,
};
