'use strict';

const stats = require('./stats');

// How a whole session moved against another: two sessions of the same code on a
// shared machine can differ by 15% in every cell alike, because the machine
// did, not the code. The shift is the median over the cells of the log change
// of the mean time, with the sign test's distribution-free interval: no cell's
// noise is assumed normal, and a few cells that really changed move the median
// little. Pure: numbers in, numbers out.

// The standard error of a median of n normal values is sqrt(pi / 2) sd / sqrt(n);
// the sd is read from the median absolute deviation, so that the few cells
// that really changed do not widen it (the sign test's interval, from order
// statistics, ends at the most changed cell when the cells are few).
const MEDIAN_SE = Math.sqrt(Math.PI / 2);
const MAD_TO_SD = 1.482602218505602;

/**
 * The session-wide shift over the log changes of the cells (log(new mean / old mean)).
 * @param {number[]} logChanges one per cell compared
 * @returns {{ cells: number, ratio: number, low: number, high: number, se: number, p: number, significant: boolean }}
 *   ratio new/old of the median cell; low and high NaN under 6 cells, too few for a 95% interval;
 *   se: the standard error of the median log change, for relativeToShift
 */
function sessionShift(logChanges) {
  const interval = stats.medianInterval(logChanges);
  const { p } = stats.signTest(logChanges);
  return {
    cells: logChanges.length,
    ratio: Math.exp(interval.median),
    low: Math.exp(interval.low),
    high: Math.exp(interval.high),
    se: (MEDIAN_SE * stats.mad(logChanges) * MAD_TO_SD) / Math.sqrt(logChanges.length),
    p,
    significant: interval.low > 0 || interval.high < 0,
  };
}

/**
 * A cell's change relative to the shift: (mean after / mean before) / shift, with
 * an interval on the log scale whose standard error adds the cell's (delta method,
 * as stats.ratio) and the shift's (its se). Degrees of freedom are the cell's Welch's,
 * the shift's counting as many. Both sides need two runs or more.
 */
function relativeToShift(after, before, shift, confidence = 0.95) {
  const ma = stats.mean(after);
  const mb = stats.mean(before);
  const value = ma / mb / shift.ratio;
  const ra = stats.variance(after) / after.length / ma ** 2;
  const rb = stats.variance(before) / before.length / mb ** 2;
  const rs = shift.se ** 2;
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
