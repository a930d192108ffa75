'use strict';

const http = require('node:http');

// The server the http-client examples load: as cheap as a server can be (one
// body of `bytes` bytes, made once), so that the client's own cost is what a
// run measures. It counts what it saw, for the driver to check the client
// against: requests, the most in flight at once, and connections.

module.exports = function serve({ host = '127.0.0.1', port = 0, bytes = 0 } = {}) {
  const body = Buffer.alloc(bytes, 'asyncmark ');
  const seen = { requests: 0, maxInFlight: 0, connections: 0 };
  let inFlight = 0;
  const server = http.createServer((request, response) => {
    seen.requests++;
    inFlight++;
    seen.maxInFlight = Math.max(seen.maxInFlight, inFlight);
    response.on('close', () => inFlight--);
    // The request's body, if any, is read before answering, as a real server would.
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes });
      response.end(body);
    });
  });
  server.on('connection', () => seen.connections++);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () =>
      resolve({
        port: server.address().port,
        stats: () => ({ ...seen }),
        // Ends the connections the warm-up left idle, so that no client starts the
        // timed load with warm connections (fetch's pool keeps them; an agent of
        // node:http is destroyed with its load).
        closeIdle: () => server.closeIdleConnections(),
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      }),
    );
  });
};
