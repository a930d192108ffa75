'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { builtinModules } = require('node:module');
const { ROOT } = require('./consumer');
const registries = require('../../examples');

// Every package the shipped code loads is one a user's install can have: a
// dependency, or an optional peer loaded through lib/optional-dependency.js.
// A development dependency loaded by a command fails only once installed
// (esbuild did, for old Node and browsers). Exempt: the repository's own build
// of the transpiled examples (its compilers are development dependencies),
// the name esbuild's bundle gives an example in a browser page, and the
// libraries of examples that cannot be installed (`unavailable`).

const PACKAGE = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const SHIPPED = ['bench', 'examples', 'lib', 'metrics'];
const EXEMPT_FILES = new Set(['bench/build-transpiled.js']);
const EXEMPT_NAMES = new Set([
  'asyncmark-example',
  ...Object.values(registries).flatMap((registry) => registry.examples.filter((entry) => entry.unavailable).flatMap((entry) => entry.libraries)),
]);

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(file) : /\.[cm]?js$/.test(entry.name) ? [file] : [];
  });
}

// The package a specifier names, or null for a built-in or a relative path.
function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0])) return null;
  return specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
}

/** "<file>: <package>" for each package a file loads that `declared` lacks. */
function undeclared(sources, declared) {
  const found = [];
  for (const [file, text] of Object.entries(sources)) {
    for (const match of text.matchAll(/(?:require(?:\.resolve)?|import)\(\s*['"]([^'"]+)['"]/g)) {
      const name = packageOf(match[1]);
      if (name && !declared.has(name) && !EXEMPT_NAMES.has(name)) found.push(`${file}: ${name}`);
    }
  }
  return found;
}

describe('package: dependencies', function () {
  it('declares every package the shipped code loads, as a dependency or an optional peer', function () {
    const files = SHIPPED.flatMap((folder) => filesUnder(path.join(ROOT, folder))).map((file) => path.relative(ROOT, file).split(path.sep).join('/'));
    const sources = Object.fromEntries(files.filter((file) => !EXEMPT_FILES.has(file)).map((file) => [file, fs.readFileSync(path.join(ROOT, file), 'utf8')]));
    assert.ok(Object.keys(sources).length > 200);
    const declared = new Set([...Object.keys(PACKAGE.dependencies), ...Object.keys(PACKAGE.peerDependencies)]);
    assert.deepEqual(undeclared(sources, declared), []);
  });

  it('planted: the check names a development dependency a command loads', function () {
    const sources = { 'lib/x.js': "const esbuild = require('esbuild');\nrequire('node:fs'); require('./y'); require('@scope/pkg/sub');" };
    assert.deepEqual(undeclared(sources, new Set(['@scope/pkg'])), ['lib/x.js: esbuild']);
  });
});
