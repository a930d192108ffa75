'use strict';

// Style: an async generator of the Fibonacci sequence, read with for await.
// Library: none; native promises.
// After: V8's benchmark lib/fibonacci-async.js in v8/promise-performance-tests
// (Benedikt Meurer, March 2018), the "fibonacci async" of tc39/ecma262 #1250;
// written anew here.
// Notice: no recursion at all: fib(n) is the sequence's nth value, so a call
// costs n steps of the generator, each a promise and an await in both the
// generator and its reader. It measures async iteration, not recursion.

async function* sequence() {
  let [current, next] = [0, 1];
  for (;;) {
    yield current;
    [current, next] = [next, current + next];
  }
}

module.exports = () =>
  async function fib(n) {
    let index = 0;
    for await (const value of sequence()) {
      if (index++ === n) return value;
    }
  };
