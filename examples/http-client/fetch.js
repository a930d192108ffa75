'use strict';

// Style: async/await with the built-in fetch, awaited in a loop.
// Library: none; the global fetch (undici in Node).
// Notice: the shortest of the four, and the only one whose connections are
// not its own but the runtime's pool's: with keepAlive they outlive the call,
// idle, until the runtime closes them (undici: 4 s), and undici reuses a
// connection only a turn of the event loop after its response, so a loop that
// fetches again at once may get a new one: up to 2 × concurrency connections.
// Without keep-alive every request says `connection: close`. `concurrency`
// loops share one count of the requests issued; every body, even a failed
// one, is read to its end, so that no unread body holds a connection. On the
// first failure no loop issues another request; the requests in flight are
// let end, then the load rejects with the first failure. They are not
// aborted: undici answers an abort by opening a spare connection (nodejs/undici#5845).

module.exports = async function load({ url, requests, concurrency = 1, keepAlive = true }) {
  const headers = keepAlive ? {} : { connection: 'close' };
  let issued = 0;
  let responses = 0;
  let bytes = 0;
  let failure = null;

  async function loop() {
    while (!failure && issued < requests) {
      issued += 1;
      try {
        const response = await fetch(url, { headers });
        let size = 0;
        for await (const chunk of response.body) size += chunk.byteLength;
        if (response.status !== 200) throw new Error(`GET ${url} answered status ${response.status}`);
        responses += 1;
        bytes += size;
      } catch (error) {
        // fetch wraps what went wrong (a refused connection, a body cut short)
        // in a TypeError whose cause names it.
        failure ??= error.cause ?? error;
      }
    }
  }

  await Promise.all(Array.from({ length: concurrency }, loop));
  if (failure) throw failure;
  return { responses, bytes };
};
