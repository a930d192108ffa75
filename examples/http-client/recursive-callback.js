'use strict';

// Style: a recursive callback, the reference: each response's 'end' issues
// the next request, as in the 2018 experiment.
// Library: none; node:http.
// Notice: `concurrency` such chains share one count of the requests issued;
// the last chain to end calls back. Once has to be written by hand twice: a
// request reports once, whichever of its events comes first, and done is
// called once, when every chain has ended. On the first failure no chain
// issues another request; the requests in flight are let end, then the first
// failure is reported. One agent per load, with maxSockets = concurrency,
// destroyed when the load ends, so no socket outlives the call; without
// keep-alive every request also says `connection: close`, because an agent
// with a finite maxSockets otherwise hands a queued request the last one's socket.

const http = require('node:http');

module.exports = function load({ url, requests, concurrency = 1, keepAlive = true }, done) {
  const agent = new http.Agent({ keepAlive, maxSockets: concurrency });
  const headers = keepAlive ? {} : { connection: 'close' };
  let issued = 0;
  let responses = 0;
  let bytes = 0;
  let failure = null;
  let chains = concurrency;

  function chainEnds() {
    chains -= 1;
    if (chains > 0) return;
    agent.destroy();
    if (failure) done(failure);
    else done(null, { responses, bytes });
  }

  function next() {
    if (failure || issued === requests) return chainEnds();
    issued += 1;
    let reported = false;
    function report(error) {
      if (reported) return;
      reported = true;
      if (error && !failure) failure = error;
      next();
    }
    const request = http.get(url, { agent, headers }, (response) => {
      let size = 0;
      response.on('data', (chunk) => {
        size += chunk.length;
      });
      response.on('error', report);
      response.on('end', () => {
        if (response.statusCode !== 200) return report(new Error(`GET ${url} answered status ${response.statusCode}`));
        responses += 1;
        bytes += size;
        report(null);
      });
    });
    request.on('error', report);
  }

  for (let chain = 0; chain < concurrency; chain++) next();
};
