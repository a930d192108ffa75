'use strict';

// What the counted-run tests share (count.test.js, count-valgrind.test.js,
// count-deno.test.js): a tiny cell whose I/O completes on the next turn of
// the event loop (tick): no real timers, so what the process does does not
// depend on the clock.
const job = (extra = {}) => ({
  scenario: 'doxbee-sequential',
  problem: 'doxbee',
  driver: 'batch',
  example: 'callbacks-original',
  params: { n: 20, latency: 'tick', e: 0, seed: 1 },
  run: 0,
  childOptions: { fileExists: false },
  ...extra,
});
// A job that runs a planted example of the test fixtures instead.
const planted = (name, file) => ({
  example: name,
  entry: { name, file, call: 'callback', io: 'callbacks', throws: 'escapes' },
});
const relative = (a, b) => Math.abs(a - b) / b;
// The repeatability goal of docs/explanation/counted-work.md: two counts of one cell agree
// within 0.1% (measured: 0.006% at doxbee n=1000).
const TOLERANCE = 0.001;

module.exports = { job, planted, relative, TOLERANCE };
