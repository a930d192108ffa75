'use strict';

// examples/libraries/resume.js: misuse is reported, and the final callback
// is called once (its arguments and outcome: resume.test.js).

const assert = require('node:assert/strict');
const resume = require('../../../examples/libraries/resume');
const { later, now, settle, guarded } = require('./resume-helpers');

describe('resume', () => {
  describe('misuse is reported', () => {
    it('a resume() callback called twice throws to its caller, and the generator runs on once', async () => {
      const thrown = [];
      const steps = [];
      let first;
      const fn = resume(function* (resume) {
        const cb = resume();
        first = cb;
        setImmediate(() => guarded(thrown)(cb)(null, 'one'));
        steps.push(yield);
        steps.push(yield later(null, 'two')(resume()));
        return steps.length;
      });
      const running = settle(fn);
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      guarded(thrown)(first)(null, 'again');
      const heard = await running;
      assert.deepEqual(steps, ['one', 'two']);
      assert.deepEqual(heard, [[null, 2]]);
      assert.equal(thrown.length, 1);
      assert.match(thrown[0].message, /called more than once/);
    });

    it('a callback called twice at once (error then success) resumes once', async () => {
      const thrown = [];
      const error = new Error('first outcome');
      const fn = resume(function* (resume) {
        yield ((cb) =>
          setImmediate(() => {
            guarded(thrown)(cb)(error);
            guarded(thrown)(cb)(null, 'second outcome');
          }))(resume());
      });
      const heard = await settle(fn);
      assert.deepEqual(heard, [[error]]);
      assert.equal(thrown.length, 1);
      assert.match(thrown[0].message, /called more than once/);
    });

    it('a second call after the generator finished throws, and the callback is not called again', async () => {
      let cb;
      const fn = resume(function* (resume) {
        cb = resume();
        setImmediate(() => cb(null, 'done'));
        return yield;
      });
      const heard = await settle(fn);
      assert.throws(() => cb(null, 'late'), /called more than once/);
      assert.deepEqual(heard, [[null, 'done']]);
    });

    it('a stale callback, replaced by a later resume(), throws when called', async () => {
      let stale;
      const fn = resume(function* (resume) {
        stale = resume();
        return yield later(null, 'fresh')(resume());
      });
      const heard = await settle(fn);
      assert.deepEqual(heard, [[null, 'fresh']]);
      assert.throws(() => stale(null, 'stale'), /stale resume\(\) callback/);
    });

    it('a stale callback called while the generator waits for the newer one throws, and does not resume it', async () => {
      const thrown = [];
      let stale;
      const fn = resume(function* (resume) {
        stale = resume();
        const fresh = resume();
        setImmediate(() => {
          guarded(thrown)(stale)(null, 'stale');
          fresh(null, 'fresh');
        });
        return yield;
      });
      const heard = await settle(fn);
      assert.deepEqual(heard, [[null, 'fresh']]);
      assert.equal(thrown.length, 1);
      assert.match(thrown[0].message, /stale resume\(\) callback/);
    });

    it('resume() called after the generator finished throws, and its callback is never made', async () => {
      let kept;
      const fn = resume(function* (resume) {
        kept = resume;
        return yield later(null, 'done')(resume());
      });
      const heard = await settle(fn);
      assert.deepEqual(heard, [[null, 'done']]);
      assert.throws(() => kept(), /resume\(\) called after the generator finished/);
    });

    it('a callback left behind by a generator that threw throws when called, and is not heard', async () => {
      let orphan;
      const error = new Error('gave up');
      const fn = resume(function* (resume) {
        orphan = resume();
        throw error;
      });
      const heard = await settle(fn);
      assert.throws(() => orphan(null, 'late'), /stale resume\(\) callback/);
      assert.deepEqual(heard, [[error]]);
    });

    it('a yield without resume() throws into the generator at that yield', async () => {
      let caught;
      const fn = resume(function* (resume) {
        try {
          yield 'not an operation';
        } catch (err) {
          caught = err;
        }
        return yield later(null, 'after')(resume());
      });
      assert.deepEqual(await settle(fn), [[null, 'after']]);
      assert.match(caught.message, /yielded without calling resume\(\)/);
    });

    it('a yield without resume() that is not caught reaches the callback', async () => {
      const fn = resume(function* (resume) {
        yield later(null, 1)(resume());
        yield;
      });
      const heard = await settle(fn);
      assert.equal(heard.length, 1);
      assert.match(heard[0][0].message, /yielded without calling resume\(\)/);
    });

    it('a callback reused for a second yield does not answer it', async () => {
      const fn = resume(function* (resume) {
        const cb = resume();
        setImmediate(() => cb(null, 1));
        yield;
        yield; // cb is spent: nothing can resume this yield
      });
      const heard = await settle(fn);
      assert.match(heard[0][0].message, /yielded without calling resume\(\)/);
    });
  });

  describe('the final callback', () => {
    it('is not called again when it throws, and its error is not fed to the generator', () => {
      const error = new Error('from the final callback');
      let calls = 0;
      let caughtInside = false;
      const fn = resume(function* (resume) {
        try {
          yield now(null, 1)(resume());
        } catch {
          caughtInside = true;
        }
        return 'value';
      });
      assert.throws(
        () =>
          fn(() => {
            calls++;
            throw error;
          }),
        (thrown) => thrown === error,
      );
      assert.equal(calls, 1);
      assert.equal(caughtInside, false);
    });

    it('throwing on an error outcome propagates to whoever resumed, once', async () => {
      const callbackError = new Error('from the final callback');
      const thrown = [];
      let calls = 0;
      const fn = resume(function* (resume) {
        yield ((cb) => setImmediate(() => guarded(thrown)(cb)(new Error('io'))))(resume());
      });
      fn(() => {
        calls++;
        throw callbackError;
      });
      await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
      assert.equal(calls, 1);
      assert.deepEqual(thrown, [callbackError]);
    });
  });
});
