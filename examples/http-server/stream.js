'use strict';

// Style: streams: a file read stream piped to the response with stream.pipeline.
// Library: none; node:fs and node:stream.
// Notice: the idiomatic way, and the only example that never holds the whole
// body in memory: pipeline reads the next chunk when the client has taken the
// last. It also destroys both streams when either fails or the client goes
// away, which closes the file; .pipe() alone would leave it open. Until the
// file is open nothing is sent, so a failure to open is still a 500. fib and
// the wait are written as in the callback reference.

const fs = require('node:fs');
const http = require('node:http');
const { pipeline } = require('node:stream');
const fib = require('../slicing/set-immediate')();

function answer(res, error, type, body) {
  if (error) {
    if (res.headersSent) res.destroy();
    else res.writeHead(500).end();
    return;
  }
  res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) }).end(body);
}

function sendRandom(res, bytes) {
  // A read stream's end is inclusive, so there is no empty range to ask for.
  if (bytes === 0) return answer(res, null, 'application/octet-stream', '');
  const file = fs.createReadStream('/dev/urandom', { start: 0, end: bytes - 1 });
  const failToOpen = (error) => answer(res, error);
  file.once('error', failToOpen);
  file.once('ready', () => {
    file.off('error', failToOpen);
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes });
    // A failure now has already destroyed the response: there is nothing left to answer.
    pipeline(file, res, () => {});
  });
}

module.exports = function serve({ host = '127.0.0.1', port = 0, workload = 'read', bytes = 1048576, fibN = 20, t = 10 } = {}) {
  const workloads = {
    read: (res) => sendRandom(res, bytes),
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
