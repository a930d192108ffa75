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

const VERDICTS = ['reproduced', 'contradicted', 'inconclusive', 'not judged', 'not measured'];

// Above this many runs each, runs are not the way to decide.
const MOST_RUNS = 200;

const fixed = (x) => (Number.isFinite(x) ? x.toFixed(2) : String(x));

function marginText(margin) {
  const range = margin.high === Infinity ? `above ${fixed(margin.low)}` : `${fixed(margin.low)}–${fixed(margin.high)}`;
  return `margin ${range}`;
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

/**
 * @param {{ value: number|null, low: number, high: number }} published figureRatio()
 * @param {{ low: number, high: number, why: string }} margin marginOf()
 * @param {{ ratio: number, low: number, high: number, runs?: number[] }|null} ours null when not measured
 * @param {{ missing?: string, measure?: string, countable?: boolean }} [context]
 *   missing: why ours is null; measure: what ours is a ratio of, in words;
 *   countable: a count (bench --measure instructions) could decide it instead
 * @returns {{ verdict: string, reason: string }}
 */
function verdictOf(published, margin, ours, { missing, measure = 'ours', countable = false } = {}) {
  if (!ours || !Number.isFinite(ours.ratio)) return { verdict: 'not measured', reason: missing || 'no run of ours' };
  const theirs = `${marginText(margin)}`;
  if (!Number.isFinite(ours.low) || !Number.isFinite(ours.high)) {
    return {
      verdict: 'inconclusive',
      reason: `${measure} ${fixed(ours.ratio)} has no interval (one measure each); ${theirs}; two or more each would give one`,
    };
  }
  const oursText = `${measure} ${fixed(ours.ratio)} (${fixed(ours.low)}–${fixed(ours.high)})`;
  if (ours.low >= margin.low && ours.high <= margin.high) return { verdict: 'reproduced', reason: `${oursText} lies within the ${theirs}` };
  if (ours.high < margin.low || ours.low > margin.high) return { verdict: 'contradicted', reason: `${oursText} excludes the ${theirs}` };
  const holds = [ours.low <= 1 && ours.high >= 1 ? '1' : null, ours.low <= published.high && ours.high >= published.low ? 'the figure' : null]
    .filter(Boolean)
    .join(' and ');
  const runs = Math.min(...(ours.runs ?? [1]));
  const needed = runsToDecide(ours, margin, runs);
  const decide =
    needed === null
      ? 'no number of runs would decide it: our ratio sits on the margin’s edge'
      : needed > MOST_RUNS
        ? `more than ${MOST_RUNS} runs each would be needed`
        : `about ${needed} runs each would decide it if our ratio holds`;
  const count = countable ? '; a count (bench --measure instructions) would decide it' : '';
  return { verdict: 'inconclusive', reason: `${oursText}${holds ? ` holds ${holds}` : ' overlaps the margin'}; ${theirs}; ${decide}${count}` };
}

module.exports = { verdictOf, runsToDecide, VERDICTS, MOST_RUNS };
