'use strict';

const assert = require('node:assert/strict');
const { invoke } = require('../../lib/invoke');

// lib/invoke.js: an upload called by the wrong convention (a callback file
// given --io promises) is said to return the wrong thing, not "Cannot read
// properties of undefined (reading 'then')".

describe('invoke: an upload that returns what its convention cannot use', () => {
  const heard = [];
  const callback = (error, value) => heard.push([error, value]);

  it('a promise convention and no promise: a TypeError naming what was returned and expected', () => {
    assert.throws(
      () => invoke('promise', () => undefined, [], callback),
      /^TypeError: upload returned undefined, not a promise \(a thenable\) as the promise convention expects: is the file called as it is written \(--call, --io\)\?$/,
    );
    assert.throws(() => invoke('promise', () => ({ done: true }), [], callback), /upload returned an object without then, not a promise/);
  });

  it('an observable convention and no observable: the same, for subscribe', () => {
    assert.throws(() => invoke('observable', () => Promise.resolve(1), [], callback), /upload returned an object without subscribe, not an observable/);
  });

  it('a promise is still called as one (the planted case: the check above is not met by every value)', async () => {
    invoke('promise', () => Promise.resolve('done'), [], callback);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(heard, [[null, 'done']]);
  });
});
