'use strict';

// Style: an async function that awaits one branch, then the other.
// Library: none; native promises.
// Notice: the commonly measured async fib, `await fib(n - 1) + await fib(n - 2)`.
// Each call waits for its first branch before it starts the second, so only
// one path of the tree is pending at a time: depth-first, as the sync
// recursion walks it. async.js starts both branches at once (Promise.all) and
// so builds the whole tree of pending calls first, far larger in memory.

module.exports = () =>
  async function fib(n) {
    if (n < 2) return n;
    return (await fib(n - 1)) + (await fib(n - 2));
  };
