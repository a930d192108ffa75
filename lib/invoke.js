'use strict';

// Calls an example by its convention and reports in node style, so that the
// runner and the tests treat every style alike. `callback` may be called more
// than once if the example misbehaves; that is for the caller to notice.

const CONVENTIONS = ['callback', 'promise', 'observable'];

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
      fn(...args).then(
        (value) => callback(null, value),
        (error) => callback(error),
      );
      return;
    case 'observable': {
      let last;
      fn(...args).subscribe({
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

module.exports = { invoke, CONVENTIONS };
