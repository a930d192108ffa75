'use strict';

// Style: callbacks, every call deferred through setImmediate.
// Library: none.
// Notice: one call per turn of the event loop, so timers, I/O and other
// immediates run between any two calls; each call pays for a turn.

module.exports = () =>
  function fib(n, done) {
    setImmediate(() => {
      if (n < 2) return done(null, n);
      fib(n - 1, (_, a) => {
        fib(n - 2, (_, b) => done(null, a + b));
      });
    });
  };
