'use strict';

// Style: async/await over fs/promises: a FileHandle, closed in finally.
// Library: none; node:fs/promises and node:timers/promises.
// Notice: it reads like sync.js, and one try/catch around the handler's awaits
// answers 500 for any failure, but the thread is free at every await, as in
// the callback reference. fib is computed a call per turn of the event loop
// (examples/slicing/promises-set-immediate.js).

const { once } = require('node:events');
const fsp = require('node:fs/promises');
const http = require('node:http');
const { setTimeout } = require('node:timers/promises');
const fib = require('../slicing/promises-set-immediate')();

// Reads exactly `bytes` bytes: a read may return fewer than it was asked for.
async function readRandom(bytes) {
  const handle = await fsp.open('/dev/urandom', 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    let offset = 0;
    while (offset < bytes) {
      const { bytesRead } = await handle.read(buffer, offset, bytes - offset, null);
      if (bytesRead === 0) throw new Error('/dev/urandom ended early');
      offset += bytesRead;
    }
    return buffer;
  } finally {
    await handle.close();
  }
}

module.exports = async function serve({ host = '127.0.0.1', port = 0, workload = 'read', bytes = 1048576, fibN = 20, t = 10 } = {}) {
  const workloads = {
    read: async () => ['application/octet-stream', await readRandom(bytes)],
    compute: async () => ['text/plain', String(await fib(fibN))],
    wait: async () => {
      await setTimeout(t);
      return ['text/plain', 'ok'];
    },
  };
  const work = workloads[workload];
  if (!work) throw new Error(`unknown workload ${workload}`);

  // node:http ignores the promise a handler returns: nothing may escape this try.
  const server = http.createServer(async (req, res) => {
    try {
      const [type, body] = await work();
      res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) }).end(body);
    } catch {
      if (res.headersSent) res.destroy();
      else res.writeHead(500).end();
    }
  });
  // once() rejects if 'error' comes first, and removes both its listeners
  // either way, so that a later error is not swallowed by a spent promise.
  server.listen(port, host);
  await once(server, 'listening');
  return {
    port: server.address().port,
    // server.close() closes the idle keep-alive connections itself (Node 19+);
    // closeAllConnections() also ends any still inside a request, which would
    // keep the server open.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
