'use strict';

// What the tests of examples/libraries/resume.js share (resume.test.js,
// resume-misuse.test.js): operations that call back later or at once, a run
// that waits for a second answer, and a callback's throw caught as the I/O
// would see it.

// Node-style operations for the generators to call: each calls back once, on a
// later turn unless said otherwise.
const later = (err, value) => (cb) => setImmediate(() => cb(err, value));
const now = (err, value) => (cb) => cb(err, value);

// Runs a resumable function and resolves with every call of its final callback,
// once the event loop has had a few turns to show a second one.
function settle(fn, ...args) {
  return new Promise((resolve) => {
    const heard = [];
    fn(...args, (...outcome) => heard.push(outcome));
    let turns = 0;
    const wait = () => (++turns < 5 ? setImmediate(wait) : resolve(heard));
    setImmediate(wait);
  });
}

// Catches what a resume() callback throws when the I/O calls it, as the process
// would see it: here, the operation calls back inside a try block of its own.
function guarded(thrown) {
  return (cb) =>
    (...args) => {
      try {
        cb(...args);
      } catch (error) {
        thrown.push(error);
      }
    };
}

module.exports = { later, now, settle, guarded };
