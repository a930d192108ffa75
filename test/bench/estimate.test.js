'use strict';

// The time left of a session, learned kind by kind (bench/estimate.js), on
// made-up runs whose cost is a fixed start-up plus a region that grows with
// n, run one grid point at a time as bench runs them. No clock is read.

const assert = require('node:assert/strict');
const { createEstimate, sizeOf } = require('../../bench/estimate');
const { progressLine } = require('../../bench/progress');

// A run costs 100 ms of start-up and a measured region of 0.045 ms per upload.
const cost = (n) => ({ ms: 100 + 0.05 * n, regionMs: 0.045 * n });
const NS = [100, 1000, 10000];
const PER_KIND = 10;

function session() {
  const jobs = NS.flatMap((n) => Array.from({ length: PER_KIND }, () => ({ params: { n, t: 1 }, kind: `n=${n}` })));
  const size = sizeOf(jobs);
  return createEstimate(jobs.map((job) => ({ kind: job.kind, size: size(job) })));
}

const finish = (estimate, n, runs = PER_KIND) => {
  for (let i = 0; i < runs; i++) estimate.done(`n=${n}`, cost(n).ms, cost(n).regionMs);
};
const truth = (from) => NS.slice(from).reduce((sum, n) => sum + PER_KIND * cost(n).ms, 0);

describe('the estimate of the time left', () => {
  it('says nothing before the first run', () => {
    assert.equal(session().left(), null);
  });

  it('says "at least" while a kind has not run, and never more than the truth', () => {
    const estimate = session();
    finish(estimate, 100);
    const { ms, atLeast } = estimate.left();
    assert.equal(atLeast, true);
    assert.ok(ms <= truth(1), `${ms} for ${truth(1)}`);
    // Each kind not run is priced at the kind below it: 20 runs at 105 ms.
    assert.equal(ms, 2 * PER_KIND * cost(100).ms);
    const line = progressLine({ done: PER_KIND, total: 3 * PER_KIND, elapsedMs: PER_KIND * cost(100).ms, left: { ms, atLeast }, what: 'x n=100' });
    assert.equal(line, 'asyncmark: 10/30 runs, 1 s elapsed, at least 2 s left; last: x n=100');
  });

  it('planted: the mean so far, as the estimate was, says "about" a third of the time left', () => {
    const naive = progressLine({ done: PER_KIND, total: 3 * PER_KIND, elapsedMs: PER_KIND * cost(100).ms });
    assert.match(naive, /, about 2 s left$/);
    assert.ok(truth(1) > 3 * 2 * PER_KIND * cost(100).ms);
  });

  it('takes each kind at its own mean once it has run: "about", exact here, and zero at the end', () => {
    const estimate = session();
    finish(estimate, 100);
    finish(estimate, 1000);
    estimate.done('n=10000', cost(10000).ms, cost(10000).regionMs);
    assert.deepEqual(estimate.left(), { ms: (PER_KIND - 1) * cost(10000).ms, atLeast: false });
    finish(estimate, 10000, PER_KIND - 1);
    assert.deepEqual(estimate.left(), { ms: 0, atLeast: false });
  });

  it('prices a kind smaller than any run yet at the start-up every run pays', () => {
    const jobs = [
      { kind: 'big', size: 10000 },
      { kind: 'small', size: 100 },
    ];
    const estimate = createEstimate(jobs);
    estimate.done('big', 600, 500);
    assert.deepEqual(estimate.left(), { ms: 100, atLeast: true });
  });

  it('counts a skipped run (--resume) as done, at no cost', () => {
    const estimate = session();
    estimate.done('n=100', 105, 4.5);
    for (let i = 0; i < PER_KIND; i++) estimate.skip('n=10000');
    assert.deepEqual(estimate.left(), { ms: (PER_KIND - 1) * 105 + PER_KIND * 105, atLeast: true });
  });

  it('sizes a job by the numeric parameters that vary between jobs', () => {
    const size = sizeOf([{ params: { n: 100, t: 1, latency: 'constant' } }, { params: { n: 1000, t: 10, latency: 'constant' } }]);
    assert.equal(size({ params: { n: 1000, t: 10 } }), 10000);
    assert.equal(sizeOf([{ params: { n: 5 } }, { params: { n: 5 } }])({ params: { n: 5 } }), 1);
  });
});
