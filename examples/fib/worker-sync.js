'use strict';

// Style: the synchronous recursion (sync.js, unchanged) run in a worker_threads Worker.
// Library: none; node:worker_threads.
// Notice: the main thread stays free while the worker computes. One Worker per
// call, the simplest honest shape: the call pays for starting a thread, and
// the worker exits by itself once it has posted the result, so the promise
// settles on its exit and no thread outlives the call. Keeping a worker for
// many calls needs a queue and a protocol; that is what pool-split uses piscina for.

const { Worker, isMainThread, parentPort, workerData } = require('node:worker_threads');
const fib = require('./sync')();

// Started as the Worker's script: compute, post, and let the thread end.
if (!isMainThread && require.main === module) {
  parentPort.postMessage(fib(workerData));
}

module.exports = () =>
  function fibInWorker(n) {
    return new Promise((resolve, reject) => {
      const worker = new Worker(__filename, { workerData: n });
      let result;
      worker.on('message', (value) => {
        result = value;
      });
      worker.on('error', reject);
      worker.on('exit', (code) => {
        if (code === 0) resolve(result);
        else reject(new Error(`fib worker exited with code ${code}`));
      });
    });
  };
