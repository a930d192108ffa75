'use strict';

// Small pure statistics functions. Every one takes plain arrays of numbers and
// returns numbers or plain objects; none mutates its input.

function sum(values) {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

function mean(values) {
  if (values.length === 0) return NaN;
  return sum(values) / values.length;
}

/** Sample variance (n - 1 in the denominator). */
function variance(values) {
  if (values.length < 2) return NaN;
  const m = mean(values);
  let squares = 0;
  for (const v of values) squares += (v - m) ** 2;
  return squares / (values.length - 1);
}

function stddev(values) {
  return Math.sqrt(variance(values));
}

function standardError(values) {
  return stddev(values) / Math.sqrt(values.length);
}

function sorted(values) {
  return [...values].sort((a, b) => a - b);
}

/** Quantile with linear interpolation between order statistics (R's type 7). */
function quantile(values, q) {
  if (values.length === 0) return NaN;
  const s = sorted(values);
  const position = (s.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return s[low] + (s[high] - s[low]) * (position - low);
}

function median(values) {
  return quantile(values, 0.5);
}

/**
 * The observed spread of values relative to their median, (max - min) / median:
 * how counts that repeat are read, with no t-interval. null under two values.
 */
function spread(values) {
  if (values.length < 2) return null;
  return (Math.max(...values) - Math.min(...values)) / median(values);
}

/** Median absolute deviation from the median (unscaled). */
function mad(values) {
  const m = median(values);
  return median(values.map((v) => Math.abs(v - m)));
}

// ln Γ(x), Lanczos approximation (g = 7, n = 9).
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
  9.9843695780195716e-6, 1.5056327351493116e-7,
];
function logGamma(x) {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = LANCZOS[0];
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i] / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

// Continued fraction of the regularized incomplete beta function (modified Lentz).
function betaContinuedFraction(x, a, b) {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-14) break;
  }
  return h;
}

/** Regularized incomplete beta function I_x(a, b). */
function incompleteBeta(x, a, b) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(x, a, b)) / a;
  return 1 - (front * betaContinuedFraction(1 - x, b, a)) / b;
}

/** P(T <= t) for Student's t with df degrees of freedom. */
function tCdf(t, df) {
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/** The two-sided critical value t such that P(|T| <= t) = confidence. */
function tCritical(df, confidence = 0.95) {
  if (!(df > 0)) return NaN;
  const target = 1 - (1 - confidence) / 2;
  let low = 0;
  let high = 1e4;
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (tCdf(mid, df) < target) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** The mean with a t-based interval: { mean, margin, low, high, relative }. */
function meanInterval(values, confidence = 0.95) {
  const m = mean(values);
  const margin = values.length < 2 ? NaN : tCritical(values.length - 1, confidence) * standardError(values);
  return { mean: m, margin, low: m - margin, high: m + margin, relative: margin / m };
}

/**
 * The mean with an interval on the log scale: the standard error of log(mean)
 * by the delta method, se / mean, and Student's t, so that the interval is
 * mean × exp(±t · se / mean). It cannot go below zero, as a t-interval on the
 * mean of three skewed runs can, and it is the interval ratio() puts around a
 * ratio of two means.
 * @returns {{ mean: number, low: number, high: number, relative: number }} relative: t · se / mean
 */
function logMeanInterval(values, confidence = 0.95) {
  const m = mean(values);
  const relative = values.length < 2 ? NaN : (tCritical(values.length - 1, confidence) * standardError(values)) / m;
  return { mean: m, low: m * Math.exp(-relative), high: m * Math.exp(relative), relative };
}

/**
 * Welch's two-sample t-test on the means of a and b.
 * @returns {{ t: number, df: number, p: number }} p is two-sided
 */
function welch(a, b) {
  const va = variance(a) / a.length;
  const vb = variance(b) / b.length;
  const se = Math.sqrt(va + vb);
  if (!(se > 0)) {
    const same = mean(a) === mean(b);
    return { t: same ? 0 : Infinity, df: NaN, p: same ? 1 : 0 };
  }
  const t = (mean(a) - mean(b)) / se;
  const df = (va + vb) ** 2 / (va ** 2 / (a.length - 1) + vb ** 2 / (b.length - 1));
  const p = 2 * (1 - tCdf(Math.abs(t), df));
  return { t, df, p };
}

/**
 * The ratio of the means of a to b, with an interval on the log scale: the
 * standard error of log(mean a / mean b) by the delta method, Welch–Satterthwaite
 * degrees of freedom, and a t-test of log ratio = 0 from the same numbers, so that
 * the interval excludes 1 exactly when the difference is significant.
 */
function ratio(a, b, confidence = 0.95) {
  const ma = mean(a);
  const mb = mean(b);
  const value = ma / mb;
  const ra = variance(a) / a.length / ma ** 2;
  const rb = variance(b) / b.length / mb ** 2;
  const se = Math.sqrt(ra + rb);
  if (!(se > 0)) {
    const same = ma === mb;
    return { ratio: value, low: value, high: value, p: same ? 1 : 0, significant: !same };
  }
  const df = (ra + rb) ** 2 / (ra ** 2 / (a.length - 1) + rb ** 2 / (b.length - 1));
  const t = Math.log(value) / se;
  const p = 2 * (1 - tCdf(Math.abs(t), df));
  const margin = tCritical(df, confidence) * se;
  return { ratio: value, low: value * Math.exp(-margin), high: value * Math.exp(margin), p, significant: p < 1 - confidence };
}

/**
 * The significance levels a comparison marks with stars, as Node core's
 * benchmark/compare.R does: one star at p < 0.05, two at p < 0.01, three at p < 0.001.
 */
const SIGNIFICANCE = [
  { stars: '*', alpha: 0.05 },
  { stars: '**', alpha: 0.01 },
  { stars: '***', alpha: 0.001 },
];

/** The stars a p-value earns: '***', '**', '*', or '' (also for NaN). */
function stars(p) {
  let earned = '';
  for (const level of SIGNIFICANCE) if (p < level.alpha) earned = level.stars;
  return earned;
}

/**
 * How many of `comparisons` tests would earn each level's stars by chance
 * alone, were nothing different: comparisons × alpha. A count is of tests with
 * at least that many stars: the one at '*' includes those at '**' and '***'.
 * @returns {Array<{ stars: string, alpha: number, expected: number }>}
 */
function expectedFalsePositives(comparisons) {
  return SIGNIFICANCE.map((level) => ({ ...level, expected: comparisons * level.alpha }));
}

/** Least-squares slope and intercept of y on x. */
function linearFit(xs, ys) {
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
  }
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx };
}

