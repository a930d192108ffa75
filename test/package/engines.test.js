'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const semver = require('semver');
const { ROOT } = require('./consumer');

// A fresh `npm ci` prints no EBADENGINE warning on any Node that package.json's
// engines allows: every package of the lock file, development ones included,
// accepts the first release of every Node line engines names, and the newest
// line. A dependency bumped to one that wants a later Node fails here, naming
// it, before a user's install warns.

const PACKAGE = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const LOCK = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));

// The first release of each line a range allows ("^20.19.0 || >=24": 20.19.0 and 24.0.0).
function firstReleases(range) {
  return new semver.Range(range).set.map((comparators) => semver.minVersion(new semver.Range(comparators.map(String).join(' '))).version);
}

/** Each package of the lock that a Node of `versions` does not satisfy: "<name> wants <range> (Node <version>)". */
function engineConflicts(lock, versions) {
  const conflicts = [];
  for (const [key, entry] of Object.entries(lock.packages)) {
    const range = entry.engines?.node;
    if (key === '' || !range) continue;
    const name = key.replace(/^.*node_modules\//, '');
    for (const version of versions) {
      if (!semver.satisfies(version, range)) conflicts.push(`${name} wants ${range} (Node ${version})`);
    }
  }
  return conflicts;
}

describe('package: engines', function () {
  const versions = [...firstReleases(PACKAGE.engines.node), '26.0.0'];

  it('names the first release of every Node line it allows', function () {
    assert.deepEqual(versions, ['20.19.0', '22.13.0', '24.0.0', '26.0.0']);
  });

  it('every package of the lock file accepts each of them: npm ci warns of no engine', function () {
    assert.deepEqual(engineConflicts(LOCK, versions), []);
  });

  it('planted: the check names Babel 8 under Node 20, which warned 600 lines', function () {
    const lock = { packages: { '': { engines: { node: '>=20' } }, 'node_modules/@babel/core': { engines: { node: '^22.18.0 || >=24.11.0' } } } };
    assert.deepEqual(engineConflicts(lock, ['20.19.0', '24.11.0']), ['@babel/core wants ^22.18.0 || >=24.11.0 (Node 20.19.0)']);
  });
});
