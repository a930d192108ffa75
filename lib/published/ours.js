'use strict';

const stats = require('../stats');

// Our figure for a row of the published figures, from result lines: the ratio
// of the numerator's runs to the denominator's on one runtime (or on the
// runtimes each side names), with its 95% interval, the same ratio of CPU
// time, and the ratio of counted work where the sides were counted. Pure.

// A parameter at its `absent` value ('none': hooks, context) is left out of a
// results line.
function paramsMatch(lineParams = {}, wanted = {}) {
  return Object.entries(wanted).every(([key, value]) => (lineParams[key] ?? 'none') === value || (value === 'none' && !(key in lineParams)));
}

/** The runtime a line ran on, as --runtime names it ('node': the one running asyncmark). */
function runtimeOf(line) {
  return line.runtime ?? 'node';
}

// A counted run (bench --measure instructions) has no time: it is a side of
// the ratio of counted work, never of a ratio of times.
const counted = (line) => line.measure === 'instructions';

function sideLines(lines, ours, side, runtime, { count = false } = {}) {
  const params = { ...ours.params, ...side.params };
  return lines.filter(
    (line) =>
      counted(line) === count &&
      line.scenario === ours.scenario &&
      line.example === side.example &&
      runtimeOf(line) === (side.runtime ?? runtime) &&
      paramsMatch(line.params, params),
  );
}

// Why a side has no finished run: what its runs said, else that none was made.
function whyNone(found, side, runtime, none = 'no run') {
  const failed = found.find((line) => line.status !== 'ok');
  const where = `${side.example} on ${side.runtime ?? runtime}`;
  return failed ? `${where}: ${failed.status.toUpperCase()}, ${failed.error}` : `${where}: ${none}`;
}

const cpu = (line) => (line.metrics.cpuUserMs ?? NaN) + (line.metrics.cpuSystemMs ?? NaN);

// The CPU time of the same unit as the row's time: a driver that times a call
// (callMs: compute, whose run calls again and again for --min-time ms) has the
// CPU time of all its calls in a run, so it is divided by them; a run's CPU time
// over the whole run would make every pair of examples about 1.
const cpuPer = (metric) => (metric === 'callMs' ? (line) => cpu(line) / (line.metrics.calls ?? NaN) : cpu);

const ratioOf = (x, y) =>
  x.length >= 2 && y.length >= 2 ? stats.ratio(x, y) : { ratio: stats.mean(x) / stats.mean(y), low: NaN, high: NaN, significant: null };

/**
 * The ratio of the sides' counted work (instructions per upload or per call),
 * with its interval over the counts, or why there is none.
 * @returns {{ ratio, low, high, runs: [number, number] } | { missing: string }}
 */
function countedOn(lines, ours, runtime) {
  const sides = [ours.numerator, ours.denominator];
  const found = sides.map((side) => sideLines(lines, ours, side, runtime, { count: true }));
  const ok = found.map((side) => side.filter((line) => line.status === 'ok' && Number.isFinite(line.metrics.instructionsPerInvocation)));
  const empty = ok.findIndex((side) => side.length === 0);
  if (empty !== -1) return { missing: whyNone(found[empty], sides[empty], runtime, 'no count') };
  const [a, b] = ok.map((side) => side.map((line) => line.metrics.instructionsPerInvocation));
  const { ratio, low, high } = ratioOf(a, b);
  return { ratio, low, high, runs: [a.length, b.length] };
}

// The same ratio in each session that ran both sides at least twice, oldest
// first: a session's runs share the machine's state of the hour, which the
// runs of one session cannot show the variation of (Kalibera and Jones), so
// a verdict is made in each (comparisons.js), from its runs' times its load.
function bySession(ok, metricOf) {
  const sessions = [...new Set(ok.flat().map((line) => line.session ?? ''))].sort();
  return sessions
    .map((session) => {
      const here = ok.map((side) => side.filter((line) => (line.session ?? '') === session));
      const [a, b] = here.map((side) => side.map(metricOf));
      const times = here.flat().map((line) => line.time);
      return a.length >= 2 && b.length >= 2 ? { session, ...stats.ratio(a, b), runs: [a.length, b.length], times } : null;
    })
    .filter(Boolean);
}

/**
 * @param {object[]} lines result lines
 * @param {object} ours the row's `ours`
 * @param {string|null} runtime the runtime of both sides, unless a side names its own
 * @returns {{ ratio, low, high, significant, runs: [number, number], cpu: object|null, counted: object, times: string[], sessions: object[] } | { missing: string, counted: object }}
 *   ratio and cpu over every run; sessions: the wall ratio in each session that ran both sides twice, and cpu.sessions the CPU time's
 */
function oursOn(lines, ours, runtime) {
  const found = [ours.numerator, ours.denominator].map((side) => sideLines(lines, ours, side, runtime));
  const ok = found.map((side) => side.filter((line) => line.status === 'ok'));
  const count = countedOn(lines, ours, runtime);
  const empty = ok.findIndex((side) => side.length === 0);
  if (empty !== -1) return { missing: whyNone(found[empty], [ours.numerator, ours.denominator][empty], runtime), counted: count };
  const [a, b] = ok.map((side) => side.map((line) => line.metrics[ours.metric]));
  if ([...a, ...b].some((value) => !Number.isFinite(value))) return { missing: `its runs record no ${ours.metric}`, counted: count };
  const cpuOf = cpuPer(ours.metric);
  const [ca, cb] = ok.map((side) => side.map(cpuOf).filter(Number.isFinite));
  const time = ratioOf(a, b);
  const cpuRatio =
    ca.length && cb.length
      ? {
          ...ratioOf(ca, cb),
          runs: [ca.length, cb.length],
          sessions: bySession(
            ok.map((side) => side.filter((line) => Number.isFinite(cpuOf(line)))),
            cpuOf,
          ),
        }
      : null;
  const times = ok.flat().map((line) => line.time);
  const sessions = bySession(ok, (line) => line.metrics[ours.metric]);
  return {
    ratio: time.ratio,
    low: time.low,
    high: time.high,
    significant: time.significant,
    runs: [a.length, b.length],
    cpu: cpuRatio,
    counted: count,
    times,
    sessions,
  };
}

module.exports = { oursOn, countedOn, paramsMatch, runtimeOf };
