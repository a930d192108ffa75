'use strict';

// Run by lib/runtimes/probe.js under a runtime: whether it runs plain `using`
// with a DisposableStack, which examples that declare `needs: 'using'` are
// written in. A runtime that cannot parse it fails before printing anything;
// one that parses it but has no DisposableStack prints false. Only globals, as
// in await-using.js. lib/runtimes/syntax.js compiles this file, and looks for
// DisposableStack, to ask the same of the node running asyncmark.

function disposedAtScopeEnd() {
  if (typeof DisposableStack !== 'function') return false;
  const events = [];
  {
    using stack = new DisposableStack();
    stack.defer(() => events.push('disposed'));
    events.push('used');
  }
  events.push('after');
  return events.join(',') === 'used,disposed,after';
}

process.stdout.write(`${JSON.stringify({ using: disposedAtScopeEnd() })}\n`);
