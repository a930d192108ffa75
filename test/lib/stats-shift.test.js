'use strict';

// The statistics of a session-wide shift (asyncmark compare): the sign test,
// the median's distribution-free interval and the change of a ratio between two
// sessions. Reference values computed with SciPy 1.17 / NumPy (stats.binom.cdf,
// stats.binomtest; the ratio change's log-scale interval by hand with stats.t).

const assert = require('node:assert/strict');
const stats = require('../../lib/stats');

const close = (actual, expected, tolerance = 1e-9) =>
  assert.ok(Math.abs(actual - expected) <= tolerance * Math.max(1, Math.abs(expected)), `${actual} vs ${expected}`);

describe('stats of a session-wide shift', () => {
  it('the binomial(n, 1/2) distribution function', () => {
    close(stats.halfBinomialCdf(3, 10), 0.171875);
    close(stats.halfBinomialCdf(0, 5), 0.03125);
    close(stats.halfBinomialCdf(20, 50), 0.10131937553227033);
    assert.equal(stats.halfBinomialCdf(-1, 5), 0);
    assert.equal(stats.halfBinomialCdf(5, 5), 1);
  });

  it('the sign test: two-sided, zeros dropped', () => {
    const twoOfTwelve = [-1, -2, ...Array(10).fill(3), 0, 0];
    assert.deepEqual(stats.signTest(twoOfTwelve), { positive: 10, negative: 2, p: stats.signTest(twoOfTwelve).p });
    close(stats.signTest(twoOfTwelve).p, 0.03857421875);
    close(stats.signTest([1, 2, 3, 4, 5]).p, 0.0625);
    assert.equal(stats.signTest([1, -1]).p, 1);
    assert.equal(stats.signTest([0, 0]).p, 1);
    assert.equal(stats.signTest([]).p, 1);
  });

  it("the median's interval: the order statistics of the widest coverage at or above 95%", () => {
    // n = 20: k = 6 covers 95.86%, k = 7 only 88.47%.
    const values = Array.from({ length: 20 }, (_, i) => (i * 7) % 20);
    const interval = stats.medianInterval(values);
    assert.equal(interval.median, 9.5);
    assert.equal(interval.low, 5);
    assert.equal(interval.high, 14);
    close(interval.coverage, 0.9586105346679688);
    // Five values cannot reach 95%: even their range covers 93.75%.
    const five = stats.medianInterval([1, 2, 3, 4, 5]);
    assert.equal(five.median, 3);
    assert.ok(Number.isNaN(five.low) && Number.isNaN(five.high) && Number.isNaN(five.coverage));
    // Six can, with their range (96.9%).
    assert.deepEqual([stats.medianInterval([6, 1, 5, 2, 4, 3]).low, stats.medianInterval([6, 1, 5, 2, 4, 3]).high], [1, 6]);
  });

  it('excludes 0 exactly when the sign test is significant', () => {
    for (let negatives = 0; negatives <= 20; negatives++) {
      const values = Array.from({ length: 20 }, (_, i) => (i < negatives ? -1 - i : 1 + i));
      const { low, high } = stats.medianInterval(values);
      const excludes = low > 0 || high < 0;
      assert.equal(excludes, stats.signTest(values).p < 0.05, `${negatives} negatives of 20`);
    }
  });

  it('the change of a ratio between two sessions, with its log-scale interval', () => {
    const newA = [10.2, 9.8, 10.5, 10.1, 9.9];
    const newB = [5.1, 5.0, 4.9, 5.2];
    const oldA = [9.0, 9.3, 8.8, 9.1];
    const oldB = [5.0, 5.05, 4.95, 5.1, 4.9];
    const change = stats.ratioChange(newA, newB, oldA, oldB);
    close(change.ratio, 1.1049723756906078);
    close(change.low, 1.0526559634232093, 1e-7);
    close(change.high, 1.1598888843690232, 1e-7);
    close(change.p, 0.0007785175002128145, 1e-6);
    assert.equal(change.significant, true);
  });

  it('a ratio that every sample moved alike did not change', () => {
    const scale = (values, by) => values.map((v) => v * by);
    const a = [10.2, 9.8, 10.5, 10.1, 9.9];
    const b = [5.1, 5.0, 4.9, 5.2];
    const change = stats.ratioChange(scale(a, 1.15), scale(b, 1.15), a, b);
    close(change.ratio, 1);
    assert.ok(change.p > 0.99 && change.low < 1 && change.high > 1);
  });

  it('no interval with a sample of one value, and no spread at all is exact', () => {
    const one = stats.ratioChange([2], [1, 1.1], [1, 1.1], [1, 1.1]);
    close(one.ratio, 2 / 1.05);
    assert.ok(Number.isNaN(one.low) && Number.isNaN(one.p));
    assert.equal(one.significant, null);
    const exact = stats.ratioChange([2, 2], [1, 1], [1, 1], [1, 1]);
    assert.deepEqual(exact, { ratio: 2, low: 2, high: 2, p: 0, significant: true });
    assert.equal(stats.ratioChange([1, 1], [1, 1], [1, 1], [1, 1]).p, 1);
  });
});
