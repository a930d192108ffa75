'use strict';

// Run by lib/runtimes/probe.js under a runtime: whether it runs `await using`
// (explicit resource management), which examples that declare
// `needs: 'await using'` are written in. A runtime that cannot parse it fails
// before printing anything. Only globals, so that a runtime that reads .js
// files as ES modules (Deno) runs it too. lib/runtimes/syntax.js compiles this
// file to ask the same of the node running asyncmark.

async function disposedAtScopeEnd() {
  const events = [];
  {
    await using _resource = {
      async [Symbol.asyncDispose]() {
        events.push('disposed');
      },
    };
    events.push('used');
  }
  events.push('after');
  return events.join(',') === 'used,disposed,after';
}

disposedAtScopeEnd().then((works) => process.stdout.write(`${JSON.stringify({ awaitUsing: works })}\n`));
