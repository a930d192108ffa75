'use strict';

const stats = require('./stats');

// How a whole session moved against another: two sessions of the same code on a
// shared machine can differ by 15% in every cell alike, because the machine
// did, not the code. The shift is the median over the cells of the log change
// of the mean time, with the sign test's distribution-free interval: no cell's
// noise is assumed normal, and a few cells that really changed move the median
// little. Pure: numbers in, numbers out.

// The normal quantile of a 95% two-sided interval, to read a standard error
// back from the shift's interval.
const Z95 = 1.959963984540054;

/**
 * The session-wide shift over the log changes of the cells (log(new mean / old mean)).
 * @param {number[]} logChanges one per cell compared
 * @returns {{ cells: number, ratio: number, low: number, high: number, p: number, significant: boolean }}
 *   ratio new/old of the median cell; low and high NaN under 6 cells, too few for a 95% interval
 */
function sessionShift(logChanges) {
  const interval = stats.medianInterval(logChanges);
  const { p } = stats.signTest(logChanges);
  return {
    cells: logChanges.length,
    ratio: Math.exp(interval.median),
    low: Math.exp(interval.low),
    high: Math.exp(interval.high),
    p,
    significant: interval.low > 0 || interval.high < 0,
  };
}

/**
 * A cell's change relative to the shift: (mean after / mean before) / shift, with
 * an interval on the log scale whose standard error adds the cell's (delta method,
 * as stats.ratio) and the shift's (read from its interval as if normal, since the
 * shift is a median over many cells). Degrees of freedom are the cell's Welch's,
 * the shift's counting as many. Both sides need two runs or more.
 */
function relativeToShift(after, before, shift, confidence = 0.95) {
  const ma = stats.mean(after);
  const mb = stats.mean(before);
  const value = ma / mb / shift.ratio;
  const ra = stats.variance(after) / after.length / ma ** 2;
  const rb = stats.variance(before) / before.length / mb ** 2;
  const rs = ((Math.log(shift.high) - Math.log(shift.low)) / (2 * Z95)) ** 2;
  const se = Math.sqrt(ra + rb + rs);
  if (!(se > 0)) return { ratio: value, low: value, high: value, p: value === 1 ? 1 : 0, significant: value !== 1 };
  // Runs that repeat exactly leave only the shift's share: as good as a normal.
  const df = Math.min(1e6, (ra + rb + rs) ** 2 / (ra ** 2 / (after.length - 1) + rb ** 2 / (before.length - 1)));
  const t = Math.log(value) / se;
  const p = 2 * (1 - stats.tCdf(Math.abs(t), df));
  const margin = stats.tCritical(df, confidence) * se;
  return { ratio: value, low: value * Math.exp(-margin), high: value * Math.exp(margin), p, significant: p < 1 - confidence };
}

module.exports = { sessionShift, relativeToShift };
