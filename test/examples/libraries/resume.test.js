'use strict';

// examples/libraries/resume.js: its arguments, its outcome, the errors of its
// operations and synchronous callbacks (misuse and the final callback:
// resume-misuse.test.js).

const assert = require('node:assert/strict');
const resume = require('../../../examples/libraries/resume');
const { later, now, settle } = require('./resume-helpers');

describe('resume', () => {
  describe('arguments', () => {
    it('refuses a generatorFunction that is not a function, naming it', () => {
      for (const bad of [undefined, null, 1, {}]) {
        assert.throws(() => resume(bad), { name: 'TypeError', message: /generatorFunction must be a function/ });
      }
    });

    it('refuses a call whose last argument is not a callback, without starting the generator', () => {
      let started = false;
      const fn = resume(function* () {
        started = true;
      });
      assert.throws(() => fn(), { name: 'TypeError', message: /last argument must be a node-style callback/ });
      assert.throws(() => fn('a', 'b'), { name: 'TypeError', message: /last argument/ });
      assert.equal(started, false);
    });

    it('reports a function that returns no generator to the callback', async () => {
      const heard = await settle(resume(() => 42));
      assert.equal(heard.length, 1);
      assert.match(heard[0][0].message, /must return a generator/);
    });

    it('calls back with what the generatorFunction throws when called, the same object', async () => {
      // A generator function runs its parameters' defaults when called, before its body.
      const error = new Error('no name');
      const required = () => {
        throw error;
      };
      const heard = await settle(
        resume(function* (resume, name = required()) {
          return name;
        }),
      );
      assert.deepEqual(heard, [[error]]);
      assert.equal(heard[0][0], error);
    });

    it('passes the arguments, without the callback, after resume', async () => {
      let seen;
      const fn = resume(function* (resume, ...args) {
        seen = { resumeType: typeof resume, args };
      });
      await settle(fn, 'a', 2, null);
      assert.deepEqual(seen, { resumeType: 'function', args: ['a', 2, null] });
    });

    it('passes `this` on to the generator', async () => {
      const receiver = {
        name: 'receiver',
        run: resume(function* () {
          return this.name;
        }),
      };
      const heard = await new Promise((resolve) => receiver.run((...outcome) => resolve(outcome)));
      assert.deepEqual(heard, [null, 'receiver']);
    });
  });

  describe('outcome', () => {
    it("calls back once with the generator's return value", async () => {
      const fn = resume(function* (resume) {
        const a = yield later(null, 1)(resume());
        const b = yield later(null, 2)(resume());
        return a + b;
      });
      assert.deepEqual(await settle(fn), [[null, 3]]);
    });

    it('calls back with undefined when the generator returns nothing', async () => {
      assert.deepEqual(await settle(resume(function* () {})), [[null, undefined]]);
    });

    it('resumes with the first result only', async () => {
      const fn = resume(function* (resume) {
        const cb = resume();
        setImmediate(() => cb(null, 'first', 'second'));
        return yield;
      });
      assert.deepEqual(await settle(fn), [[null, 'first']]);
    });

    it('runs the steps in order, each after the previous one completes', async () => {
      const order = [];
      const step = (name) => (cb) => {
        order.push(`start ${name}`);
        setImmediate(() => {
          order.push(`end ${name}`);
          cb(null, name);
        });
      };
      const fn = resume(function* (resume) {
        for (const name of ['a', 'b', 'c']) order.push(`got ${yield step(name)(resume())}`);
      });
      await settle(fn);
      assert.deepEqual(order, ['start a', 'end a', 'got a', 'start b', 'end b', 'got b', 'start c', 'end c', 'got c']);
    });

    it("calls back with the generator's thrown error, the same object", async () => {
      const error = new Error('thrown');
      const fn = resume(function* (resume) {
        yield later(null, 1)(resume());
        throw error;
      });
      const heard = await settle(fn);
      assert.equal(heard.length, 1);
      assert.equal(heard[0].length, 1);
      assert.equal(heard[0][0], error);
    });

    it('calls back, and does not throw, when the generator throws before its first yield', async () => {
      const error = new Error('early');
      const fn = resume(function* () {
        throw error;
      });
      const heard = [];
      assert.doesNotThrow(() => fn((...outcome) => heard.push(outcome)));
      assert.deepEqual(heard, [[error]]);
    });

    it('wraps a falsy thrown value, which would otherwise read as success', async () => {
      for (const value of [undefined, null, 0, '']) {
        const fn = resume(function* () {
          throw value;
        });
        const heard = await settle(fn);
        assert.equal(heard.length, 1);
        assert.ok(heard[0][0] instanceof Error, String(value));
        assert.match(heard[0][0].message, /the generator threw/);
        assert.equal(heard[0][0].cause, value);
      }
    });

    it('keeps concurrent runs apart', async () => {
      const fn = resume(function* (resume, name, n) {
        let total = 0;
        for (let i = 1; i <= n; i++) total += yield later(null, i)(resume());
        return `${name}:${total}`;
      });
      const heard = await Promise.all([settle(fn, 'x', 3), settle(fn, 'y', 4)]);
      assert.deepEqual(heard, [[[null, 'x:6']], [[null, 'y:10']]]);
    });
  });

  describe('errors of operations', () => {
    it('are thrown into the generator at the yield, the same object', async () => {
      const error = new Error('io');
      let caught;
      const fn = resume(function* (resume) {
        try {
          yield later(error)(resume());
        } catch (err) {
          caught = err;
        }
        return 'recovered';
      });
      assert.deepEqual(await settle(fn), [[null, 'recovered']]);
      assert.equal(caught, error);
    });

    it('let a try/catch roll back and rethrow, then reach the callback', async () => {
      const error = new Error('io');
      const log = [];
      const fn = resume(function* (resume) {
        try {
          yield later(null, 'ok')(resume());
          yield later(error)(resume());
          log.push('not reached');
        } catch (err) {
          log.push('rollback');
          throw err;
        }
      });
      const heard = await settle(fn);
      assert.deepEqual(log, ['rollback']);
      assert.deepEqual(heard, [[error]]);
    });

    it('are any truthy first argument; falsy ones are success', async () => {
      const fn = resume(function* (resume, err) {
        return yield later(err, 'value')(resume());
      });
      for (const none of [null, undefined, 0, false, '']) {
        assert.deepEqual(await settle(fn, none), [[null, 'value']], String(none));
      }
      assert.deepEqual(await settle(fn, 'text error'), [['text error']]);
    });

    it('when thrown synchronously by the operation, land in the same try/catch', async () => {
      const error = new Error('sync');
      const log = [];
      const fn = resume(function* (resume) {
        try {
          yield ((_cb) => {
            throw error;
          })(resume());
        } catch (err) {
          log.push(err);
          throw err;
        }
      });
      const heard = [];
      assert.doesNotThrow(() => fn((...outcome) => heard.push(outcome)));
      assert.deepEqual(log, [error]);
      assert.deepEqual(heard, [[error]]);
    });
  });

  describe('synchronous callbacks', () => {
    it('resume the generator after its yield, with no "already running" error', async () => {
      const fn = resume(function* (resume) {
        const a = yield now(null, 1)(resume());
        const b = yield later(null, 2)(resume());
        const c = yield now(null, 3)(resume());
        return [a, b, c];
      });
      assert.deepEqual(await settle(fn), [[null, [1, 2, 3]]]);
    });

    it('deliver errors at the yield too', async () => {
      const error = new Error('sync callback error');
      const fn = resume(function* (resume) {
        try {
          yield now(error)(resume());
        } catch (err) {
          return err;
        }
      });
      const heard = await settle(fn);
      assert.equal(heard[0][1], error);
    });

    it('run in a loop, not by recursion: many in a row do not overflow the stack', async () => {
      const n = 100000;
      const fn = resume(function* (resume) {
        let total = 0;
        for (let i = 0; i < n; i++) total += yield now(null, 1)(resume());
        return total;
      });
      const heard = [];
      fn((...outcome) => heard.push(outcome));
      assert.deepEqual(heard, [[null, n]]);
    });
  });
});
