'use strict';

const { ContextCheck } = require('../../../lib/fakes/context');
const { describeValue } = require('../../../lib/fakes/engine');
const { statementsFor, commitText } = require('./statements');
const { StallWatch } = require('./stall');
const { SteppedDelivery } = require('./stepped');

// The engine behind every flavour when the upload runs against a real
// database: the same methods as lib/fakes/engine.js's Engine (callback,
// callbackOn, promise, counts, idle, the trace), so that the model's classes
// and every flavour built from them are unchanged, but each operation is a
// statement on the database (statements.js) and its outcome is the database's.

// A transaction takes its connection at its first statement, not at db.begin:
// every example begins before its blob.put, so a pool of 10 with 11 uploads
// begun would otherwise hold every connection while each waits for one to put
// its blob. The checks still see each transaction from BEGIN to its end.
class Transaction {
  constructor(id) {
    this.id = id;
    this.client = null; // a promise of the connection, once BEGIN is sent
    this.holding = null; // the connection, from its arrival until it is given back
    this.state = 'begun'; // begun | ended
  }
}

class DatabaseEngine {
  /**
   * @param {object} connection what database.js opens: query, acquire, usage
   * @param {object} options the run's: fileExists (the branch), context, trace (keep a trace), seed, e, fault
   */
  constructor(connection, options = {}) {
    this.connection = connection;
    this.options = options;
    this.statements = statementsFor(connection.prefix);
    // The model builds a query's row only when tracing; the statements need
    // the row, so it is always built, and the trace kept only when asked.
    this.tracing = true;
    this.keepTrace = options.trace === true;
    this.trace = [];
    this.injected = [];
    this.failures = 0;
    this.ids = new Map();
    this.calls = new Map();
    this.pending = 0;
    // Stepped delivery (conformance's cases with an order), else each answer as it comes.
    this.stepped = options.order ? new SteppedDelivery(options.order, options.seed ?? 1, (slot) => this.complete(slot.name, slot.cb, slot.error, slot.value)) : null;
    this.inFlight = 0;
    this.waiting = 0; // operations waiting for a connection
    this.answered = 0;
    this.stall = new StallWatch(
      () => this.stuckHolders(),
      () => this.answered,
    );
    this.idleWaiters = [];
    this.transactions = new Map();
    this.commitsInFlight = 0; // COMMITs sent and not yet answered
    this.context = options.context ? new ContextCheck() : null;
  }

  get counts() {
    const counts = Object.fromEntries(this.ids);
    for (const [name, calls] of this.calls) counts[`op:${name}`] = calls;
    return counts;
  }

  next(name) {
    const id = (this.ids.get(name) ?? 0) + 1;
    this.ids.set(name, id);
    return id;
  }

  record(event) {
    if (this.keepTrace) this.trace.push(event);
  }

  // db.begin: the transaction of the id the model's Transaction took.
  begin(tx) {
    this.transactions.set(tx.id, new Transaction(tx.id));
  }

  // The connection of a transaction, BEGIN sent on it at its first statement.
  clientOf(tx) {
    const transaction = this.transactions.get(tx.id);
    if (!transaction) throw new Error(`transaction ${tx.id} was not begun with db.begin`);
    if (transaction.state === 'ended') throw new Error(`transaction ${tx.id} has ended: no statement may run in it`);
    if (transaction.client === null) {
      // A connection that arrives after the run stalled is given back at once.
      const acquire = () =>
        this.connection.acquire().then((client) => {
          if (this.stall.error !== null) {
            client.release();
            throw this.stall.error;
          }
          transaction.holding = client;
          return client;
        });
      transaction.client = this.waitForConnection(acquire).then(async (client) => {
        await client.query('BEGIN');
        return client;
      });
    }
    return transaction.client;
  }

  // What needs a connection (start() asks for it), unless the run stalls
  // first (stall.js); once it has, nothing more is sent.
  waitForConnection(start) {
    if (this.stall.error !== null) return this.stall.refuse();
    this.waiting++;
    return this.stall.race(start()).finally(() => this.waiting--);
  }

  // The transactions that hold every connection while operations wait for
  // one and nothing else is on its way; null when the run is not stuck.
  stuckHolders() {
    // Answers held for stepped delivery are the harness's to release, not a stall.
    if (this.stepped !== null) return null;
    if (this.waiting === 0 || this.inFlight !== this.waiting) return null;
    const holders = [...this.transactions.values()].filter((t) => t.holding !== null).map((t) => t.id);
    const usage = this.connection.usage();
    return usage.waiting > 0 && usage.checkedOut === holders.length ? holders : null;
  }

