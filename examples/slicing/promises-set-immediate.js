'use strict';

// Style: an async function that awaits setImmediate() from node:timers/promises at every call.
// Library: none; native promises.
// Notice: the callback set-immediate written with await: the same turn of the
// event loop per call, plus a promise. The branches are awaited one after the
// other, as the callback versions do; Promise.all would keep every pending
// call of the tree alive at once.

const { setImmediate } = require('node:timers/promises');

module.exports = () =>
  async function fib(n) {
    await setImmediate();
    if (n < 2) return n;
    return (await fib(n - 1)) + (await fib(n - 2));
  };
