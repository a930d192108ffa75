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
  return { jobs, estimate: createEstimate(jobs.map((job) => ({ kind: job.kind, size: size(job) }))) };
}

const truth = (from) => NS.slice(from).reduce((sum, n) => sum + PER_KIND * cost(n).ms, 0);

describe('the estimate of the time left', () => {
  it('says nothing before the first run', () => {
    assert.equal(session().estimate.leftMs(), null);
  });

  it('prices kinds not run yet from start-up plus the region scaled by n, within 10% here', () => {
    const { estimate } = session();
    for (let i = 0; i < PER_KIND; i++) estimate.done('n=100', cost(100).ms, cost(100).regionMs);
    const left = estimate.leftMs();
    assert.ok(Math.abs(left / truth(1) - 1) < 0.1, `${left} for ${truth(1)}`);
    // The planted instance: the mean of the finished runs, as the estimate was, is off by more than 3x.
    const naive = ((PER_KIND * cost(100).ms) / PER_KIND) * (2 * PER_KIND);
    assert.ok(truth(1) / naive > 3, `${naive} for ${truth(1)}`);
    const line = progressLine({ done: PER_KIND, total: 3 * PER_KIND, elapsedMs: PER_KIND * cost(100).ms, leftMs: left, what: 'x n=100' });
    assert.equal(line, 'asyncmark: 10/30 runs, 1 s elapsed, about 7 s left; last: x n=100');
  });

  it('takes a kind at its own mean once it has run, and ends at zero', () => {
    const { estimate } = session();
    for (const n of NS.slice(0, 2)) for (let i = 0; i < PER_KIND; i++) estimate.done(`n=${n}`, cost(n).ms, cost(n).regionMs);
    assert.ok(Math.abs(estimate.leftMs() / truth(2) - 1) < 0.1);
    estimate.done('n=10000', 700, 450);
    // Nine runs left of a kind whose one run took 700 ms.
    assert.equal(estimate.leftMs(), 9 * 700);
    for (let i = 1; i < PER_KIND; i++) estimate.done('n=10000', 700, 450);
    assert.equal(estimate.leftMs(), 0);
  });

  it('counts a skipped run (--resume) as done, at no cost', () => {
    const { estimate } = session();
    estimate.done('n=100', 105, 4.5);
    for (let i = 0; i < PER_KIND; i++) estimate.skip('n=10000');
    const left = estimate.leftMs();
    assert.equal(Math.round(left), Math.round(9 * 105 + PER_KIND * (100.5 + 45)));
  });

  it('scales runs without a region (failed early) by size alone', () => {
    const { estimate } = session();
    estimate.done('n=100', 100, null);
    assert.equal(Math.round(estimate.leftMs()), Math.round(9 * 100 + PER_KIND * 1000 + PER_KIND * 10000));
  });

  it('sizes a job by the numeric parameters that vary between jobs', () => {
    const size = sizeOf([{ params: { n: 100, t: 1, latency: 'constant' } }, { params: { n: 1000, t: 10, latency: 'constant' } }]);
    assert.equal(size({ params: { n: 1000, t: 10 } }), 10000);
    assert.equal(sizeOf([{ params: { n: 5 } }, { params: { n: 5 } }])({ params: { n: 5 } }), 1);
  });
});
