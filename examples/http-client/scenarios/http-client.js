'use strict';

// HTTP clients as the load, after kaizhu256, "recursive-callbacks vs promises
// vs async/await" (2018): a recursive callback, a promise chain, an async/await
// loop and the built-in fetch, each issuing its requests to a fixed local
// server, one at a time as in the original and with 16 in flight, with and
// without a keep-alive agent.
module.exports = {
  name: 'http-client',
  problem: 'http-client',
  driver: 'http-load',
  description: 'HTTP clients (recursive callback, promise chain, async/await, fetch) loading a fixed local server',
  params: { requests: 1000, c: [1, 16], keepAlive: ['on', 'off'], bytes: 100 },
  // bench --help's examples of this scenario: the options it is run with.
  usage: ['--c 1 --keep-alive off'],
};
