'use strict';

// npm test leaves some test files to npm run test:full (which CI runs too):
// every test file must run in exactly one of the two, so that moving a file
// out of the quick command never drops it from CI.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');

// Every *.test.js under test/, relative to the root.
function testFiles(dir = path.join(ROOT, 'test')) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : testFiles(full);
    return entry.name.endsWith('.test.js') ? [path.relative(ROOT, full)] : [];
  });
}

// The words of a script's mocha commands, quotes dropped.
const words = (script) => script.split(/\s+/).map((word) => word.replace(/^'|'$/g, ''));

/**
 * Which files each command runs, from package.json's two scripts: npm test's
 * glob less its --exclude list, test:full's named files and its *.full.test.js.
 * @returns {{ missing: string[], twice: string[], unknown: string[] }}
 */
function split(scripts, files) {
  const quick = words(scripts.test);
  const excluded = quick.filter((word, i) => quick[i - 1] === '--exclude');
  const full = words(scripts['test:full']).filter((word) => word.startsWith('test/') && !word.includes('*'));
  const inQuick = (file) => !excluded.includes(file) && !(excluded.includes('test/**/*.full.test.js') && file.endsWith('.full.test.js'));
  const inFull = (file) => full.includes(file) || file.endsWith('.full.test.js');
  return {
    missing: files.filter((file) => !inQuick(file) && !inFull(file)),
    twice: files.filter((file) => inQuick(file) && inFull(file)),
    unknown: [...excluded, ...full].filter((file) => !file.includes('*') && !files.includes(file)),
  };
}

describe('npm test and npm run test:full between them run every test file once', () => {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const files = testFiles();

  it('every test file runs in exactly one of the two, and each named file exists', () => {
    assert.ok(files.length > 100, `${files.length} test files`);
    assert.deepEqual(split(scripts, files), { missing: [], twice: [], unknown: [] });
  });

  it('catches a file left out of both, one run twice, and one named that is not there', () => {
    const planted = {
      test: `${scripts.test} --exclude test/ci/test-split.test.js --exclude test/gone.test.js`,
      'test:full': `${scripts['test:full']} && mocha test/lib/stats.test.js`,
    };
    assert.deepEqual(split(planted, files), { missing: ['test/ci/test-split.test.js'], twice: ['test/lib/stats.test.js'], unknown: ['test/gone.test.js'] });
  });
});