/**
 * The growth exponent k of y ~ x^k: the slope of log y over log x. Near 1 is
 * linear, near 2 quadratic.
 */
function growthExponent(xs, ys) {
  if (xs.length < 2) return NaN;
  return linearFit(xs.map(Math.log), ys.map(Math.log)).slope;
}

/**
 * The base b of exponential growth y ~ a * b^x: exp of the slope of log y over
 * x. For the naive Fibonacci recursion b is the golden ratio, about 1.618.
 */
function growthBase(xs, ys) {
  if (xs.length < 2) return NaN;
  return Math.exp(linearFit(xs, ys.map(Math.log)).slope);
}

// A seeded draw in [0, 1) (mulberry32), so that a bootstrap repeats: stats
// stays free of requires, as the HTML page inlines this file.
function seededDraws(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The mean of a resample of values, drawn with replacement.
function resampledMean(values, draw) {
  let total = 0;
  for (let i = 0; i < values.length; i++) total += values[Math.floor(draw() * values.length)];
  return total / values.length;
}

/**
 * Spearman's rank correlation between the means of paired groups of runs
 * (say each example's counts and its timed runs), with a percentile
 * bootstrap interval over the runs: each resample draws every group's runs
 * with replacement and correlates their means again. So the figure does not
 * hang on which runs were taken. Seeded: the same groups give the same
 * interval. A pair with an empty group is left out; null under three pairs.
 * @param {number[][]} xs each item's runs of the one measure
 * @param {number[][]} ys the same items' runs of the other
 * @returns {{ rho: number, low: number, high: number, pairs: number, resamples: number } | null}
 */
function bootstrapSpearman(xs, ys, { resamples = 2000, seed = 1, confidence = 0.95 } = {}) {
  const pairs = xs.map((x, i) => [x.filter(Number.isFinite), (ys[i] ?? []).filter(Number.isFinite)]).filter(([x, y]) => x.length > 0 && y.length > 0);
  const estimate = spearman(
    pairs.map(([x]) => mean(x)),
    pairs.map(([, y]) => mean(y)),
  );
  if (!estimate) return null;
  const draw = seededDraws(seed);
  const rhos = [];
  for (let b = 0; b < resamples; b++) {
    const r = spearman(
      pairs.map(([x]) => resampledMean(x, draw)),
      pairs.map(([, y]) => resampledMean(y, draw)),
    );
    if (r && Number.isFinite(r.rho)) rhos.push(r.rho);
  }
  const tail = (1 - confidence) / 2;
  return { rho: estimate.rho, low: quantile(rhos, tail), high: quantile(rhos, 1 - tail), pairs: pairs.length, resamples: rhos.length };
}

// Ranks 1..k of the finite values, ties sharing the mean of their ranks.
function ranks(values) {
  const order = values
    .map((value, index) => ({ value, index }))
    .filter((entry) => Number.isFinite(entry.value))
    .sort((a, b) => a.value - b.value);
  const result = values.map(() => null);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1].value === order[i].value) j++;
    for (let k = i; k <= j; k++) result[order[k].index] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return result;
}

