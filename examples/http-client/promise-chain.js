'use strict';

// Style: a promise-returning get(url) built on http.request, the requests
// chained with .then.
// Library: none; node:http and native promises.
// Notice: each link returns the next link's promise, so a chain of n requests
// keeps n promises pending until its last response. `concurrency` chains
// share one count of the requests issued; Promise.all waits for them. A
// promise settles once, so get() needs no guard. On the first failure no
// chain issues another request; the requests in flight are let end, then the
// load rejects with the first failure. One agent per load, destroyed when it
// ends; without keep-alive every request says `connection: close`, as in
// recursive-callback.

const http = require('node:http');

// Resolves with the number of bytes in the body, counted as they arrive.
function get(url, options) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, options, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
      });
      response.on('error', reject);
      response.on('end', () => {
        if (response.statusCode === 200) resolve(bytes);
        else reject(new Error(`GET ${url} answered status ${response.statusCode}`));
      });
    });
    request.on('error', reject);
  });
}

module.exports = function load({ url, requests, concurrency = 1, keepAlive = true }) {
  const agent = new http.Agent({ keepAlive, maxSockets: concurrency });
  const headers = keepAlive ? {} : { connection: 'close' };
  let issued = 0;
  let responses = 0;
  let bytes = 0;
  let failure = null;

  function chain() {
    if (failure || issued === requests) return undefined;
    issued += 1;
    return get(url, { agent, headers }).then(counted, failed);
  }

  // A response: its size counted, then the next link.
  function counted(size) {
    responses += 1;
    bytes += size;
    return chain();
  }

  function failed(error) {
    if (!failure) failure = error;
  }

  return Promise.all(Array.from({ length: concurrency }, chain)).then(() => {
    agent.destroy();
    if (failure) throw failure;
    return { responses, bytes };
  });
};
