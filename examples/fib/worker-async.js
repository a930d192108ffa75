'use strict';

// Style: the async recursion (async.js, unchanged) run in a worker_threads Worker.
// Library: none; node:worker_threads.
// Notice: the promise tree now blocks the worker instead of the main thread.
// One Worker per call, as in worker-sync: the call pays for starting a thread,
// the worker exits by itself once it has posted the result, and the promise
// settles on its exit, so no thread outlives the call.

const { Worker, isMainThread, parentPort, workerData } = require('node:worker_threads');
const fib = require('./async')();

// Started as the Worker's script: compute, post, and let the thread end. A
// rejection here is an uncaught error in the worker, which the caller hears.
if (!isMainThread && require.main === module) {
  fib(workerData).then((value) => parentPort.postMessage(value));
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
