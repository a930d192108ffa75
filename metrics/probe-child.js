'use strict';

// One run of the debuggability probe, in a process of its own: loads one
// example against I/O that fails at one operation, calls it once, and tells the
// parent over IPC what became of the error and what its stack said. The parent
// (metrics/debuggability.js) chooses the Node flags, and the fault, engine
// options and arguments that examples/<problem>/probe.js declares; this script
// turns on the promise libraries' long stack traces when asked.
//
// Messages: { type: 'event', event: { type, error } } for each thing that
// happened, as it happens, so that a run that hangs afterwards still tells; and
// { type: 'done' } once the event loop has nothing left to run.

if (!process.send) {
  throw new Error('metrics/probe-child.js is run by metrics/debuggability.js, over an IPC channel');
}
const job = JSON.parse(process.argv[2]);

if (job.libraryLongStacks) {
  require('bluebird').config({ longStackTraces: true });
  require('q').longStackSupport = true;
}

const { createIO } = require('../lib/fakes');
const { invoke } = require('../lib/invoke');
const { requireExample } = require('../lib/registry');

const { io, engine } = createIO(
  job.io,
  {
    latency: job.latency,
    t: job.t,
    ...job.options,
    fault: job.fault,
  },
  job.problem,
);

// Loaded before the process handlers exist, so that an example that throws at
// load crashes this process as it would crash an application.
const upload = requireExample(job.file)(io);

function describeError(error) {
  if (error instanceof Error) {
    return {
      name: error.name,
      message: error.message,
      stack: typeof error.stack === 'string' ? error.stack : null,
      injected: engine.injected.includes(error),
    };
  }
  return { name: null, message: String(error), stack: null, injected: false };
}

function record(type, error) {
  process.send({ type: 'event', event: { type, error: error == null ? null : describeError(error) } });
}

process.on('uncaughtException', (error) => record('uncaught', error));
process.on('unhandledRejection', (error) => record('unhandled', error));

// Nothing is left to run, so whatever was going to happen has happened. A run
// that keeps the loop busy instead is ended by the parent's timeout.
let done = false;
process.on('beforeExit', () => {
  if (done) return;
  done = true;
  process.send({ type: 'done' });
});

// The caller of upload(). A trace that reaches this function leads all the way
// back to the code that started the upload; its name is how the parent tells.
function startUpload() {
  invoke(job.call, upload, job.args, (error) => record(error ? 'caller' : 'success', error));
}

try {
  startUpload();
} catch (error) {
  record('thrown', error);
}
