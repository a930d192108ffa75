'use strict';

const { entryIn } = require('../../lib/registry');

// The registry of the HTTP client problem (many GET requests to one server,
// after kaizhu256, "recursive-callbacks vs promises vs async/await", 2018).
// Every file exports load(options), options { url, requests, concurrency = 1,
// keepAlive = true }: it issues `requests` GETs to url (requests ≥ 1), exactly
// `concurrency` in flight while that many remain, reads every body, and
// reports { responses, bytes }. Any status but 200, or any error, fails the
// load once; the examples use only node:http and the global fetch, so that
// they run unchanged on Node, Bun and Deno. The three of the 2018 experiment
// are written in syntax the Node versions it ran on parse (no `??`; no comma
// after a call's last argument in the two that run before Node 8: the
// callback and promise ones, from Node 6), so that they run there too. Their
// `node:` requires and http.get(url, options, callback) are supplied on old
// Node by asyncmark's preload (lib/runtimes/compiled-child/node-apis.js).
//
// family: the style family, one of lib/registry.js FAMILIES.
// call: how load is called: 'callback', load(options, done) calling done(error)
//   or done(null, result) exactly once; 'promise', load(options) returning a
//   promise of the result.

const EXAMPLES = [
  { name: 'recursive-callback', family: 'callbacks', call: 'callback' },
  { name: 'promise-chain', family: 'promises', call: 'promise' },
  { name: 'async-await', family: 'async-await', call: 'promise' },
  { name: 'fetch', family: 'async-await', call: 'promise' },
];

module.exports = {
  problem: 'http-client',
  // Where lists show it, and the fewest examples the registry test accepts.
  order: 7,
  fewestExamples: 4,
  driver: 'http-load',
  reference: 'recursive-callback',
  examples: EXAMPLES.map((entry) => entryIn(__dirname, entry)),
};
