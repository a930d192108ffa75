'use strict';

// Calls an example by its convention and reports in node style, so that the
// runner and the tests treat every style alike. `callback` may be called more
// than once if the example misbehaves; that is for the caller to notice.

const CONVENTIONS = ['callback', 'promise', 'observable'];

// Conventions whose value does nothing until it is started: an observable's
// work begins when it is subscribed to, once per subscription.
const LAZY = ['observable'];

/**
 * @param {string} convention callback | promise | observable
 * @param {Function} fn the example's upload function
 * @param {Array} args its arguments, without a callback
 * @param {Function} callback (error, value)
 * @returns {undefined} what fn throws synchronously is thrown on
 */
function invoke(convention, fn, args, callback) {
  switch (convention) {
    case 'callback':
      fn(...args, callback);
      return;
    case 'promise':
      returned(fn(...args), 'then', convention).then(
        (value) => callback(null, value),
        (error) => callback(error),
      );
      return;
    case 'observable': {
      let last;
      returned(fn(...args), 'subscribe', convention).subscribe({
        next: (value) => {
          last = value;
        },
        error: (error) => callback(error),
        complete: () => callback(null, last),
      });
      return;
    }
    default:
      throw new RangeError(`convention must be one of ${CONVENTIONS.join(', ')}; got ${convention}`);
  }
}

const WHAT = { then: 'a promise (a thenable)', subscribe: 'an observable (something with subscribe)' };

// What an example returned, when it has the member its convention calls; a
// TypeError that says what was expected otherwise, where "Cannot read
// properties of undefined (reading 'then')" would blame nothing in particular:
// a file written for another convention, or given the wrong I/O.
function returned(value, member, convention) {
  if (value !== null && value !== undefined && typeof value[member] === 'function') return value;
  const got = value === null ? 'null' : typeof value === 'object' ? `an object without ${member}` : typeof value;
  throw new TypeError(
    `upload returned ${got}, not ${WHAT[member]} as the ${convention} convention expects: is the file called as it is written (--call, --io)?`,
  );
}

/**
 * The call and the start of an example apart, for a lazy convention: fn is
 * called now, and start(callback) subscribes to what it returned, as often as
 * it is called. For any other convention start(callback) is invoke's call.
 * @returns {Function} start(callback)
 */
function prepare(convention, fn, args) {
  if (!LAZY.includes(convention)) return (callback) => invoke(convention, fn, args, callback);
  const value = fn(...args);
  return (callback) => invoke(convention, () => value, [], callback);
}

module.exports = { invoke, prepare, CONVENTIONS, LAZY };
