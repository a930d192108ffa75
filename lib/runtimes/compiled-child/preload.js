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

// What no compiler supplies (built-ins and APIs of newer Nodes), where missing.
require('./builtins');

// The Node APIs the examples are written against, where missing.
require('./node-apis');

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
