'use strict';

// Style: an async function that awaits both branches at once with Promise.all.
// Library: none; native promises.
// Notice: "async" does not mean "off the main thread". Each call runs
// synchronously up to its await, so the whole call tree is built before the
// first addition, and every call costs a promise. Promise jobs run in between,
// but timers and I/O wait until the result is back.

module.exports = () =>
  async function fib(n) {
    if (n < 2) return n;
    const [a, b] = await Promise.all([fib(n - 1), fib(n - 2)]);
    return a + b;
  };
