'use strict';

const assert = require('node:assert/strict');
const { ratioOf } = require('../../lib/summary');

describe('summary: ratioOf, the one ratio of two cells', () => {
  it('is the ratio of the means with its interval when both sides have two runs or more', () => {
    const r = ratioOf([2, 4], [1, 1.5]);
    assert.equal(r.ratio, 3 / 1.25);
    assert.ok(r.low < r.ratio && r.ratio < r.high);
  });

  it('falls back to the ratio of the means, with no interval, when a side has one run', () => {
    // Three runs against one: the mean (4), not the median (2), as the tables show means.
    const r = ratioOf([1, 2, 9], [2]);
    assert.equal(r.ratio, 2);
    assert.ok(Number.isNaN(r.low) && Number.isNaN(r.high));
    assert.equal(r.significant, null);
  });

  it('is null when a side has no runs', () => {
    assert.equal(ratioOf([], [1, 2]), null);
  });
});
