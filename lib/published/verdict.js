'use strict';

// Whether our figure reproduces a published one. Pure. Both are ratios of two
// times (numerator ÷ denominator): the published one as figures.js gives it
// ({ value, low, high }), ours with its 95% interval ({ ratio, low, high }).
//   reproduced                      same direction, and our interval overlaps
//                                   the published figure or its spread
//   same direction, different size  same direction, no overlap
//   not reproduced                  the other direction, or no significant
//                                   difference where the source saw one
//   not measured                    we have no figure (the reason says why)

const VERDICTS = ['reproduced', 'same direction, different size', 'not reproduced', 'not measured'];

function direction(low, high) {
  if (low > 1) return 1;
  if (high < 1) return -1;
  return 0;
}

// The published figure's direction: its value's, else its spread's. A
// direction alone is a spread that reaches 1 ("above 1": 1 to Infinity), so
// it cannot be tested as our intervals are, against 1 excluded.
function publishedDirection({ value, low, high }) {
  if (value !== null) return Math.sign(value - 1);
  if (low >= 1 && high > 1) return 1;
  if (high <= 1 && low < 1) return -1;
  return 0;
}

const fixed = (x) => (Number.isFinite(x) ? x.toFixed(2) : String(x));

/**
 * @param {{ value: number|null, low: number, high: number }} published
 * @param {{ ratio: number, low: number, high: number }|null} ours null when not measured
 * @param {string} [missing] why ours is null
 * @returns {{ verdict: string, reason: string }}
 */
function verdictOf(published, ours, missing) {
  if (!ours || !Number.isFinite(ours.ratio)) return { verdict: 'not measured', reason: missing || 'no run of ours' };
  const ranged = Number.isFinite(ours.low) && Number.isFinite(ours.high);
  // One run each has no interval: its direction is its point, untested.
  const [low, high] = ranged ? [ours.low, ours.high] : [ours.ratio, ours.ratio];
  const theirs = publishedDirection(published);
  const mine = direction(low, high);
  const ourText = ranged ? `ours ${fixed(ours.ratio)} (${fixed(low)}–${fixed(high)})` : `ours ${fixed(ours.ratio)} (one run each: untested)`;
  const theirText = published.value === null ? `published ${fixed(published.low)}–${fixed(published.high)}` : `published ${fixed(published.value)}`;
  if (mine === 0) {
    if (theirs === 0) return { verdict: 'reproduced', reason: `no difference either way: ${ourText}, ${theirText}` };
    return { verdict: 'not reproduced', reason: `no significant difference: our interval includes 1 (${ourText}, ${theirText})` };
  }
  if (mine !== theirs) return { verdict: 'not reproduced', reason: `the other direction: ${ourText}, ${theirText}` };
  const overlaps = low <= published.high && high >= published.low;
  if (overlaps) return { verdict: 'reproduced', reason: `${ourText} overlaps ${theirText}` };
  return { verdict: 'same direction, different size', reason: `${ourText} ${high < published.low ? 'below' : 'above'} ${theirText}` };
}

module.exports = { verdictOf, VERDICTS };
