'use strict';

// Style: synchronous recursion memoized in an object passed down the calls.
// Library: none.
// Notice: fib(n - 1) fills the memo before fib(n - 2) looks, so 2n − 1 calls
// instead of an exponential number. The default parameter gives every
// top-level call a fresh memo, so calls are independent.

module.exports = () =>
  function fib(n, memo = {}) {
    if (n in memo) return memo[n];
    if (n < 2) return n;
    memo[n] = fib(n - 1, memo) + fib(n - 2, memo);
    return memo[n];
  };
