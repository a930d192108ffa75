'use strict';

// Style: plain synchronous recursion, the reference.
// Library: none.
// Notice: nothing else runs until it returns; 2 × fib(n + 1) − 1 calls.

module.exports = () =>
  function fib(n) {
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
  };
