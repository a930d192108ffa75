'use strict';

const { createHash, FAILABLE } = require('../doxbee/model');
const { createVirtualTimers } = require('../../lib/fakes/virtual-time');

// The least a fake of the DoxBee API can be: each operation is one setTimeout
// and its callback, giving the values the engine gives, plus a count per
// operation so that a run can still be verified (examples/doxbee/model.js checkRun).
// No latency model, faults, trace or pending count. It is what the engine is
// weighed against (the instrument-weight scenario, docs/explanation/benchmark.md).
// In a counted run (virtualTime) the timers are the virtual clock's, as the
// engine's are (lib/fakes/virtual-time.js), so that the three are weighed alike.

// The counts the engine keeps, under the same names.
const COUNTS = ['blob', 'tx', ...[...FAILABLE, 'tx.rollback'].map((op) => `op:${op}`)];

function ignore() {}

// Refuses what I/O with no engine behind it cannot do, so that its run is never
// compared with an engine run made under other conditions.
function bareDelay({ latency = 'constant', t = 1, e = 0, fault = null } = {}, what) {
  if (latency !== 'constant') throw new RangeError(`${what} has constant latency only; got ${latency}`);
  if (!Number.isInteger(t) || t < 1) throw new RangeError(`${what} needs a whole t of at least 1 ms; got ${t}`);
  if (e > 0 || fault) throw new RangeError(`${what} injects no faults`);
  return t;
}

/**
 * The timer a bare flavour's operations wait on: setTimeout, or in a counted
 * run the virtual clock's, whose work cannot depend on how fast the process runs.
 * @returns {(fn: Function, ms: number, ...args: any[]) => void}
 */
function bareTimer({ virtualTime = false } = {}) {
  return virtualTime ? createVirtualTimers().after : setTimeout;
}

class MinimalFake {
  constructor(t, fileExists, setTimer) {
    this.t = t;
    this.setTimer = setTimer;
    // Engine options, as the engine keeps them: the branch the uploads take.
    this.options = { fileExists };
    this.failures = 0;
    this.counts = Object.fromEntries(COUNTS.map((name) => [name, 0]));
  }

  // Timers of one duration fire in the order they were set, so one set now
  // fires after every operation already started: rollbacks included.
  idle() {
    return new Promise((resolve) => this.setTimer(resolve, this.t));
  }
}

class Blob {
  constructor(fake) {
    this.fake = fake;
    this.id = ++fake.counts.blob;
  }

  put(stream, cb) {
    this.fake.counts['op:blob.put']++;
    this.fake.setTimer(cb, this.fake.t, null, `blob-${this.id}`);
  }
}

class FileLookup {
  constructor(fake, idOrPath) {
    this.fake = fake;
    this.idOrPath = idOrPath;
  }

  get(cb) {
    const { fake, idOrPath } = this;
    fake.counts['op:file.get']++;
    const file = fake.options.fileExists ? { id: `file-of:${idOrPath}`, version: `version-of:${idOrPath}` } : null;
    fake.setTimer(cb, fake.t, null, file);
  }
}

class Query {
  // `count` names the operation that executing it is.
  constructor(fake, count) {
    this.fake = fake;
    this.count = count;
  }

  execWithin(tx, cb) {
    this.fake.counts[this.count]++;
    this.fake.setTimer(cb, this.fake.t, null, null);
  }
}

class Transaction {
  constructor(fake) {
    this.fake = fake;
    this.id = ++fake.counts.tx;
  }

  commit(cb) {
    this.fake.counts['op:tx.commit']++;
    this.fake.setTimer(cb, this.fake.t, null, null);
  }

  // Fire-and-forget, as in the engine: the callback is optional.
  rollback(cb) {
    this.fake.counts['op:tx.rollback']++;
    this.fake.setTimer(cb ?? ignore, this.fake.t, null, null);
  }
}

class Repository {
  constructor(fake) {
    this.fake = fake;
  }

  byUuidOrPath(idOrPath) {
    return new FileLookup(this.fake, idOrPath);
  }

  createQuery(idOrPath, fields, cb) {
    this.fake.counts['op:file.createQuery']++;
    this.fake.setTimer(cb, this.fake.t, null, new Query(this.fake, 'op:file.insert'));
  }
}

/**
 * The minimal fake of the DoxBee API, node callbacks only.
 * @param {object} [options] { latency: 'constant', t (whole ms), fileExists, virtualTime }
 * @returns {{ io: object, engine: MinimalFake }} engine: its counts, for verification
 */
function createMinimalIO(options = {}) {
  const fake = new MinimalFake(bareDelay(options, 'the minimal fake'), options.fileExists ?? false, bareTimer(options));
  let fileIds = 0;
  const io = {
    account: { id: 'account-1' },
    userAccount: { id: 'user-1' },
    blobManager: { create: () => new Blob(fake) },
    db: { begin: () => new Transaction(fake) },
    self: new Repository(fake),
    Version: { createHash, insert: () => new Query(fake, 'op:version.insert') },
    File: { whereUpdate: () => new Query(fake, 'op:file.update') },
    FileVersion: { insert: () => new Query(fake, 'op:fileVersion.insert') },
    uuid: { v1: () => `uuid-${++fileIds}` },
  };
  return { io, engine: fake };
}

module.exports = { createMinimalIO, bareDelay, bareTimer };
