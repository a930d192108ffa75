'use strict';

// Style: an async function memoized the same way as sync-memo.
// Library: none; native promises.
// Notice: the memo never hits. Both branches start before either is awaited,
// so the whole call tree is built before the first value is stored: as many
// calls as without a memo. Storing the promise instead of the value, or
// awaiting the branches one after the other, would let the memo work.

module.exports = () =>
  async function fib(n, memo = {}) {
    if (n in memo) return memo[n];
    if (n < 2) return n;
    const [a, b] = await Promise.all([fib(n - 1, memo), fib(n - 2, memo)]);
    memo[n] = a + b;
    return memo[n];
  };
