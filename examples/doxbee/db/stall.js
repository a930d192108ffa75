'use strict';

// A run against a real database stalls when a transaction is left open while
// other statements wait for its connection: PGlite has one connection, a pool
// has a few. Nothing would ever answer them, so the batch would wait until its
// time-out (a pool's sockets keep the process alive) or until the event loop
// emptied (PGlite), and the run would be reported for the wrong reason. The
// watch below notices it and fails every statement still waiting for a
// connection, so that the batch ends and the checks after it (checks.js) name
// the transactions left open.
//
// Stuck means: statements wait for a connection, every connection is held by
// a transaction, and no statement of the run is on its way. A transaction
// between two of its statements is only JavaScript away from its next one, so
// the state must hold at two ticks of the watch in a row, with no operation
// answered between them, before the run is called stalled: a whole turn of
// the event loop (timers and setImmediate included) has run in between.

const TICK_MS = 250;

class StallError extends Error {
  constructor(holders) {
    super(
      `no database connection: every one is held by a transaction left with no statement running (transaction ${holders.join(', ')}); asyncmark stopped waiting`,
    );
    this.code = 'ASYNCMARK_STALL';
  }
}

class StallWatch {
  /**
   * @param {() => number[] | null} stuck the transactions holding every connection while statements wait, or null
   * @param {() => number} answered operations answered so far
   */
  constructor(stuck, answered) {
    this.stuck = stuck;
    this.answered = answered;
    this.timer = null;
    this.seen = null; // what answered() was when the run was first seen stuck
    this.error = null; // the StallError, once the run has stalled
    this.failed = 0; // statements failed because of it
    this.waiters = new Set();
  }

  get holders() {
    return this.error ? this.error.holders : [];
  }

  // Watching costs a timer, and only while operations are pending.
  start() {
    if (this.timer === null && this.error === null) this.timer = setInterval(() => this.look(), TICK_MS);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
    this.seen = null;
  }

  look() {
    const holders = this.stuck();
    if (holders === null) this.seen = null;
    else if (this.seen === this.answered()) this.declare(holders);
    else this.seen = this.answered();
  }

  declare(holders) {
    this.stop();
    this.error = Object.assign(new StallError(holders), { holders });
    for (const fail of this.waiters) fail(this.error);
    this.waiters.clear();
  }

  // The stall's error, for a statement that would wait for a connection after it.
  refuse() {
    this.failed++;
    return Promise.reject(this.error);
  }

  /**
   * What promise (a wait for a connection) gives, or the stall's error if the
   * run stalls first. The promise may still settle later; whoever made it
   * must then give back what it got.
   * @returns {Promise}
   */
  race(promise) {
    return new Promise((resolve, reject) => {
      const fail = (error) => {
        this.failed++;
        reject(error);
      };
      this.waiters.add(fail);
      promise.then(
        (value) => {
          this.waiters.delete(fail);
          resolve(value);
        },
        (error) => {
          this.waiters.delete(fail);
          reject(error);
        },
      );
    });
  }
}

module.exports = { StallWatch, STALL_TICK_MS: TICK_MS };
