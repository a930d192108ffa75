'use strict';

// The clocks a run's figures are read from, taken as this module loads, which
// a child does before any code of an example's is loaded (main.js). An
// example, or a file of one's own (bench --add), that replaces one of them
// (a frozen process.hrtime, a slowed performance.now) would have its run
// timed by its own clock: changedClocks() names any the run replaced, so that
// the run is reported as not measured, with the reason, instead of as "0 ms".
// (measure.js calls the clocks directly: reading them through references
// kept here moved a counted run's instructions by up to 1.6% from one run to
// the next, measured on the tiny cells of test/runner/count.test.js.)

function perfHooks() {
  try {
    return require('node:perf_hooks').performance || null;
  } catch {
    // Node before 8.5.
    return null;
  }
}

const hooksPerformance = perfHooks();
// globalThis came in Node 12.
const root = typeof globalThis === 'object' ? globalThis : global;

// Where each clock is found, as a person would name it, and how to read it now.
const PLACES = {
  'process.hrtime': () => process.hrtime,
  'process.hrtime.bigint': () => process.hrtime && process.hrtime.bigint,
  'process.cpuUsage': () => process.cpuUsage,
  'process.resourceUsage': () => process.resourceUsage,
  'process.memoryUsage': () => process.memoryUsage,
  'performance.now': () => hooksPerformance && hooksPerformance.now,
  'globalThis.performance': () => root.performance,
  'globalThis.performance.now': () => root.performance && root.performance.now,
  'Date.now': () => Date.now,
};

const taken = {};
for (const [name, read] of Object.entries(PLACES)) taken[name] = read();

/** @returns {string[]} the clocks that no longer are the ones taken at the child's start */
function changedClocks() {
  return Object.keys(PLACES).filter((name) => PLACES[name]() !== taken[name]);
}

module.exports = { changedClocks };