/**
 * Spearman's rank correlation over the pairs where both values are numbers:
 * the Pearson correlation of their ranks. null with fewer than three pairs.
 * @returns {{ rho: number, pairs: number } | null}
 */
function spearman(xs, ys) {
  const pairs = xs.map((x, i) => [x, ys[i]]).filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y));
  if (pairs.length < 3) return null;
  const rx = ranks(pairs.map(([x]) => x));
  const ry = ranks(pairs.map(([, y]) => y));
  const mx = mean(rx);
  const my = mean(ry);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < pairs.length; i++) {
    sxy += (rx[i] - mx) * (ry[i] - my);
    sxx += (rx[i] - mx) ** 2;
    syy += (ry[i] - my) ** 2;
  }
  return { rho: sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : NaN, pairs: pairs.length };
}

/** P(X <= k) for X ~ Binomial(n, 1/2), the sign test's distribution, summed exactly. */
function halfBinomialCdf(k, n) {
  if (k < 0) return 0;
  if (k >= n) return 1;
  let term = 0.5 ** n;
  let total = term;
  for (let i = 1; i <= k; i++) {
    term *= (n - i + 1) / i;
    total += term;
  }
  return Math.min(1, total);
}

/**
 * The two-sided sign test of "the median is 0": zeros are dropped, and the p-value is
 * twice the binomial tail of the rarer sign. 1 when nothing is left.
 * @returns {{ positive: number, negative: number, p: number }}
 */
function signTest(values) {
  const positive = values.filter((v) => v > 0).length;
  const negative = values.filter((v) => v < 0).length;
  const p = Math.min(1, 2 * halfBinomialCdf(Math.min(positive, negative), positive + negative));
  return { positive, negative, p };
}

/**
 * The median with its distribution-free interval: the order statistics x(k) and
 * x(n + 1 - k) for the largest k whose coverage, 1 - 2 P(Bin(n, 1/2) <= k - 1),
 * is at least `confidence`. It excludes 0 exactly when the sign test's p is below
 * 1 - confidence. Too few values for that coverage give NaN bounds.
 * @returns {{ median: number, low: number, high: number, coverage: number }}
 */
function medianInterval(values, confidence = 0.95) {
  const s = sorted(values);
  let k = 0;
  while (k + 1 <= s.length / 2 && 1 - 2 * halfBinomialCdf(k, s.length) >= confidence) k++;
  if (k === 0) return { median: median(s), low: NaN, high: NaN, coverage: NaN };
  return { median: median(s), low: s[k - 1], high: s[s.length - k], coverage: 1 - 2 * halfBinomialCdf(k - 1, s.length) };
}

/**
 * How the ratio of the means of a to b changed from the old runs to the new:
 * (mean newA / mean newB) / (mean oldA / mean oldB), four independent samples. As
 * in ratio, the interval is on the log scale: the delta-method standard error of
 * the log of the four means, Welch–Satterthwaite degrees of freedom over the four,
 * and the t-test of log change = 0 from the same numbers. Every sample needs two
 * values or more, else the bounds and p are NaN.
 */
function ratioChange(newA, newB, oldA, oldB, confidence = 0.95) {
  const samples = [newA, newB, oldA, oldB];
  const means = samples.map(mean);
  const value = means[0] / means[1] / (means[2] / means[3]);
  if (samples.some((sample) => sample.length < 2)) return { ratio: value, low: NaN, high: NaN, p: NaN, significant: null };
  const parts = samples.map((sample, i) => variance(sample) / sample.length / means[i] ** 2);
  const se = Math.sqrt(sum(parts));
  if (!(se > 0)) return { ratio: value, low: value, high: value, p: value === 1 ? 1 : 0, significant: value !== 1 };
  const df = sum(parts) ** 2 / sum(parts.map((part, i) => part ** 2 / (samples[i].length - 1)));
  const t = Math.log(value) / se;
  const p = 2 * (1 - tCdf(Math.abs(t), df));
  const margin = tCritical(df, confidence) * se;
  return { ratio: value, low: value * Math.exp(-margin), high: value * Math.exp(margin), p, significant: p < 1 - confidence };
}

module.exports = {
  sum,
  mean,
  variance,
  stddev,
  standardError,
  quantile,
  median,
  spread,
  mad,
  incompleteBeta,
  tCdf,
  tCritical,
  meanInterval,
  logMeanInterval,
  welch,
  ratio,
  SIGNIFICANCE,
  stars,
  expectedFalsePositives,
  linearFit,
  growthExponent,
  growthBase,
  ranks,
  bootstrapSpearman,
  spearman,
  halfBinomialCdf,
  signTest,
  medianInterval,
  ratioChange,
  seededDraws,
};
