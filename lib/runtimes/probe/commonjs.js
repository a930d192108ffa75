'use strict';

// Run by lib/runtimes/probe.js: asyncmark's child scripts are CommonJS .js
// files, and this one prints its line only where such a file runs as
// CommonJS (Deno reads .js files as ES modules, where require is undefined).

const path = require('node:path');

process.stdout.write(`commonjs ${path.basename(__filename)}\n`);
