'use strict';

/* global document, Worker, WorkerGlobalScope -- a browser's */

// What a browser runs for one run of the compute driver, bundled by esbuild
// with the example (the module 'asyncmark-example', resolved to its file by
// browser-child.js): the same loop as Node's child (loop.js), on the page's
// main thread, or in a Web Worker when this bundle is the worker's script.
// The browser gives what it can: no CPU time, memory, GC or event-loop
// figures (null: "n/a" in the tables), and garbage collected before the timed
// region only where the browser exposes gc (Chromium under --expose-gc).

const { measureCalls } = require('./loop');
const factory = require('asyncmark-example');

// setImmediate of the browser: a message posted to oneself runs as a task of
// its own, without the 4 ms clamp nested zero-delay timers get.
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()();
const nextTurn = () =>
  new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });

// The timed region as a browser can measure it: wall time only.
function startMeasuring() {
  const start = performance.now();
  return () => ({
    wallMs: performance.now() - start,
    cpuUserMs: null,
    cpuSystemMs: null,
    maxRssMB: null,
    heapBeforeMB: null,
    heapPeakMB: null,
    gcCount: null,
    gcMs: null,
    elu: null,
    loopDelayP50Ms: null,
    loopDelayP99Ms: null,
  });
}

/**
 * One run: { result } as the loop returns it, { loadError } when the factory
 * throws (the browser cannot load the example), or { thrown } when a call
 * throws or rejects.
 */
async function run(job) {
  let fib;
  try {
    fib = factory(job.options);
  } catch (error) {
    return { loadError: `${error && error.name ? `${error.name}: ` : ''}${String((error && error.message) || error).split('\n')[0]}` };
  }
  const gc = typeof globalThis.gc === 'function' ? () => globalThis.gc() : null;
  try {
    const result = await measureCalls({ fib, call: job.call, n: job.n, minTime: job.minTime, warmup: job.warmup, nextTurn, startMeasuring, gc });
    return { result };
  } catch (error) {
    return { thrown: String((error && error.stack) || error) };
  }
}

// The page reads its job from the JSON the server wrote into it (data, not
// code: nothing is passed to the browser as a function, which a coverage tool
// would have instrumented with counters that do not exist there), runs it on
// its main thread or hands it to a Web Worker of this same script, and leaves
// the answer's promise in globalThis.asyncmarkAnswer for the driver to await.
function onPage(scriptUrl) {
  const job = JSON.parse(document.getElementById('asyncmark-job').textContent);
  if (job.thread !== 'worker') return run(job);
  return new Promise((resolve) => {
    const worker = new Worker(scriptUrl);
    worker.onmessage = (event) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => resolve({ thrown: `in the worker: ${event.message}` });
    worker.postMessage(job);
  });
}

const inWorker = typeof WorkerGlobalScope !== 'undefined' && globalThis instanceof WorkerGlobalScope;
if (inWorker) {
  globalThis.onmessage = (event) => run(event.data).then((answer) => globalThis.postMessage(answer));
} else {
  const scriptUrl = document.currentScript ? document.currentScript.src : '/bundle.js';
  // Started once the page has loaded, so that loading is not measured.
  globalThis.asyncmarkAnswer = new Promise((resolve) => {
    globalThis.addEventListener('load', () => resolve(onPage(scriptUrl)));
  });
}
