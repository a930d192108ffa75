'use strict';

// Style: async/await: the same promise-returning get(url), awaited in a loop.
// Library: none; node:http and native promises.
// Notice: the loop reads like the synchronous code it replaces.
// `concurrency` loops share one count of the requests issued; Promise.all
// waits for them. `bytes += await get()` would read bytes before the await and
// lose the other loops' additions, so the size is awaited first. On the first
// failure no loop issues another request; the requests in flight are let end,
// then the load rejects with the first failure. One agent per load, destroyed
// when it ends; without keep-alive every request says `connection: close`, as
// in recursive-callback.

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

module.exports = async function load({ url, requests, concurrency = 1, keepAlive = true }) {
  const agent = new http.Agent({ keepAlive, maxSockets: concurrency });
  const headers = keepAlive ? {} : { connection: 'close' };
  let issued = 0;
  let responses = 0;
  let bytes = 0;
  let failure = null;

  async function loop() {
    while (!failure && issued < requests) {
      issued += 1;
      try {
        const size = await get(url, { agent, headers });
        responses += 1;
        bytes += size;
      } catch (error) {
        if (!failure) failure = error;
      }
    }
  }

  await Promise.all(Array.from({ length: concurrency }, loop));
  agent.destroy();
  if (failure) throw failure;
  return { responses, bytes };
};
