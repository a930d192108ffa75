'use strict';

// Style: an async function that yields to the event loop once every k calls.
// Library: none; native promises.
// Notice: the practical middle ground: the event loop still gets a turn
// regularly, but k times less often than in promises-set-immediate, so far
// fewer turns are paid for; the larger k, the longer a timer may wait.

const { setImmediate } = require('node:timers/promises');

module.exports = ({ k = 1000 } = {}) =>
  function fib(n) {
    let calls = 0; // per top-level call, so calls do not share a count
    async function sliced(m) {
      calls += 1;
      if (calls % k === 0) await setImmediate();
      if (m < 2) return m;
      return (await sliced(m - 1)) + (await sliced(m - 2));
    }
    return sliced(n);
  };
