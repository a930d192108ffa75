'use strict';

// Run by metrics/debuggability/stack-settings.js under a runtime, with one stack setting's
// flags in one form, to see what they did: whether an error thrown after an
// await keeps the frame of the async function awaiting it, and what
// Error.stackTraceLimit is. Prints one JSON line. It uses only globals, so
// that it runs whether the runtime reads it as CommonJS or as an ES module.
// Coverage leaves it alone (.nycrc.json): nyc compiles a file it has not
// cached with Babel, which raises Error.stackTraceLimit to 50 before the
// file runs, so an instrumented check misreads the runtime's flags.

async function inner() {
  await null;
  throw new Error('stack settings check');
}

async function outer() {
  await inner();
}

const versions = typeof process === 'object' && process.versions ? { node: process.version, v8: process.versions.v8 || null } : null;

outer().catch((error) => {
  const stack = String(error && error.stack);
  console.log(JSON.stringify({ asyncFrames: /\bat async outer\b/.test(stack), stackTraceLimit: Error.stackTraceLimit, versions }));
});
