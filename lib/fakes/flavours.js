'use strict';

const util = require('node:util');

// I/O flavours. Each one gives every asynchronous method of a problem's model
// the calling convention of one async style. Wrapping a callback API
// (promisify, denodeify, thunkify, bindNodeCallback) happens here, once per
// process and flavour, never per call inside an example, and is not counted
// as any example's complexity.

// How a lifted method is built from the node-style one. Each lifter receives a
// plain function whose first argument is the receiver, so that libraries which
// do not pass `this` through (Q.denodeify) are treated like those that do.
const LIFTERS = {
  promises: () => util.promisify,
  bluebird: () => require('bluebird').promisify,
  q: () => require('q').denodeify,
  thunks: () => require('thunkify'),
  observables: () => require('rxjs').bindNodeCallback,
};

const NAMES = ['callbacks', 'native', ...Object.keys(LIFTERS)];

function callbackMethod(describe) {
  return function (...args) {
    const cb = args.pop();
    const { op, args: traced, value } = describe.apply(this, args);
    this.engine.callback(op, traced, value, cb);
  };
}

function nativeMethod(describe) {
  return function (...args) {
    const { op, args: traced, value } = describe.apply(this, args);
    return this.engine.promise(op, traced, value);
  };
}

function liftedMethod(lift, describe) {
  const nodeStyle = callbackMethod(describe);
  const lifted = lift(function (self, ...args) {
    return nodeStyle.apply(self, args);
  });
  return function (...args) {
    return lifted(this, ...args);
  };
}

function methodMaker(name) {
  if (name === 'callbacks') return callbackMethod;
  if (name === 'native') return nativeMethod;
  const lift = LIFTERS[name]();
  return (describe) => liftedMethod(lift, describe);
}

// Subclasses of the model's classes whose asynchronous methods follow the
// flavour's convention.
function buildTypes(model, name) {
  const make = methodMaker(name);
  const types = {};
  for (const [className, Base] of Object.entries(model.BASES)) {
    const Flavoured = class extends Base {};
    Object.defineProperty(Flavoured, 'name', { value: Base.name });
    for (const [method, describe] of Object.entries(model.OPERATIONS[className] ?? {})) {
      Flavoured.prototype[method] = make(describe);
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

module.exports = { typesFor, NAMES };
