'use strict';

const { run } = require('effection');

// Style: an Effection operation, a generator function that recurses with
// yield*, run at the edge with run().
// Library: effection.
// Notice: yield* into an operation is a plain generator delegation, not a
// task: the recursion costs a generator object per call and no promise, and
// only the outermost run() makes a task (a scope, a promise to the caller).
// Like an async function, nothing else on the thread runs until the whole
// tree is summed; unlike Promise.all, the two branches run one after the
// other, as Effection's structured operations do unless spawned.

function* fibOperation(n) {
  if (n < 2) return n;
  const a = yield* fibOperation(n - 1);
  const b = yield* fibOperation(n - 2);
  return a + b;
}

module.exports = () =>
  function fib(n) {
    return run(() => fibOperation(n));
  };
