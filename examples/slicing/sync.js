'use strict';

// Style: plain synchronous recursion, the reference.
// Library: none.
// Notice: one uninterrupted slice: nothing else runs until it returns.

module.exports = () =>
  function fib(n) {
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
  };
