'use strict';

const stats = require('../stats');

// Our figure for a row of the published figures, from result lines: the ratio
// of the numerator's runs to the denominator's on one runtime (or on the
// runtimes each side names), with its 95% interval and the same ratio of CPU
// time. Pure.

// A parameter at its `absent` value ('none': hooks, context) is left out of a
// results line.
function paramsMatch(lineParams = {}, wanted = {}) {
  return Object.entries(wanted).every(([key, value]) => (lineParams[key] ?? 'none') === value || (value === 'none' && !(key in lineParams)));
}

/** The runtime a line ran on, as --runtime names it ('node': the one running asyncmark). */
function runtimeOf(line) {
  return line.runtime ?? 'node';
}

// A counted run (bench --measure instructions) has no time: it is the CPU-work
// panel's, never a side of a ratio of times.
const timed = (line) => line.measure !== 'instructions';

function sideLines(lines, ours, side, runtime) {
  const params = { ...ours.params, ...side.params };
  return lines.filter(
    (line) =>
      timed(line) &&
      line.scenario === ours.scenario &&
      line.example === side.example &&
      runtimeOf(line) === (side.runtime ?? runtime) &&
      paramsMatch(line.params, params),
  );
}

// Why a side has no finished run: what its runs said, else that none was made.
function whyNone(found, side, runtime) {
  const failed = found.find((line) => line.status !== 'ok');
  const where = `${side.example} on ${side.runtime ?? runtime}`;
  return failed ? `${where}: ${failed.status.toUpperCase()}, ${failed.error}` : `${where}: no run`;
}

const cpu = (line) => (line.metrics.cpuUserMs ?? NaN) + (line.metrics.cpuSystemMs ?? NaN);

/**
 * @param {object[]} lines result lines
 * @param {object} ours the row's `ours`
 * @param {string|null} runtime the runtime of both sides, unless a side names its own
 * @returns {{ ratio, low, high, significant, runs: [number, number], cpu: object|null } | { missing: string }}
 */
function oursOn(lines, ours, runtime) {
  const found = [ours.numerator, ours.denominator].map((side) => sideLines(lines, ours, side, runtime));
  const ok = found.map((side) => side.filter((line) => line.status === 'ok'));
  const empty = ok.findIndex((side) => side.length === 0);
  if (empty !== -1) return { missing: whyNone(found[empty], [ours.numerator, ours.denominator][empty], runtime) };
  const [a, b] = ok.map((side) => side.map((line) => line.metrics[ours.metric]));
  if ([...a, ...b].some((value) => !Number.isFinite(value))) return { missing: `its runs record no ${ours.metric}` };
  const [ca, cb] = ok.map((side) => side.map(cpu).filter(Number.isFinite));
  const ratioOf = (x, y) =>
    x.length >= 2 && y.length >= 2 ? stats.ratio(x, y) : { ratio: stats.mean(x) / stats.mean(y), low: NaN, high: NaN, significant: null };
  const time = ratioOf(a, b);
  const cpuRatio = ca.length && cb.length ? ratioOf(ca, cb) : null;
  return { ratio: time.ratio, low: time.low, high: time.high, significant: time.significant, runs: [a.length, b.length], cpu: cpuRatio };
}

module.exports = { oursOn, paramsMatch, runtimeOf };
