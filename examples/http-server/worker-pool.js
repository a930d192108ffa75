'use strict';

// Style: the main thread serves HTTP; every request's work runs in a pool of worker threads.
// Library: piscina.
// Notice: the work is written synchronously (readSync, the plain fib
// recursion, Atomics.wait), as in sync.js, but it blocks a pool thread, never
// the thread that accepts and answers: `workers` requests are worked on at
// once, in one process. The bytes read are moved back to the main thread, not
// copied. close() destroys the pool, so no thread outlives the server.

const { once } = require('node:events');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const { Piscina } = require('piscina');

if (Piscina.isWorkerThread) {
  // In a pool thread this file is the task: one request's work.
  const fib = require('../fib/sync')();
  const blocker = new Int32Array(new SharedArrayBuffer(4));

  // Reads exactly `bytes` bytes: a read may return fewer than it was asked for.
  const readRandom = (bytes) => {
    const fd = fs.openSync('/dev/urandom', 'r');
    try {
      // Never Buffer.allocUnsafe: a small one is a slice of a shared pool, which moving would detach.
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
  };

  module.exports = ({ workload, bytes, fibN, t }) => {
    if (workload === 'read') return Piscina.move(readRandom(bytes));
    if (workload === 'compute') return String(fib(fibN));
    // Nobody ever notifies: this blocks the thread for t ms.
    Atomics.wait(blocker, 0, 0, t);
    return 'ok';
  };
} else {
  const TYPES = { read: 'application/octet-stream', compute: 'text/plain', wait: 'text/plain' };

  module.exports = async function serve({
    host = '127.0.0.1',
    port = 0,
    workload = 'read',
    bytes = 1048576,
    fibN = 20,
    t = 10,
    workers = os.availableParallelism(),
  } = {}) {
    if (!TYPES[workload]) throw new Error(`unknown workload ${workload}`);
    const task = { workload, bytes, fibN, t };
    const pool = new Piscina({ filename: __filename, minThreads: workers, maxThreads: workers });

    // node:http ignores the promise a handler returns: nothing may escape this try.
    const server = http.createServer(async (req, res) => {
      try {
        // The bytes arrive as a Uint8Array, which res.end() takes as it is.
        const body = await pool.run(task);
        res.writeHead(200, { 'content-type': TYPES[workload], 'content-length': Buffer.byteLength(body) }).end(body);
      } catch {
        if (res.headersSent) res.destroy();
        else res.writeHead(500).end();
      }
    });
    // once() rejects if 'error' comes first, and removes both its listeners
    // either way, so that a later error is not swallowed by a spent promise.
    try {
      server.listen(port, host);
      await once(server, 'listening');
    } catch (error) {
      await pool.destroy();
      throw error;
    }
    return {
      port: server.address().port,
      // server.close() closes the idle keep-alive connections itself (Node 19+);
      // closeAllConnections() also ends any still inside a request, which would
      // keep the server open.
      close: async () => {
        await new Promise((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await pool.destroy();
      },
    };
  };
}
