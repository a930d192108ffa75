'use strict';

// The time left of a session, learned cell by cell (bench/estimate.js), on
// made-up runs whose cost is a fixed start-up plus a region that grows with
// n, run one grid point at a time as bench runs them; one example is twice as
// dear as the other. No clock is read.

const assert = require('node:assert/strict');
const { createEstimate, sizeOf } = require('../../bench/estimate');
const { progressLine } = require('../../bench/progress');

// A run costs 100 ms of start-up and a measured region of 0.045 ms per upload, twice that for the dear example.
const EXAMPLES = { cheap: 1, dear: 2 };
const cost = (n, example = 'cheap') => ({ ms: 100 + 0.05 * n * EXAMPLES[example], regionMs: 0.045 * n * EXAMPLES[example] });
const NS = [100, 1000, 10000];
const RUNS = 5;
const PER_KIND = RUNS * 2;

function session() {
  const jobs = NS.flatMap((n) =>
    Array.from({ length: RUNS }, () => Object.keys(EXAMPLES).map((example) => ({ params: { n, t: 1 }, kind: `n=${n}`, example }))).flat(),
  );
  const size = sizeOf(jobs);
  return createEstimate(jobs.map((job) => ({ kind: job.kind, example: job.example, size: size(job) })));
}

const finish = (estimate, n, runs = RUNS) => {
  for (let i = 0; i < runs; i++) {
    for (const example of Object.keys(EXAMPLES)) estimate.done(`n=${n}`, example, cost(n, example).ms, cost(n, example).regionMs);
  }
};
const truth = (from) => NS.slice(from).reduce((sum, n) => sum + RUNS * (cost(n, 'cheap').ms + cost(n, 'dear').ms), 0);

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
    // Each cell not run is priced at its cell of the grid point below.
    assert.equal(ms, 2 * RUNS * (cost(100, 'cheap').ms + cost(100, 'dear').ms));
    const line = progressLine({ done: PER_KIND, total: 3 * PER_KIND, elapsedMs: 1000, left: { ms, atLeast }, what: 'x n=100' });
    assert.equal(line, 'asyncmark: 10/30 runs, 1 s elapsed, at least 2 s left; last: x n=100');
  });

  it('planted: the mean so far, as the estimate was, says "about" a fraction of the time left', () => {
    const spent = RUNS * (cost(100, 'cheap').ms + cost(100, 'dear').ms);
    const naive = progressLine({ done: PER_KIND, total: 3 * PER_KIND, elapsedMs: spent });
    assert.match(naive, /, about 2 s left$/);
    assert.ok(truth(1) > 3 * 2 * spent);
  });

  it('prices a cell not run yet at a begun grid point by how much dearer the examples that ran there were', () => {
    const estimate = session();
    finish(estimate, 100);
    finish(estimate, 1000);
    // Only the cheap example has run at n=10000: the dear one is priced at its n=1000 cost times the cheap one's ratio.
    estimate.done('n=10000', 'cheap', cost(10000).ms, cost(10000).regionMs);
    const ratio = cost(10000).ms / cost(1000).ms;
    const expected = (RUNS - 1) * cost(10000).ms + RUNS * cost(1000, 'dear').ms * ratio;
    const { ms, atLeast } = estimate.left();
    assert.equal(atLeast, false);
    assert.ok(Math.abs(ms - expected) < 1e-6, `${ms} for ${expected}`);
    assert.ok(Math.abs(ms / truth(2) - 1) < 0.25, `${ms} for ${truth(2)}`);
  });

  it('takes each cell at its own mean once it has run: exact here, and zero at the end', () => {
    const estimate = session();
    finish(estimate, 100);
    finish(estimate, 1000);
    finish(estimate, 10000, 1);
    assert.deepEqual(estimate.left(), { ms: (RUNS - 1) * (cost(10000, 'cheap').ms + cost(10000, 'dear').ms), atLeast: false });
    finish(estimate, 10000, RUNS - 1);
    assert.deepEqual(estimate.left(), { ms: 0, atLeast: false });
  });

  it('prices a grid point smaller than any run yet at the start-up every run pays', () => {
    const estimate = createEstimate([
      { kind: 'big', example: 'a', size: 10000 },
      { kind: 'small', example: 'a', size: 100 },
    ]);
    estimate.done('big', 'a', 600, 500);
    assert.deepEqual(estimate.left(), { ms: 100, atLeast: true });
  });

  it('counts a skipped run (--resume) as done, at no cost', () => {
    const estimate = session();
    estimate.done('n=100', 'cheap', 105, 4.5);
    for (let i = 0; i < RUNS; i++) for (const example of Object.keys(EXAMPLES)) estimate.skip('n=10000', example);
    // n=100: 4 cheap at 105 and 5 dear priced at the kind's mean so far (105); n=1000: at least the cells below.
    assert.deepEqual(estimate.left(), { ms: 9 * 105 + 2 * RUNS * 105, atLeast: true });
  });

  it('sizes a job by the numeric parameters that vary between jobs', () => {
    const size = sizeOf([{ params: { n: 100, t: 1, latency: 'constant' } }, { params: { n: 1000, t: 10, latency: 'constant' } }]);
    assert.equal(size({ params: { n: 1000, t: 10 } }), 10000);
    assert.equal(sizeOf([{ params: { n: 5 } }, { params: { n: 5 } }])({ params: { n: 5 } }), 1);
  });
});
