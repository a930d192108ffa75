'use strict';

const stats = require('./stats');
const { cellKey } = require('./precision');
const { driverOf } = require('./summary');

// Separation from a baseline (the main job, bench/main-job.js): for each
// example of one cell, whether its runs already tell it apart from the
// baseline's, or already show it within a stated factor of it, or still want
// runs. A ratio's interval is the bench table's (stats.ratio: Welch's
// interval of the log ratio, 95%). Pure.
//
// - separated: the interval excludes 1; the table shows the ratio as a
//   difference.
// - within: the interval lies inside (1/factor, factor): whatever the
//   difference, it is smaller than the factor. Said as such, never as "no
//   difference".
// - open: neither yet; more runs may decide it.
// - settled: more runs cannot decide it (a run failed, or the example cannot
//   run here); the table says why.

/** The finite times of a group's finished runs, by its driver's time metric. */
function timesOf(group, drivers) {
  return group
    .filter((line) => line.status === 'ok' && line.metrics)
    .map((line) => line.metrics[driverOf(line, drivers).time.metric])
    .filter(Number.isFinite);
}

/**
 * @param {object[]} lines the session's results lines (timed), of the cell the job runs
 * @param {{ baseline: string, factor: number, drivers: object, examples?: string[] }} options factor: the
 *   smallest difference a reader asks about (1.2 for 1.2×); examples, those the job runs: one with
 *   no line among `lines` (every run of it set aside) is open, with no runs
 * @returns {Array<{ example, key, runs, ratio, low, high, state }>} one per example
 *   but the baseline, in the order first seen, then those of `examples` with no line;
 *   ratio, low, high NaN under two runs a side
 */
function separationOf(lines, { baseline, factor, drivers, examples = [] }) {
  const groups = new Map();
  for (const line of lines) {
    if (!groups.has(line.example)) groups.set(line.example, []);
    groups.get(line.example).push(line);
  }
  const base = timesOf(groups.get(baseline) ?? [], drivers);
  // A baseline with a failed run is compared with nothing (the table says why).
  const baseFailed = (groups.get(baseline) ?? []).some((line) => line.status !== 'ok');
  const out = [];
  for (const [example, group] of groups) {
    if (example === baseline) continue;
    const times = timesOf(group, drivers);
    const key = cellKey(group[0]);
    const failed = baseFailed || group.some((line) => line.status !== 'ok');
    if (failed || base.length < 2 || times.length < 2) {
      const state = failed ? 'settled' : 'open';
      out.push({ example, key, runs: group.length, ratio: NaN, low: NaN, high: NaN, state });
      continue;
    }
    const { ratio, low, high } = stats.ratio(times, base);
    const state = low > 1 || high < 1 ? 'separated' : low > 1 / factor && high < factor ? 'within' : 'open';
    out.push({ example, key, runs: group.length, ratio, low, high, state });
  }
  for (const example of examples)
    if (example !== baseline && !groups.has(example)) out.push({ example, key: null, runs: 0, ratio: NaN, low: NaN, high: NaN, state: 'open' });
  return out;
}

/** The examples whose state is still open. */
function stillOpen(separation) {
  return separation.filter((entry) => entry.state === 'open').map((entry) => entry.example);
}

module.exports = { separationOf, stillOpen };
