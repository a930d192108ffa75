'use strict';

// Whether our figure reproduces a published one, decided by intervals. Pure.
// Both are ratios of two measures (numerator ÷ denominator): the published one
// with its equivalence margin (margin.js), ours with its 95% interval.
//   reproduced     our interval lies within the margin
//   contradicted   our interval excludes the margin (and so the figure)
//   inconclusive   neither: the reason says what would decide it
//   not judged     runs made on a machine too loaded to judge from
//   not measured   we have no figure (the reason says why)
// An interval that holds both 1 and the figure cannot tell the two apart: it
// is inconclusive, never evidence against the figure.
//
// A verdict made on a proxy (a program of asyncmark's standing in for the
// source's own) carries what differs, and its printed label says it: "reproduced"
// or "contradicted" never appear alone for a proxy (labelOf). Each verdict
// carries the one interval it was decided on (`interval`), which the page shows
// as its headline.

const VERDICTS = ['reproduced', 'contradicted', 'inconclusive', 'not judged', 'not measured'];

// Above this many runs each, runs are not the way to decide.
const MOST_RUNS = 200;

const fixed = (x) => (Number.isFinite(x) ? x.toFixed(2) : String(x));

/**
 * A margin's range in as few decimals as tell its ends apart (at least two):
 * a margin of rounding is narrow (1.8897–1.8913), and "1.89–1.89" would hide it.
 * @param {{ low: number, high: number }} margin
 */
function rangeText(margin) {
  if (margin.high === Infinity) return `above ${fixed(margin.low)}`;
  let digits = 2;
  while (digits < 6 && margin.low.toFixed(digits) === margin.high.toFixed(digits)) digits++;
  return `${margin.low.toFixed(digits)}–${margin.high.toFixed(digits)}`;
}

function marginText(margin) {
  return `margin ${rangeText(margin)}`;
}

/**
 * How many runs each would decide an inconclusive verdict, if our ratio held:
 * an interval narrows as 1/√runs, so it must shrink to the distance from our
 * ratio to the margin's nearer edge (inside: to fit; outside: to clear it).
 * @returns {number|null} null when no number of runs would (our ratio on an edge)
 */
function runsToDecide(ours, margin, runs) {
  const centre = Math.log(ours.ratio);
  const half = (Math.log(ours.high) - Math.log(ours.low)) / 2;
  const edges = [margin.low, margin.high].filter((x) => x > 0 && Number.isFinite(x)).map(Math.log);
  const distance = Math.min(...edges.map((edge) => Math.abs(centre - edge)));
  if (!(distance > 0)) return null;
  return Math.ceil(runs * (half / distance) ** 2);
}

// The verdicts a proxy cannot print alone.
const DECISIVE = ['reproduced', 'contradicted'];

/**
 * The verdict as printed: "contradicted on a proxy: <what differs>" for a
 * decisive verdict on a proxy, else the verdict's word.
 * @param {{ verdict: string, proxy?: string }} verdict
 */
function labelOf(verdict) {
  return verdict.proxy && DECISIVE.includes(verdict.verdict) ? `${verdict.verdict} on a proxy: ${verdict.proxy}` : verdict.verdict;
}

/**
 * Which way a count leans, where time cannot decide: its interval against the
 * figure's margin. A count is work, not time: it explains, never decides.
 * @param {{ ratio: number, low: number, high: number }} count
 * @param {{ low: number, high: number }} margin
 */
function leanOf(count, margin) {
  const text = `counted work ${fixed(count.ratio)} (${fixed(count.low)}–${fixed(count.high)})`;
  if (count.low >= margin.low && count.high <= margin.high) return `${text} lies within the ${marginText(margin)}: the count leans toward the figure`;
  if (count.high < margin.low || count.low > margin.high) {
    const side = count.high < margin.low === margin.low >= 1 ? 'on the side of 1' : 'beyond the figure';
    return `${text} lies outside the ${marginText(margin)}, ${side}: the count leans against the figure`;
  }
  return `${text} meets the ${marginText(margin)} in part: the count leans neither way`;
}

/**
 * @param {{ value: number|null, low: number, high: number }} published figureRatio()
 * @param {{ low: number, high: number, why: string }} margin marginOf()
 * @param {{ ratio: number, low: number, high: number, runs?: number[] }|null} ours null when not measured
 * @param {{ missing?: string, measure?: string, proxy?: string, over?: string, acrossSessions?: boolean }} [context]
 *   missing: why ours is null; measure: what ours is a ratio of, in words;
 *   proxy: what differs, when ours is a proxy for the source's program;
 *   over: the runs the interval is over, in words (a session, sessions)
 *   acrossSessions: the interval spans several sessions' (comparisons.js), so runs are not what would decide it
 * @returns {{ verdict: string, reason: string, label: string, proxy?: string, interval?: object }}
 *   label: the verdict as printed (labelOf); interval: the one it was decided on, with its measure and `over`
 */
function verdictOf(published, margin, ours, { missing, measure = 'ours', proxy, over, acrossSessions = false } = {}) {
  const made = (verdict) => {
    const out = { ...verdict, ...(proxy ? { proxy } : {}) };
    if (ours && Number.isFinite(ours.ratio)) out.interval = { measure, ratio: ours.ratio, low: ours.low, high: ours.high, ...(over ? { over } : {}) };
    return { ...out, label: labelOf(out) };
  };
  if (!ours || !Number.isFinite(ours.ratio)) return made({ verdict: 'not measured', reason: missing || 'no run of ours' });
  const theirs = `${marginText(margin)}`;
  if (!Number.isFinite(ours.low) || !Number.isFinite(ours.high)) {
    return made({
      verdict: 'inconclusive',
      reason: `${measure} ${fixed(ours.ratio)} has no interval (one measure each); ${theirs}; two or more each would give one`,
    });
  }
  const oursText = `${measure} ${fixed(ours.ratio)} (${fixed(ours.low)}–${fixed(ours.high)})`;
  if (ours.low >= margin.low && ours.high <= margin.high) return made({ verdict: 'reproduced', reason: `${oursText} lies within the ${theirs}` });
  if (ours.high < margin.low || ours.low > margin.high) return made({ verdict: 'contradicted', reason: `${oursText} excludes the ${theirs}` });
  const holds = [ours.low <= 1 && ours.high >= 1 ? '1' : null, ours.low <= published.high && ours.high >= published.low ? 'the figure' : null]
    .filter(Boolean)
    .join(' and ');
  const runs = Math.min(...(ours.runs ?? [1]));
  const needed = runsToDecide(ours, margin, runs);
  const decide = acrossSessions
    ? 'the interval spans the sessions judged, which more runs in each would not narrow'
    : needed === null
      ? 'no number of runs would decide it: our ratio sits on the margin’s edge'
      : needed > MOST_RUNS
        ? `more than ${MOST_RUNS} runs each would be needed`
        : `about ${needed} runs each would decide it if our ratio holds`;
  return made({ verdict: 'inconclusive', reason: `${oursText}${holds ? ` holds ${holds}` : ' overlaps the margin'}; ${theirs}; ${decide}` });
}

module.exports = { verdictOf, labelOf, leanOf, rangeText, runsToDecide, VERDICTS, MOST_RUNS };
