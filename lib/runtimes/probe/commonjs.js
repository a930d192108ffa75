'use strict';

// Run by lib/runtimes/probe.js: asyncmark's child scripts are CommonJS .js
// files that require their neighbours, and this one prints its line only
// where that works (Deno reads .js files as ES modules, where require is
// undefined, and reads no file without --allow-read).

const { RUNTIMES } = require('../spec');

process.stdout.write(`commonjs ${Object.keys(RUNTIMES).join(',')}\n`);
