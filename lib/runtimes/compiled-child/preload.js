'use strict';

// Given with --require to a Node too old for asyncmark's own code (see
// build.js, which copies this file into the mirror it compiles): a file of
// asyncmark's is loaded from its compiled copy beside this file, under its
// own name; every other file (the examples, node_modules) as Node would.
// Written in the JavaScript Node 6 parses, since it runs uncompiled.

const fs = require('fs');
const path = require('path');
const Module = require('module');

const mirror = JSON.parse(fs.readFileSync(path.join(__dirname, 'mirror.json'), 'utf8'));
const compiled = new Set(mirror.files);
const loadJs = Module._extensions['.js'];

Module._extensions['.js'] = function loadCompiled(module, filename) {
  const relative = path.relative(mirror.root, filename);
  if (!compiled.has(relative)) return loadJs(module, filename);
  module._compile(fs.readFileSync(path.join(__dirname, 'files', relative), 'utf8'), filename);
};

// require('node:http') (Node 14.18 and 16): before it, a built-in has only
// its bare name. The prefix is how a module is found, not a construct of
// the language, so this resolves it for every file alike, asyncmark's and
// the examples': an example's code runs as written. Only a built-in's name
// is stripped, so that "node:x" never finds a package called x.
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

// What no compiler supplies (built-ins and APIs of newer Nodes), where missing.
require('./builtins');

// fs.readdirSync(dir, { withFileTypes: true }) (Node 10.10), with which
// asyncmark discovers its problems and drivers: before it, Node returns names.
const readdirSync = fs.readdirSync;
if (typeof readdirSync(__dirname, { withFileTypes: true })[0] === 'string') {
  fs.readdirSync = function readdirWithTypes(dir, options) {
    const names = readdirSync(dir, options);
    if (!options || !options.withFileTypes) return names;
    return names.map(function entry(name) {
      const stat = fs.statSync(path.join(String(dir), name));
      return {
        name: name,
        isDirectory: function isDirectory() {
          return stat.isDirectory();
        },
        isFile: function isFile() {
          return stat.isFile();
        },
      };
    });
  };
}
