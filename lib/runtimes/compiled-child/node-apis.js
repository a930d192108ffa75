'use strict';

// Two ways of calling Node that the examples are written in and an old Node
// lacks, each added only where missing (preload.js requires this before any
// example loads). Neither is an async construct, and each does what the
// newer Node does itself, so the examples run as written: a version that
// cannot parse or run one still shows it UNSUPPORTED.
// Written in the JavaScript Node 6 parses, since it runs uncompiled.

const Module = require('module');
const http = require('http');
const url = require('url');

// require('node:http') (Node 14.18 and 16): before it, a built-in has only
// its bare name. Only a built-in's name is stripped, so that "node:x" never
// finds a package called x.
function prefixResolves() {
  try {
    require('node:path');
    return true;
  } catch (unknown) {
    return unknown && false;
  }
}
if (!prefixResolves()) {
  // Module.builtinModules is Node 9.3; before it, the natives' names.
  const builtins = new Set(Module.builtinModules || Object.keys(process.binding('natives')));
  const resolveFilename = Module._resolveFilename;
  Module._resolveFilename = function resolveNodePrefix(request) {
    const args = Array.prototype.slice.call(arguments);
    if (typeof request === 'string' && request.indexOf('node:') === 0 && builtins.has(request.slice(5))) args[0] = request.slice(5);
    return resolveFilename.apply(this, args);
  };
}

// http.get(url, options, callback) and http.request alike (Node 10.9):
// before it, the second argument is taken for the callback ("listener"
// argument must be a function). Node 10.9 parses the URL into options and
// lays the given options over them on every call; this does the same, with
// the parser of its time, so the per-request work is of the same kind.
function acceptsUrlAndOptions() {
  const parts = process.versions.node.split('.').map(Number);
  return parts[0] > 10 || (parts[0] === 10 && parts[1] >= 9);
}
function isUrl(input) {
  return typeof input === 'string' || (typeof url.URL === 'function' && input instanceof url.URL);
}
if (!acceptsUrlAndOptions()) {
  ['request', 'get'].forEach(function withUrlAndOptions(name) {
    const original = http[name];
    http[name] = function requestUrlWithOptions(input, options, callback) {
      if (!isUrl(input) || !options || typeof options !== 'object') return original.apply(this, arguments);
      return original.call(this, Object.assign(url.parse(String(input)), options), callback);
    };
  });
}
