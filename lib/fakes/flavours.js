'use strict';

const util = require('node:util');

// I/O flavours. Each one gives every asynchronous method of a problem's model
// the calling convention of one async style. Wrapping a callback API
// (promisify, denodeify, thunkify, bindNodeCallback, Effect.callback, Effection's action) happens here, once per
// process and flavour, never per call inside an example, and is not counted
// as any example's complexity.

// How a flavour's method is made from the node-style one, once per process:
// the library's own wrapper, called on the receiver as the model's methods are.
// Q.denodeify does not pass `this` through, so Q's wrapper gets the receiver as
// an argument, a cost of Q's (a user of Q.denodeify on methods binds them too).
const LIFTERS = {
  promises: () => util.promisify,
  bluebird: () => require('bluebird').promisify,
  q: () => withReceiver(require('q').denodeify),
  when: () => require('when/node').lift,
  thunks: () => require('thunkify'),
  observables: () => require('rxjs').bindNodeCallback,
  effect: () => effectLift(require('effect').Effect),
  effection: () => effectionLift(require('effection')),
};

// Effect has no wrapper of node-style functions as promisify is; a user adopts
// one with Effect.callback, once. The method returns an Effect: nothing is
// called until it runs, and a callback's error is its failure. A synchronous
// throw is left to Effect.callback, which makes it a defect (an Effect "die").
function effectLift(Effect) {
  return (nodeStyle) =>
    function (...args) {
      return Effect.callback((resume) => {
        nodeStyle.call(this, ...args, (err, value) => resume(err ? Effect.fail(err) : Effect.succeed(value)));
      });
    };
}

// Effection has no wrapper of node-style functions either; a user adopts one
// with action, once. The method returns an Operation: nothing is called until
// it is yielded to, and a callback's error is thrown there. Its teardown has
// nothing to cancel: the operation in flight runs to its end, as a driver's
// query does, and its answer is dropped when the operation was halted.
function effectionLift({ action }) {
  return (nodeStyle) =>
    function (...args) {
      return action((resolve, reject) => {
        nodeStyle.call(this, ...args, (err, value) => (err ? reject(err) : resolve(value)));
        return () => {};
      });
    };
}

// lift for a library that calls the lifted function without `this`.
function withReceiver(lift) {
  return (nodeStyle) => {
    const lifted = lift((self, ...args) => nodeStyle.apply(self, args));
    return function (...args) {
      return lifted(this, ...args);
    };
  };
}

const NAMES = ['callbacks', 'callbacks-ctx', 'native', ...Object.keys(LIFTERS)];

// A spec describes one asynchronous method of a model (examples/doxbee/model.js):
// op, the operation's name (a query names its own, this.op); args(a, b), what
// the trace shows of a call, built only when tracing; and value(a, b), what
// the call delivers. Both are called on the receiver. The model's classes
// carry the node-callback method of each; the other flavours are made from it
// or from the spec.

function nativeMethod(spec) {
  return function (a, b) {
    return this.engine.promise(spec, this, a, b);
  };
}

// callbacks-ctx: node callbacks that take, after the callback, the object to
// call it on, so that a step can be a method handed over without .bind (the
// 2013 article's flattened-class-ctx). The node-style method's arity says
// where the callback stands.
function contextMethod(spec, nodeStyle) {
  switch (nodeStyle.length) {
    case 1:
      return function (cb, ctx) {
        this.engine.callbackOn(spec, this, undefined, undefined, cb, ctx);
      };
    case 2:
      return function (a, cb, ctx) {
        this.engine.callbackOn(spec, this, a, undefined, cb, ctx);
      };
    case 3:
      return function (a, b, cb, ctx) {
        this.engine.callbackOn(spec, this, a, b, cb, ctx);
      };
    default:
      throw new RangeError(`callbacks-ctx: ${spec.op ?? 'a query'} takes ${nodeStyle.length - 1} arguments before its callback; at most 2 are known`);
  }
}

/**
 * Why this runtime cannot make a flavour, or null: an old Node (asyncmark's
 * code compiled for it) lacks util.promisify, which came in Node 8.
 * @param {string} name
 * @returns {string|null}
 */
function flavourMissing(name) {
  if (!(name in LIFTERS)) return null;
  let lift;
  try {
    lift = LIFTERS[name]();
  } catch {
    // The library itself is missing: making the flavour says so, as it always did.
    return null;
  }
  if (typeof lift === 'function') return null;
  return `the ${name} I/O flavour has no wrapper under Node ${process.version} (util.promisify came in Node 8)`;
}

// make(spec, nodeStyle): the flavour's method.
function methodMaker(name) {
  if (name === 'native') return nativeMethod;
  if (name === 'callbacks-ctx') return contextMethod;
  const lift = LIFTERS[name]();
  const missing = flavourMissing(name);
  if (missing) throw new Error(missing);
  return (spec, nodeStyle) => lift(nodeStyle);
}

// The model's own classes for node callbacks; for any other flavour,
// subclasses whose asynchronous methods follow its convention.
function buildTypes(model, name) {
  if (name === 'callbacks') return { ...model.BASES };
  const make = methodMaker(name);
  const types = {};
  for (const [className, Base] of Object.entries(model.BASES)) {
    const Flavoured = class extends Base {};
    Object.defineProperty(Flavoured, 'name', { value: Base.name });
    for (const [method, spec] of Object.entries(model.OPERATIONS[className] ?? {})) {
      Flavoured.prototype[method] = make(spec, Base.prototype[method]);
    }
    types[className] = Flavoured;
  }
  return types;
}

const cache = new Map();

// The classes of one problem model in one flavour, built once per process.
function typesFor(model, name) {
  if (!NAMES.includes(name)) {
    throw new RangeError(`flavour must be one of ${NAMES.join(', ')}; got ${name}`);
  }
  if (!cache.has(model)) cache.set(model, new Map());
  const byName = cache.get(model);
  if (!byName.has(name)) byName.set(name, buildTypes(model, name));
  return byName.get(name);
}

module.exports = { typesFor, flavourMissing, NAMES };
