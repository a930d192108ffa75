'use strict';

// Style: an async function that awaits scheduler.yield() at every call.
// Library: none; node:timers/promises scheduler (experimental in Node).
// Notice: the name says what is meant, to yield, and in Node it is an
// immediate, so it behaves as promises-set-immediate does. A runtime without
// it fails when fib is called, with a message saying so, not when this file loads.

const { scheduler } = require('node:timers/promises');

module.exports = () => {
  if (typeof scheduler?.yield !== 'function') {
    return async function fib() {
      throw new Error(`scheduler.yield() is not available in ${process.release.name} ${process.version}`);
    };
  }
  return async function fib(n) {
    await scheduler.yield();
    if (n < 2) return n;
    return (await fib(n - 1)) + (await fib(n - 2));
  };
};
