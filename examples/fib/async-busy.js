'use strict';

// Style: an async function with busywork before the recursive calls.
// Library: none; native promises.
// Notice: the busywork is synchronous, so it still blocks the event loop; the
// promise per call becomes a smaller share of the cost as w grows.

// V8 keeps an empty counting loop, so each turn costs time.
function busy(w) {
  for (let i = 0; i < w; i++) {
    // Busywork only.
  }
}

module.exports = ({ w = 1000 } = {}) =>
  async function fib(n) {
    busy(w);
    if (n < 2) return n;
    const [a, b] = await Promise.all([fib(n - 1), fib(n - 2)]);
    return a + b;
  };
