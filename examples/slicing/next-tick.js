'use strict';

// Style: callbacks, every call deferred through process.nextTick.
// Library: none.
// Notice: it defers but never yields. Node drains the nextTick queue to empty,
// ticks added meanwhile included, before it runs promise jobs, timers,
// immediates or I/O; so until fib calls back, only other nextTick callbacks run.

module.exports = () =>
  function fib(n, done) {
    process.nextTick(() => {
      if (n < 2) return done(null, n);
      fib(n - 1, (_, a) => {
        fib(n - 2, (_, b) => done(null, a + b));
      });
    });
  };
