'use strict';

// Style: callbacks, the reference: fs.open, fs.read and fs.close, each with its callback.
// Library: none; node:http and node:fs.
// Notice: the code of "Is async I/O worth the trouble?" (2019), with the
// descriptor closed on every path, which that code forgot. The thread only
// starts each step and returns to the event loop, so other requests are served
// while the file is read (by libuv's thread pool), fib is computed a call per
// turn (examples/slicing/set-immediate.js, unless `fib` names another callback
// fib: cluster-sliced.js gives it the 2015 article's) and the timer runs.

const fs = require('node:fs');
const http = require('node:http');
const setImmediateFib = require('../slicing/set-immediate')();

// Reads exactly `bytes` bytes: a read may return fewer than it was asked for.
function readRandom(bytes, done) {
  fs.open('/dev/urandom', 'r', (openError, fd) => {
    if (openError) return done(openError);
    const buffer = Buffer.alloc(bytes);
    const readFrom = (offset) => {
      if (offset === bytes) return fs.close(fd, (closeError) => done(closeError, buffer));
      fs.read(fd, buffer, offset, bytes - offset, null, (readError, read) => {
        if (readError || read === 0) return fs.close(fd, () => done(readError || new Error('/dev/urandom ended early')));
        readFrom(offset + read);
      });
    };
    readFrom(0);
  });
}

function answer(res, error, type, body) {
  if (error) {
    if (res.headersSent) res.destroy();
    else res.writeHead(500).end();
    return;
  }
  res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) }).end(body);
}

module.exports = function serve({ host = '127.0.0.1', port = 0, workload = 'read', bytes = 1048576, fibN = 20, t = 10, fib = setImmediateFib } = {}) {
  const workloads = {
    read: (res) => readRandom(bytes, (error, body) => answer(res, error, 'application/octet-stream', body)),
    compute: (res) => fib(fibN, (error, value) => answer(res, error, 'text/plain', String(value))),
    wait: (res) => setTimeout(() => answer(res, null, 'text/plain', 'ok'), t),
  };
  const work = workloads[workload];
  if (!work) return Promise.reject(new Error(`unknown workload ${workload}`));

  const server = http.createServer((req, res) => work(res));
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
