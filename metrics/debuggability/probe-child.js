'use strict';

// One run of the debuggability probe, in a process of its own: loads one
// example against I/O that fails at one operation, calls it once, and tells the
// parent over IPC what became of the error and what its stack said. The parent
// (metrics/debuggability/probe.js) chooses the runtime and its stack flags, and the fault, engine
// options and arguments that examples/<problem>/probe.js declares; this script
// turns on the promise libraries' long stack traces when asked.
//
// Messages: { type: 'event', event: { type, error } } for each thing that
// happened, as it happens, so that a run that hangs afterwards still tells;
// { type: 'done' } once the event loop has nothing left to run; and, instead
// of both, { type: 'unsupported', reason } when a runtime of --runtime
// cannot load the example.

if (!process.send) {
  throw new Error('metrics/debuggability/probe-child.js is run by metrics/debuggability/probe.js, over an IPC channel');
}
const job = JSON.parse(process.argv[2]);

const { loadExample } = require('../../lib/runner/child/example');

// Under a runtime of --runtime, one that cannot load the example or its
// library (a syntax or an API it lacks) says so and runs nothing, as bench's
// children do; under the node running asyncmark a failure to load crashes
// this process, as it would crash an application. Everything is loaded
// before the process handlers exist, and the I/O only once the libraries'
// long stack traces are on: bluebird refuses them once a promise exists.
let engine = null;
const loaded = loadExample(job, () => {
  if (job.libraryLongStacks) {
    require('bluebird').config({ longStackTraces: true });
    require('q').longStackSupport = true;
  }
  const { createIO } = require('../../lib/fakes');
  const { requireExample } = require('../../lib/registry');
  const created = createIO(
    job.io,
    {
      latency: job.latency,
      t: job.t,
      ...job.options,
      fault: job.fault,
    },
    job.problem,
  );
  engine = created.engine;
  return requireExample(job.file)(created.io);
});

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

const { invoke } = require('../../lib/invoke');
const upload = loaded.value;

// The caller of upload(). A trace that reaches this function leads all the way
// back to the code that started the upload; its name is how the parent tells.
function startUpload() {
  invoke(job.call, upload, job.args, (error) => record(error ? 'caller' : 'success', error));
}

if (loaded.unsupported) {
  process.send({ type: 'unsupported', reason: loaded.unsupported.error });
} else {
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

  // Called from here, the top of the module, as it always was: a frame more
  // below startUpload would change what a trace of ten frames holds.
  try {
    startUpload();
  } catch (error) {
    record('thrown', error);
  }
}
