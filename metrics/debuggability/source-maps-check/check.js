'use strict';

// Run by metrics/debuggability/source-maps.js under a runtime, in one way of asking for
// source maps, to see whether it applies them: compiled.js throws, and its
// map says the throw is line 7 of original.js. Prints one JSON line.

try {
  require('./compiled')();
} catch (error) {
  const stack = String(error && error.stack);
  console.log(JSON.stringify({ mapped: /original\.js:7:\d+/.test(stack), stack }));
}
