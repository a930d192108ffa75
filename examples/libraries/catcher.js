'use strict';

// A tiny error-forwarding helper in the spirit of Node's old `domain.intercept`:
// one error handler for a whole chain of node-style callbacks, so that each
// callback deals only with results.
//
//   const intercept = catcher(onError);
//   blob.put(stream, intercept((blobId) => { ... }));
//
// An intercepted callback called with a truthy error calls onError(error) and
// not fn; otherwise it calls fn with the results that followed the error
// argument, however many. Whatever the called function returns is returned.
//
// It does only that. Unlike a domain it does not catch what fn throws, and it
// adds no once-only guard: calling back once is the contract of the API that
// calls the callback. Neither function is called with a `this`.

/**
 * @param {Function} onError called with the error of any intercepted callback
 * @returns {(fn: Function) => Function} intercept: wraps fn as a node-style callback
 */
function catcher(onError) {
  if (typeof onError !== 'function') {
    throw new TypeError(`catcher: onError must be a function; got ${typeof onError}`);
  }
  return function intercept(fn) {
    if (typeof fn !== 'function') {
      throw new TypeError(`intercept: fn must be a function; got ${typeof fn}`);
    }
    return (err, ...results) => (err ? onError(err) : fn(...results));
  };
}

module.exports = catcher;
