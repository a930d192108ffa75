'use strict';

const stats = require('./stats');
const { fullParamsKey, driverOf } = require('./summary');

// Precision on demand (asyncmark bench --precision): how wide each cell's 95%
// interval of the mean time is, relative to the mean, and which cells still
// need runs. A cell is one scenario, example, parameter set and runtime. Pure.

/** The cell a job or a results line belongs to, whatever its run number. */
function cellKey({ scenario, example, params, runtime }) {
  return `${scenario}|${example}|${fullParamsKey(params)}|${runtime ?? ''}`;
}

// The time a run is judged by: its driver's time metric.
function timeOf(line) {
  return line.metrics ? line.metrics[driverOf(line).time.metric] : null;
}

/**
 * Every cell's precision so far.
 * @param {object[]} lines results lines of the session
 * @param {number} target the largest half-width allowed, relative to the mean (0.03 for 3%)
 * @returns {Array<{ key, scenario, example, params, runtime, runs, okRuns, halfWidth, met, settled }>}
 *   halfWidth: of the 95% t-interval of the mean time, relative to the mean (NaN under two finished runs);
 *   settled: nothing more is to be had from more runs (a run failed, or the example cannot run here)
 */
function precisionOf(lines, target) {
  const groups = new Map();
  for (const line of lines) {
    const key = cellKey(line);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(line);
  }
  return [...groups.entries()].map(([key, group]) => {
    const first = group[0];
    const times = group
      .filter((l) => l.status === 'ok')
      .map(timeOf)
      .filter((v) => Number.isFinite(v));
    const halfWidth = times.length >= 2 ? stats.meanInterval(times).relative : NaN;
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
      okRuns: times.length,
      halfWidth,
      met: Number.isFinite(halfWidth) && halfWidth <= target,
      settled: Boolean(failed),
      status: failed ? failed.status : 'ok',
    };
  });
}

/** The keys of the cells that still want runs. */
function wanting(cells) {
  return new Set(cells.filter((cell) => !cell.met && !cell.settled).map((cell) => cell.key));
}

module.exports = { cellKey, precisionOf, wanting };
