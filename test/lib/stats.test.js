'use strict';

// Reference values computed with SciPy 1.17 / NumPy (stats.t.ppf, stats.t.cdf,
// stats.ttest_ind(equal_var=False), np.quantile, special.betainc; the ratio's
// log-scale interval computed by hand in NumPy with stats.t).

const assert = require('node:assert/strict');
const stats = require('../../lib/stats');

const close = (actual, expected, tolerance = 1e-9) =>
  assert.ok(Math.abs(actual - expected) <= tolerance * Math.max(1, Math.abs(expected)), `${actual} vs ${expected}`);

describe('stats', () => {
  const x = [3, 1, 4, 1, 5, 9, 2, 6];

  it('mean, variance, standard deviation and error', () => {
    close(stats.mean(x), 3.875);
    close(stats.variance(x), 7.553571428571429);
    close(stats.stddev(x), Math.sqrt(7.553571428571429));
    close(stats.standardError(x), Math.sqrt(7.553571428571429 / 8));
    assert.ok(Number.isNaN(stats.mean([])));
    assert.ok(Number.isNaN(stats.variance([1])));
  });

  it('quantiles interpolate like R type 7 and do not mutate the input', () => {
    const copy = [...x];
    close(stats.median(x), 3.5);
    close(stats.quantile(x, 0.9), 6.9);
    close(stats.quantile(x, 0.25), 1.75);
    close(stats.quantile(x, 0), 1);
    close(stats.quantile(x, 1), 9);
    assert.deepEqual(x, copy);
    assert.ok(Number.isNaN(stats.median([])));
  });

  it('the observed spread, (max - min) / median, none under two values', () => {
    close(stats.spread([90, 100, 110]), 0.2);
    close(stats.spread([110, 100, 90, 100]), 0.2);
    assert.equal(stats.spread([100]), null);
    assert.equal(stats.spread([]), null);
  });

  it('median absolute deviation', () => {
    close(stats.mad(x), 2);
  });

  it('incomplete beta and t distribution', () => {
    close(stats.incompleteBeta(0.3, 2.5, 0.5), 0.018927124071945658, 1e-8);
    close(stats.tCdf(1.5, 3), 0.8847080673775886, 1e-8);
    close(stats.tCdf(-2.2, 7), 0.03186550765131839, 1e-8);
    close(stats.tCdf(0, 5), 0.5);
  });

  it('t critical values', () => {
    close(stats.tCritical(4), 2.7764451051977934, 1e-7);
    close(stats.tCritical(9), 2.262157162798205, 1e-7);
    close(stats.tCritical(1), 12.706204736174694, 1e-7);
    close(stats.tCritical(30), 2.0422724563012378, 1e-7);
    assert.ok(Number.isNaN(stats.tCritical(0)));
  });

  it('mean interval', () => {
    const values = [10.1, 10.4, 9.8, 10.0, 10.3];
    const interval = stats.meanInterval(values);
    close(interval.mean, 10.12);
    close(interval.margin, 2.7764451051977934 * stats.standardError(values), 1e-7);
    close(interval.relative, interval.margin / 10.12);
    assert.ok(Number.isNaN(stats.meanInterval([1]).margin));
  });

  it('mean interval on the log scale: mean × exp(±t · se / mean)', () => {
    // Reference: t(0.975, 2) = 4.302652729911275; values 229, 250, 377 have
    // mean 285.333…, standard error 46.2317…, so t · se / mean = 0.697158.
    const interval = stats.logMeanInterval([229, 250, 377]);
    close(interval.mean, 285.3333333333333);
    close(interval.relative, 0.6971579803454601, 1e-7);
    close(interval.low, 142.0956052027306, 1e-6);
    close(interval.high, 572.9600925725645, 1e-6);
    assert.ok(Number.isNaN(stats.logMeanInterval([1]).low));
  });

  it('mean interval on the log scale: never below zero where the t-interval goes negative (planted)', () => {
    // Three skewed runs, one slow: the linear t-interval's low end is about -728.
    const skewed = [120, 130, 900];
    assert.ok(stats.meanInterval(skewed).low < 0);
    const interval = stats.logMeanInterval(skewed);
    close(interval.low, 21.096562339772877, 1e-6);
    close(interval.high, 6965.326486742978, 1e-4);
    close(interval.low * interval.high, interval.mean ** 2, 1e-6);
  });

  it("Spearman's rho with a bootstrap interval over runs: no spread where the ranks never cross", () => {
    const counts = [[1], [2], [3], [4], [5]];
    const apart = [
      [10, 11, 12],
      [20, 22, 19],
      [31, 29, 30],
      [38, 42, 45],
      [50, 49, 52],
    ];
    assert.deepEqual(stats.bootstrapSpearman(counts, apart), { rho: 1, low: 1, high: 1, pairs: 5, resamples: 2000 });
  });

  it("Spearman's rho with a bootstrap interval over runs: wide where another pairing of runs ranks otherwise (planted), and seeded", () => {
    const counts = [[1], [2], [3], [4], [5]];
    // The means rank as the counts do but for the last; single runs would rank anyhow.
    const overlapping = [
      [10, 30, 12],
      [20, 12, 25],
      [31, 9, 30],
      [38, 12, 45],
      [15, 49, 22],
    ];
    const r = stats.bootstrapSpearman(counts, overlapping);
    assert.equal(r.rho, 0.9);
    assert.ok(r.low < 0 && r.high === 1, `${r.low}..${r.high}`);
    assert.deepEqual(stats.bootstrapSpearman(counts, overlapping), r);
    assert.ok(Number.isFinite(stats.bootstrapSpearman(counts, overlapping, { seed: 2 }).low));
    // An item with no runs on one side is left out; under three pairs, none.
    assert.equal(stats.bootstrapSpearman([[1], [2], []], [[1], [2], [3]]), null);
  });

  it("Welch's t-test and the ratio of means", () => {
    const a = [10.1, 10.4, 9.8, 10.0, 10.3];
    const b = [11.0, 11.4, 10.9, 11.2, 11.6];
    const w = stats.welch(a, b);
    close(w.t, -6.59736158294475, 1e-9);
    close(w.p, 0.00019568763241679753, 1e-6);
    const r = stats.ratio(a, b);
    close(r.ratio, 10.12 / 11.22);
    close(r.low, 0.8701714155212679, 1e-6);
    close(r.high, 0.9349114920679062, 1e-6);
    close(r.p, 0.00016727788436976412, 1e-5);
    assert.equal(r.significant, true);
    // The interval and the significance come from the same numbers, so they agree
    // even when the variances differ widely (a review found a case where they did not).
    const wide = stats.ratio([20, 20.5, 21, 19.5, 20], [4, 14, 6, 16, 10]);
    close(wide.ratio, 2.02);
    close(wide.low, 1.0730676576776872, 1e-6);
    close(wide.high, 3.802556130366211, 1e-6);
    close(wide.p, 0.0366832776705715, 1e-5);
    assert.equal(wide.significant, wide.low > 1);
    const same = stats.ratio([1, 2, 3], [1, 2, 3]);
    assert.equal(same.significant, false);
    close(same.ratio, 1);
    assert.deepEqual(stats.welch([2, 2], [2, 2]), { t: 0, df: NaN, p: 1 });
    assert.equal(stats.welch([2, 2], [3, 3]).p, 0);
  });

  it('stars by significance level, as compare.R gives them, strictly below each level', () => {
    assert.equal(stats.stars(0.0009), '***');
    assert.equal(stats.stars(0.001), '**');
    assert.equal(stats.stars(0.009), '**');
    assert.equal(stats.stars(0.01), '*');
    assert.equal(stats.stars(0.049), '*');
    assert.equal(stats.stars(0.05), '');
    assert.equal(stats.stars(0.8), '');
    assert.equal(stats.stars(NaN), '');
    assert.equal(stats.stars(0), '***');
    // The wide case above: significant at 5% and not at 1%.
    assert.equal(stats.stars(stats.ratio([20, 20.5, 21, 19.5, 20], [4, 14, 6, 16, 10]).p), '*');
  });

  it('expected false positives: comparisons × each level', () => {
    const levels = stats.expectedFalsePositives(40);
    assert.deepEqual(
      levels.map((l) => [l.stars, l.alpha]),
      [
        ['*', 0.05],
        ['**', 0.01],
        ['***', 0.001],
      ],
    );
    close(levels[0].expected, 2);
    close(levels[1].expected, 0.4);
    close(levels[2].expected, 0.04);
    assert.deepEqual(
      stats.expectedFalsePositives(0).map((l) => l.expected),
      [0, 0, 0],
    );
  });

  it('growth exponent is the log-log slope', () => {
    close(stats.growthExponent([10, 100, 1000], [5, 50, 500]), 1);
    close(stats.growthExponent([10, 100, 1000], [1, 100, 10000]), 2);
    assert.ok(Number.isNaN(stats.growthExponent([10], [1])));
    const fit = stats.linearFit([0, 1, 2], [1, 3, 5]);
    close(fit.slope, 2);
    close(fit.intercept, 1);
  });

  it('growth base is exp of the slope of log y over x', () => {
    // The naive Fibonacci recursion makes 2 fib(n+1) - 1 calls; its base tends to the golden ratio.
    const fib = (n) => (n < 2 ? n : fib(n - 1) + fib(n - 2));
    const ns = [20, 22, 24, 26];
    close(
      stats.growthBase(
        ns,
        ns.map((n) => 2 * fib(n + 1) - 1),
      ),
      (1 + Math.sqrt(5)) / 2,
      1e-4,
    );
    close(stats.growthBase([1, 2, 3], [3, 6, 12]), 2);
    assert.ok(Number.isNaN(stats.growthBase([5], [1])));
  });
});
