'use strict';

// Style: callbacks, every call deferred through setImmediate, both branches
// started in the same slice: the shape of fibonacciAsync in "node.js
// concurrency evaluation" (Tushar Mathur, 2015), with setImmediate as its
// slicer.
// Library: none.
// Notice: fib(n - 1) and fib(n - 2) are both scheduled before either runs, so
// the whole frontier of the tree waits in the immediate queue at once, and a
// leaf answers through one more deferral (process.nextTick). The article's
// leaves answered 1; these answer n, as the problem's reference does.

module.exports = () =>
  function fib(n, done) {
    setImmediate(() => {
      if (n < 2) {
        process.nextTick(() => done(null, n));
        return;
      }
      const values = [];
      const add = (_, value) => {
        values.push(value);
        if (values.length === 2) done(null, values[0] + values[1]);
      };
      fib(n - 1, add);
      fib(n - 2, add);
    });
  };
