'use strict';

// Style: the callback reference (async-callbacks.js) computing with the 2015
// article's fibonacciAsync (examples/slicing/both-branches-set-immediate.js),
// in a cluster of worker processes.
// Library: none; node:cluster.
// Notice: the server of "node.js concurrency evaluation" (Tushar Mathur,
// 2015) as far as the article shows it: fib per request, every call deferred
// through setImmediate with both branches started in the same slice, the
// server forked once per worker. The requests a worker holds share its one
// immediate queue, each the whole frontier of its tree, so all of them are
// answered late rather than one soon. Its leaves answer n, as sync.js's
// recursion does, so the two clusters send the same bodies.

const cluster = require('node:cluster');
const os = require('node:os');
const serveOne = require('./async-callbacks');
const fib = require('../slicing/both-branches-set-immediate')();

// The worker's options travel in its environment, as JSON.
const OPTIONS = 'ASYNCMARK_HTTP_SERVER';

// Started as a worker's script: serve until the primary ends the process.
if (cluster.isWorker && require.main === module) {
  serveOne({ ...JSON.parse(process.env[OPTIONS]), fib }).catch((error) => {
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
