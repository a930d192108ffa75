'use strict';

// Style: synchronous: fs.openSync, fs.readSync and fs.closeSync in the handler.
// Library: none; node:http and node:fs.
// Notice: the code reads top to bottom, with try/finally for the descriptor,
// but the whole process waits for each request's read, its fib (the plain
// recursion, examples/fib/sync.js) and its wait (Atomics.wait, the way a
// synchronous database driver blocks): one request at a time, however many
// are connected. cluster-sync runs it on every core.

const fs = require('node:fs');
const http = require('node:http');
const fib = require('../fib/sync')();

// Reads exactly `bytes` bytes: a read may return fewer than it was asked for.
function readRandom(bytes) {
  const fd = fs.openSync('/dev/urandom', 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    let offset = 0;
    while (offset < bytes) {
      const read = fs.readSync(fd, buffer, offset, bytes - offset, null);
      if (read === 0) throw new Error('/dev/urandom ended early');
      offset += read;
    }
    return buffer;
  } finally {
    fs.closeSync(fd);
  }
}

module.exports = function serve({ host = '127.0.0.1', port = 0, workload = 'read', bytes = 1048576, fibN = 20, t = 10 } = {}) {
  const blocker = new Int32Array(new SharedArrayBuffer(4));
  const workloads = {
    read: () => ['application/octet-stream', readRandom(bytes)],
    compute: () => ['text/plain', String(fib(fibN))],
    wait: () => {
      // Nobody ever notifies: this blocks the thread for t ms.
      Atomics.wait(blocker, 0, 0, t);
      return ['text/plain', 'ok'];
    },
  };
  const work = workloads[workload];
  if (!work) return Promise.reject(new Error(`unknown workload ${workload}`));

  const server = http.createServer((req, res) => {
    let type, body;
    try {
      [type, body] = work();
    } catch {
      res.writeHead(500).end();
      return;
    }
    res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) }).end(body);
  });
  // server.close() closes the idle keep-alive connections itself (Node 19+);
  // closeAllConnections() also ends any still inside a request, which would
  // keep the server open.
  const close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      // A later error is the running server's, not a failure to listen: a
      // listener left behind would swallow it.
      server.off('error', reject);
      resolve({ port: server.address().port, close });
    });
  });
};
