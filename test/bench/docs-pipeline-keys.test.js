'use strict';

const assert = require('node:assert/strict');
const path = require('node:path');
const { stepJobs } = require('../../bench/docs-current');
const { plan } = require('../../bench/docs-pipeline');
const { jobKey } = require('../../lib/runner/session');

// npm run docs --resume skips a job whose key is in the runs file already. Two
// steps planning one key would share runs: the second would measure none of
// them, and its ratios would set runs of two sessions side by side (the
// runtime matrices, before their steps were labelled, had no Node 26 ratio).

const ROOT = path.join(__dirname, '..', '..');

// Each key planned by two steps, with the pages of both.
function sharedKeys(steps) {
  const owner = new Map();
  const shared = [];
  for (const step of steps) {
    const page = path.basename(step.stdout);
    for (const job of stepJobs(step.args).jobs) {
      const key = jobKey(job);
      if (owner.has(key) && owner.get(key) !== page) shared.push({ key, pages: [owner.get(key), page] });
      else owner.set(key, page);
    }
  }
  return shared;
}

describe('npm run docs: every step measures runs of its own', function () {
  this.timeout(30000);
  const benchSteps = plan({ out: path.join(ROOT, 'docs', 'results'), test: false, resume: true, reportOnly: false, valgrind: true }).steps.filter(
    (step) => step.args[0] === 'bench',
  );

  it('plans no job key in two steps', () => {
    assert.ok(benchSteps.length > 20);
    assert.deepEqual(sharedKeys(benchSteps), []);
  });

  it('finds the keys two steps share when a runtimes step loses its label (planted)', () => {
    const unlabelled = benchSteps.map((step) =>
      path.basename(step.stdout) === 'bench-doxbee-sequential-runtimes.md'
        ? { ...step, args: step.args.filter((arg, i, all) => arg !== '--label' && all[i - 1] !== '--label') }
        : step,
    );
    const shared = sharedKeys(unlabelled);
    // Node 26's runs at n=10000, which the default grid times too.
    assert.ok(shared.length > 0);
    assert.ok(shared.every(({ key, pages }) => pages.join() === 'bench-doxbee-sequential.md,bench-doxbee-sequential-runtimes.md' && key.includes('|node@26')));
  });
});
