'use strict';

const assert = require('node:assert/strict');
const catcher = require('../../../examples/libraries/catcher');

// Records every call of a function: its `this` and its arguments.
function recorder(returns) {
  const calls = [];
  const fn = function (...args) {
    calls.push({ self: this, args });
    return returns;
  };
  return { fn, calls };
}

describe('catcher', () => {
  describe('arguments', () => {
    it('refuses an onError that is not a function, naming it', () => {
      for (const bad of [undefined, null, 1, 'f', {}]) {
        assert.throws(() => catcher(bad), { name: 'TypeError', message: /onError must be a function/ });
      }
    });

    it('refuses an fn that is not a function, naming it', () => {
      const intercept = catcher(() => {});
      for (const bad of [undefined, null, 1, 'f', {}]) {
        assert.throws(() => intercept(bad), { name: 'TypeError', message: /fn must be a function/ });
      }
    });

    it('returns intercept, which returns a callback, without calling anything', () => {
      const onError = recorder();
      const fn = recorder();
      const intercept = catcher(onError.fn);
      assert.equal(typeof intercept, 'function');
      assert.equal(typeof intercept(fn.fn), 'function');
      assert.equal(onError.calls.length, 0);
      assert.equal(fn.calls.length, 0);
    });
  });

  describe('an error', () => {
    it('goes to onError, the same object, and fn is not called', () => {
      const onError = recorder();
      const fn = recorder();
      const error = new Error('boom');
      catcher(onError.fn)(fn.fn)(error, 'ignored result');
      assert.equal(fn.calls.length, 0);
      assert.equal(onError.calls.length, 1);
      assert.equal(onError.calls[0].args.length, 1);
      assert.equal(onError.calls[0].args[0], error);
    });

    it('is any truthy first argument, as with `if (err)`', () => {
      for (const error of ['message', 1, { code: 'E' }, new TypeError('t')]) {
        const onError = recorder();
        const fn = recorder();
        catcher(onError.fn)(fn.fn)(error);
        assert.equal(fn.calls.length, 0, String(error));
        assert.deepEqual(
          onError.calls.map((c) => c.args),
          [[error]],
        );
      }
    });

    it('returns what onError returns', () => {
      const intercept = catcher(() => 'handled');
      assert.equal(intercept(() => 'ran')(new Error('e')), 'handled');
    });
  });

  describe('no error', () => {
    for (const none of [null, undefined, 0, '', false]) {
      it(`(${JSON.stringify(none) ?? 'undefined'}) calls fn, not onError`, () => {
        const onError = recorder();
        const fn = recorder();
        catcher(onError.fn)(fn.fn)(none, 'result');
        assert.equal(onError.calls.length, 0);
        assert.deepEqual(
          fn.calls.map((c) => c.args),
          [['result']],
        );
      });
    }

    it('passes through every result, in order, even falsy ones', () => {
      const fn = recorder();
      const callback = catcher(() => assert.fail('onError'))(fn.fn);
      callback(null);
      callback(null, 'a');
      callback(null, 'a', 'b', 'c');
      callback(null, 0, '', null, undefined, false);
      assert.deepEqual(
        fn.calls.map((c) => c.args),
        [[], ['a'], ['a', 'b', 'c'], [0, '', null, undefined, false]],
      );
    });

    it('passes result objects by identity', () => {
      const fn = recorder();
      const row = { id: 1 };
      catcher(() => {})(fn.fn)(null, row);
      assert.equal(fn.calls[0].args[0], row);
    });

    it('calls fn when called with no arguments at all', () => {
      const fn = recorder();
      catcher(() => assert.fail('onError'))(fn.fn)();
      assert.deepEqual(fn.calls[0].args, []);
    });

    it('returns what fn returns', () => {
      assert.equal(catcher(() => 'handled')(() => 'ran')(null), 'ran');
    });
  });

  describe('this', () => {
    it('is not needed: a detached callback works, in strict mode', () => {
      const fn = recorder();
      const { callback } = { callback: catcher(() => {})(fn.fn) };
      callback(null, 'detached');
      assert.deepEqual(fn.calls[0].args, ['detached']);
    });

    it('is not passed on to fn or onError', () => {
      const fn = recorder();
      const onError = recorder();
      const intercept = catcher(onError.fn);
      const receiver = { name: 'emitter' };
      intercept(fn.fn).call(receiver, null, 'x');
      intercept(fn.fn).call(receiver, new Error('e'));
      assert.equal(fn.calls[0].self, undefined);
      assert.equal(onError.calls[0].self, undefined);
    });
  });

  describe('one intercept for a chain', () => {
    it('sends the error of any step to the one onError', () => {
      const errors = [];
      const intercept = catcher((err) => errors.push(err));
      const first = new Error('first');
      const second = new Error('second');
      intercept(() => assert.fail('step 1'))(first);
      intercept(() => assert.fail('step 2'))(second);
      assert.deepEqual(errors, [first, second]);
    });

    it('lets nested steps run in order when none fails', () => {
      const steps = [];
      const intercept = catcher(() => assert.fail('onError'));
      intercept((a) => {
        steps.push(a);
        intercept((b) => {
          steps.push(b);
        })(null, 'two');
      })(null, 'one');
      assert.deepEqual(steps, ['one', 'two']);
    });

    it('keeps separate catchers apart', () => {
      const a = recorder();
      const b = recorder();
      const interceptA = catcher(a.fn);
      const interceptB = catcher(b.fn);
      const error = new Error('for a');
      interceptA(() => {})(error);
      interceptB(() => {})(null);
      assert.deepEqual(
        a.calls.map((c) => c.args),
        [[error]],
      );
      assert.equal(b.calls.length, 0);
    });
  });

  describe('what it leaves alone', () => {
    it('does not catch what fn throws', () => {
      const onError = recorder();
      const thrown = new Error('thrown by fn');
      const callback = catcher(onError.fn)(() => {
        throw thrown;
      });
      assert.throws(
        () => callback(null),
        (error) => error === thrown,
      );
      assert.equal(onError.calls.length, 0);
    });

    it('does not catch what onError throws', () => {
      const thrown = new Error('thrown by onError');
      const callback = catcher(() => {
        throw thrown;
      })(() => {});
      assert.throws(
        () => callback(new Error('e')),
        (error) => error === thrown,
      );
    });

    it('adds no once-only guard: every call is forwarded', () => {
      const fn = recorder();
      const onError = recorder();
      const callback = catcher(onError.fn)(fn.fn);
      callback(null, 1);
      callback(null, 2);
      callback(new Error('e'));
      assert.deepEqual(
        fn.calls.map((c) => c.args),
        [[1], [2]],
      );
      assert.equal(onError.calls.length, 1);
    });

    it('calls synchronously, so callers see no change of timing', () => {
      const order = [];
      const callback = catcher(() => order.push('onError'))(() => order.push('fn'));
      callback(null);
      order.push('after success');
      callback(new Error('e'));
      order.push('after error');
      assert.deepEqual(order, ['fn', 'after success', 'onError', 'after error']);
    });
  });
});
