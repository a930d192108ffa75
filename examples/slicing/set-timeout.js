'use strict';

// Style: callbacks, every call deferred through setTimeout(0).
// Library: none.
// Notice: the most polite and the slowest: Node makes a 0 ms timeout 1 ms, so
// each call waits at least a millisecond, however idle the process.

module.exports = () =>
  function fib(n, done) {
    setTimeout(() => {
      if (n < 2) return done(null, n);
      fib(n - 1, (_, a) => {
        fib(n - 2, (_, b) => done(null, a + b));
      });
    }, 0);
  };
