'use strict';

// Style: synchronous recursion with busywork before the recursive calls.
// Library: none.
// Notice: w turns of a loop per call stand in for real work, so the call
// overhead of the style weighs less against it as w grows.

// V8 keeps an empty counting loop, so each turn costs time.
function busy(w) {
  for (let i = 0; i < w; i++) {
    // Busywork only.
  }
}

module.exports = ({ w = 1000 } = {}) =>
  function fib(n) {
    busy(w);
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
  };
