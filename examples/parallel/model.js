'use strict';

const doxbee = require('../doxbee/model');

// The "madeup-parallel" model: an upload that begins a transaction, issues p
// independent inserts at once, waits for all of them and commits. It reuses the
// DoxBee transaction and query classes, so that an insert or a commit costs the
// same in both problems; only the shape of the work differs.

const DEFAULT_P = 25;

// The operations that can be made to fail, in the order of the reference. A
// fault named at the insert fails every one of its p calls.
const FAILABLE = ['fileVersion.insert', 'tx.commit'];

// The operations of one successful upload, in order. The upload has no branch.
function path() {
  return [...FAILABLE];
}

// Asynchronous methods, per class, as in examples/doxbee/model.js.
const OPERATIONS = {
  Query: doxbee.OPERATIONS.Query,
  Transaction: doxbee.OPERATIONS.Transaction,
};

const BASES = {
  Query: doxbee.BASES.Query,
  Transaction: doxbee.BASES.Transaction,
};

// The operation called several times at once, and how often (with the default p).
const CONCURRENT = { op: 'fileVersion.insert', calls: DEFAULT_P };

// The branches the conformance cases cover: one, since nothing is looked up.
const BRANCHES = [{}];

function queriesOf(p = DEFAULT_P) {
  if (!Number.isInteger(p) || p < 1) throw new RangeError(`p must be a positive integer; got ${p}`);
  return p;
}

// The io object an example receives. `parallelQueries` is how many inserts one
// upload issues, as the old benchmarks' global of that name said.
function createIO(engine, types, options = {}) {
  return {
    parallelQueries: queriesOf(options.p),
    db: { begin: () => new types.Transaction(engine) },
    FileVersion: {
      insert: (row) => types.Query.of(engine, 'fileVersion.insert', doxbee.copyRow, row),
    },
  };
}

// The arguments of the i-th upload of a benchmark batch: those of DoxBee.
const { invocationArgs, contextStore } = doxbee;

// Checks that a batch of n uploads did all its work: every transaction begun and
// ended once, and without failures p inserts and one commit per upload. A failed
// upload may carry several injected faults (several of its inserts can fail), so
// with failures the count of failed uploads is only bounded by them.
function checkRun(engine, { n, p, failed }) {
  const queries = queriesOf(p);
  const count = doxbee.counter(engine);
  const problems = [];
  if (count('tx') !== n) problems.push(`${count('tx')} transactions begun for ${n} uploads`);
  const commits = count('op:tx.commit');
  const rollbacks = count('op:tx.rollback');
  if (commits + rollbacks !== n) problems.push(`${commits + rollbacks} commits and rollbacks for ${n} uploads`);
  if (engine.failures === 0) {
    if (failed !== 0) problems.push(`${failed} uploads failed but no fault was injected`);
    const inserts = count('op:fileVersion.insert');
    if (inserts !== n * queries) problems.push(`fileVersion.insert called ${inserts} times for ${n} uploads of ${queries} queries`);
    if (commits !== n) problems.push(`tx.commit called ${commits} times for ${n} uploads`);
  } else {
    if (failed < 1 || failed > engine.failures) problems.push(`${failed} uploads failed but ${engine.failures} faults were injected`);
    if (rollbacks > failed) problems.push(`${rollbacks} rollbacks for ${failed} failed uploads`);
  }
  return problems;
}

// The cancel case (lib/conformance/cancel.js): DoxBee's transaction, with
// its inserts made at once and its commit as the cancel points.
const { CANCEL } = doxbee;

// What the conformance harness reads of the problem besides CONCURRENT and
// BRANCHES: DoxBee's arguments, and its transaction, so its rollback rules and
// how a call is told to be one upload's (by its transaction).
const { CASE_ARGS, VARIED_ARGS, UPLOAD_NAMED_BY, uploadName, uploadOf, renumberIds, FIRE_AND_FORGET, afterFailure } = doxbee;

module.exports = {
  FAILABLE,
  CONCURRENT,
  path,
  OPERATIONS,
  BASES,
  BRANCHES,
  createIO,
  invocationArgs,
  contextStore,
  checkRun,
  CASE_ARGS,
  VARIED_ARGS,
  UPLOAD_NAMED_BY,
  uploadName,
  uploadOf,
  renumberIds,
  FIRE_AND_FORGET,
  CANCEL,
  afterFailure,
};