  // Ends a transaction: text (COMMIT or ROLLBACK) on its connection, which is
  // then given back, even when the text fails (a failed COMMIT rolls back).
  async end(tx, text) {
    const transaction = this.transactions.get(tx.id);
    if (transaction.state === 'ended') throw new Error(`transaction ${tx.id} has already ended`);
    // A rollback of a transaction with no statement yet has nothing to undo,
    // nor has one whose connection never came (the run stalled).
    let client = null;
    if (transaction.client !== null || text !== 'ROLLBACK') {
      try {
        client = await this.clientOf(tx);
      } catch (error) {
        transaction.state = 'ended';
        if (text === 'ROLLBACK' && transaction.holding === null) return;
        throw error;
      }
    }
    transaction.state = 'ended';
    if (client === null) return;
    try {
      await client.exec(text);
    } finally {
      transaction.holding = null;
      client.release();
    }
  }

  // Rolls back what a run left open, giving back the connections, so that
  // the checks and the next batch can use them. The transactions stay
  // counted as left open (openTransactions).
  async rollbackLeft() {
    for (const transaction of this.transactions.values()) {
      const client = transaction.holding;
      if (client === null) continue;
      transaction.holding = null;
      await client.exec('ROLLBACK').catch(() => {});
      client.release();
    }
  }

  async execute(name, spec, self, a, b, k) {
    if (name === 'tx.commit') {
      this.commitsInFlight++;
      try {
        await this.end(self, commitText(self, k, this.connection.prefix));
        return null;
      } finally {
        this.commitsInFlight--;
      }
    }
    if (name === 'tx.rollback') return this.end(self, 'ROLLBACK').then(() => null);
    const statement = this.statements[name](self, a, b, k, this, spec);
    let rows;
    if (statement.tx) rows = (await (await this.clientOf(statement.tx)).query(statement.text, statement.params)).rows;
    else if (statement.side) rows = await this.connection.ask(statement.text, statement.params);
    // A statement whose connection comes after the run stalled is not sent: the batch has
    // ended, and it would run in the next one, after its tables were emptied (and beside
    // its TRUNCATE, which it could deadlock).
    else rows = await this.waitForConnection(() => this.connection.query(statement.text, statement.params, () => this.stall.error));
    return statement.value(rows);
  }

  // A node-style operation: its statement, then cb(error, value) on a tick of
  // its own, outside the promise, so that what cb throws is an uncaught
  // exception as it would be from a driver's socket callback.
  callback(spec, self, a, b, cb) {
    const name = spec.op ?? self.op;
    const k = (this.calls.get(name) ?? 0) + 1;
    this.calls.set(name, k);
    if (this.context !== null) this.context.check(name, spec, self, a, b);
    this.record({ type: 'call', op: name, args: spec.args.call(self, a, b) });
    if (this.pending++ === 0) this.stall.start();
    this.inFlight++;
    const slot = this.stepped === null ? null : this.stepped.slot(name, cb);
    this.execute(name, spec, self, a, b, k).then(
      (value) => this.deliver(name, cb, null, value, slot),
      (error) => this.deliver(name, cb, this.failure(error), undefined, slot),
    );
  }

  // A failure the database made (the plan's, schema.sql) is counted as injected.
  failure(error) {
    if (error && error.code === 'P0001') {
      this.failures++;
      if (this.keepTrace) this.injected.push(error);
    }
    return error;
  }

  deliver(name, cb, error, value, slot) {
    this.inFlight--;
    this.answered++;
    if (slot) this.stepped.answer(slot, error, value);
    else process.nextTick(() => this.complete(name, cb, error, value));
  }

  complete(name, cb, error, value) {
    this.record(error ? { type: 'complete', op: name, error: error.message } : { type: 'complete', op: name, value: describeValue(value) });
    try {
      if (error) cb(error);
      else cb(null, value);
    } finally {
      if (--this.pending === 0) this.wakeIdle();
    }
  }

  callbackOn(spec, self, a, b, cb, ctx) {
    this.callback(spec, self, a, b, (error, value) => cb.call(ctx, error, value));
  }

  promise(spec, self, a, b) {
    return new Promise((resolve, reject) => this.callback(spec, self, a, b, (error, value) => (error ? reject(error) : resolve(value))));
  }

  // What conformance's harness reads of stepped delivery: the answers held, and release() of one.
  get held() {
    return this.stepped === null ? [] : this.stepped.held;
  }

  release() {
    return this.stepped !== null && this.stepped.release();
  }

  idle() {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  wakeIdle() {
    this.stall.stop();
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  // The transactions begun and never committed nor rolled back, by number.
  openTransactions() {
    return [...this.transactions.values()].filter((t) => t.state !== 'ended').map((t) => t.id);
  }
}

module.exports = { DatabaseEngine };
