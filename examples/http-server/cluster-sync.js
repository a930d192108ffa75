'use strict';

// Style: the synchronous server (sync.js, unchanged) in a cluster of worker processes.
// Library: none; node:cluster.
// Notice: the usual answer to a blocking server: one process per core, all
// accepting on one port (the primary hands out the connections). Each worker
// still serves one request at a time, so `workers` requests are served at
// once, no more; every worker is a whole Node process in memory.

const cluster = require('node:cluster');
const os = require('node:os');
const serveOne = require('./sync');

// The worker's options travel in its environment, as JSON.
const OPTIONS = 'ASYNCMARK_HTTP_SERVER';

// Started as a worker's script: serve until the primary ends the process.
if (cluster.isWorker && require.main === module) {
  serveOne(JSON.parse(process.env[OPTIONS])).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

// Killed rather than disconnected: a disconnecting worker waits for every open
// connection to end, and a load generator's keep-alive connections may not. The
// primary frees the port once every worker has both exited and disconnected.
function stop(worker) {
  if (worker.isDead() && !worker.isConnected()) return Promise.resolve();
  const ended = [worker.isDead() ? null : new Promise((resolve) => worker.once('exit', resolve))];
  if (worker.isConnected()) ended.push(new Promise((resolve) => worker.once('disconnect', resolve)));
  worker.process.kill();
  return Promise.all(ended);
}

module.exports = function serve({ workers = os.availableParallelism(), ...options } = {}) {
  cluster.setupPrimary({ exec: __filename });
  const forked = Array.from({ length: workers }, () => cluster.fork({ [OPTIONS]: JSON.stringify(options) }));
  const close = () => Promise.all(forked.map(stop)).then(() => {});
  return new Promise((resolve, reject) => {
    let listening = 0;
    for (const worker of forked) {
      // Workers that listen on port 0 share one ephemeral port.
      worker.once('listening', ({ port }) => {
        listening += 1;
        if (listening === workers) resolve({ port, close });
      });
      worker.once('exit', (code, signal) => {
        if (listening < workers) close().then(() => reject(new Error(`http-server worker exited (${signal || code}) before listening`)));
      });
    }
  });
};
