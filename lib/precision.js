'use strict';

const stats = require('./stats');
const { fullParamsKey, driverOf } = require('./summary');

// Precision on demand (asyncmark bench --precision): how wide each cell's 95%
// interval of the mean time is, relative to the mean, and which cells still
// need runs. A cell is one scenario, example, parameter set and runtime. Pure.
//
// Counted runs (--measure instructions or both) are judged by their counts'
// observed spread instead: counts that repeat need no t-interval (the tables
// show a count as its median ± half the spread, (max - min) / 2 / median).
// A count is met after two runs whose half-spread is within the target; more
// runs cannot narrow a spread, only widen it, so a cell whose counts differ
// by more is not tried further. With both measures a cell is met when its
// time and its counts each are.

/** The cell a job or a results line belongs to, whatever its run number. */
function cellKey({ scenario, example, params, runtime }) {
  return `${scenario}|${example}|${fullParamsKey(params)}|${runtime ?? ''}`;
}

// The time a run is judged by: its driver's time metric.
function timeOf(line, drivers) {
  return line.metrics ? line.metrics[driverOf(line, drivers).time.metric] : null;
}

// The finite values of a metric over a cell's finished runs.
function finished(group, valueOf) {
  return group
    .filter((l) => l.status === 'ok')
    .map(valueOf)
    .filter((v) => Number.isFinite(v));
}

/**
 * Every cell's precision so far.
 * @param {object[]} lines results lines of the session
 * @param {number} target the largest half-width allowed, relative to the mean (0.03 for 3%)
 * @param {{ measure?: 'time'|'instructions'|'both', drivers: object }} options measure: the session's
 *   (bench --measure), which half-widths must meet it, time by default; drivers: the drivers'
 *   declarations by name (lib/drivers), whose time metric a run is judged by
 * @returns {Array<{ key, scenario, example, params, runtime, runs, okRuns, halfWidth, countHalfWidth, met, settled, unsteady }>}
 *   halfWidth: of the 95% t-interval of the mean time, relative to the mean (NaN under two finished runs);
 *   countHalfWidth: half the spread of the counted instructions per invocation, relative to their median (NaN under two counts);
 *   settled: nothing more is to be had from more runs (a run failed, the example cannot run here, or unsteady);
 *   unsteady: two counts or more already differ by more than the target
 */
function precisionOf(lines, target, { measure = 'time', drivers }) {
  const groups = new Map();
  for (const line of lines) {
    const key = cellKey(line);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(line);
  }
  return [...groups.entries()].map(([key, group]) => {
    const first = group[0];
    const times = finished(group, (line) => timeOf(line, drivers));
    const halfWidth = times.length >= 2 ? stats.meanInterval(times).relative : NaN;
    const counts = finished(group, (l) => l.metrics.instructionsPerInvocation);
    // Half the counts' observed spread, as the tables show a count; NaN under two.
    const countWidth = counts.length < 2 ? NaN : stats.spread(counts) / 2;
    const timeMet = Number.isFinite(halfWidth) && halfWidth <= target;
    const countMet = Number.isFinite(countWidth) && countWidth <= target;
    const unsteady = measure !== 'time' && Number.isFinite(countWidth) && !countMet;
    // A run that did not check out is a fact about the cell, not noise: more
    // runs would not make it precise.
    const failed = group.find((l) => l.status !== 'ok');
    return {
      key,
      scenario: first.scenario,
      example: first.example,
      params: first.params,
      runtime: first.runtime ?? null,
      runs: group.length,
      okRuns: measure === 'instructions' ? counts.length : times.length,
      halfWidth,
      countHalfWidth: countWidth,
      met: { time: timeMet, instructions: countMet, both: timeMet && countMet }[measure],
      settled: Boolean(failed) || unsteady,
      unsteady,
      status: failed ? failed.status : 'ok',
    };
  });
}

/** The keys of the cells that still want runs. */
function wanting(cells) {
  return new Set(cells.filter((cell) => !cell.met && !cell.settled).map((cell) => cell.key));
}

module.exports = { cellKey, precisionOf, wanting };
