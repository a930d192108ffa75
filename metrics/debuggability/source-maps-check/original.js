'use strict';

// The source of compiled.js, for metrics/debuggability/source-maps.js: a runtime applies
// source maps when the trace of compiled.js's error names this file, line 7.
module.exports = function fail() {
  const message = 'source map check';
  throw new Error(message);
};
