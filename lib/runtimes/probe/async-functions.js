'use strict';

// Run by lib/runtimes/probe.js under a runtime: whether it runs async
// functions and await (Node 7.6 on), which most examples are written in. A
// runtime that cannot parse it fails before printing anything. Only globals,
// as await-using.js.

async function awaited() {
  const value = await Promise.resolve('awaited');
  return value === 'awaited';
}

awaited().then((works) => process.stdout.write(`${JSON.stringify({ asyncFunctions: works })}\n`));
