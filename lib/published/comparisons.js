'use strict';

const { figureRatio } = require('./figures');
const { marginOf } = require('./margin');
const { verdictOf, labelOf, leanOf } = require('./verdict');
const { oursOn } = require('./ours');
const { loadOf, tooLoaded, refusalOf } = require('./load');

// The comparisons of the published figures' page: each published figure of a
// row against our figure on each of its runtimes, with a verdict. Pure.

// What a row's verdicts are made on (its ours.basis), in words: a published
// time is judged on time, wall or CPU; a count only stands beside it.
const BASIS_TEXT = { time: 'wall time', cpu: 'CPU time' };

// A time of the driver's that is not its whole run, named as the claim names
// it: http-load's mean latency per answer, for a published average latency.
const METRIC_TEXT = { latencyMeanMs: 'mean latency' };

/** What a row's runs time, in words: its metric's name, else wall time. */
const timeText = (ours) => METRIC_TEXT[ours.metric] ?? BASIS_TEXT.time;

/** What a row's verdicts are made on, in words (its basis, a time named by its metric). */
const measureText = (ours) => ((ours.basis ?? 'time') === 'cpu' ? BASIS_TEXT.cpu : timeText(ours));

const two = (x) => x.toFixed(2);

// The machine's cores, from the runs' environment.
function coresOf(lines) {
  return lines.find((line) => line.env && line.env.cpus)?.env.cpus ?? null;
}

/**
 * The one interval a verdict on several judged sessions is made on: from the
 * lowest of their lows to the highest of their highs, around the geometric
 * mean of their ratios. It lies within a margin only if every session's does,
 * and excludes it only if every session's excludes it on the same side, so it
 * decides what judging each session alone decided (but for sessions that
 * exclude it on opposite sides: inconclusive now), with one interval to show.
 * One session's interval holds the variation of its runs, not the machine's
 * from one session to the next (measured: four of the 2013 article's rows on
 * Node 6 changed verdict between two sessions a day apart).
 */
function hullOf(sessions) {
  const ratio = Math.exp(sessions.reduce((sum, s) => sum + Math.log(s.ratio), 0) / sessions.length);
  return {
    ratio,
    low: Math.min(...sessions.map((s) => s.low)),
    high: Math.max(...sessions.map((s) => s.high)),
    runs: [Math.min(...sessions.map((s) => s.runs[0])), Math.min(...sessions.map((s) => s.runs[1]))],
  };
}

/**
 * The timed interval a verdict is made on, over the sessions it judges, or
 * why there is none: each session made above the load limit is left out.
 * @returns {{ interval: object, over: string, left: number, sessions: object[] } | { refused: string, sessions: object[] }}
 *   sessions: each session's interval, whether it was judged, and its load (for the page's provenance)
 */
function timedInterval(timed, load, { windows, cores }) {
  const all = timed.sessions ?? [];
  const sessions = all.map((s) => {
    const sessionLoad = loadOf(s.times, windows);
    return { session: s.session, ratio: s.ratio, low: s.low, high: s.high, runs: s.runs, load: sessionLoad, judged: !tooLoaded(sessionLoad, cores) };
  });
  // No session ran both sides twice: the runs pooled across sessions, judged
  // by the load of every one of them.
  if (all.length === 0) {
    const refused = refusalOf(load, cores);
    if (refused) return { refused, sessions };
    return { interval: timed, over: 'its runs', left: 0, sessions };
  }
  // Otherwise only the sessions that ran both sides are judged, each by its
  // own load: a quiet session beside older runs whose halves came from
  // different (loaded) sessions is judged on its own runs, not refused for theirs.
  const quiet = sessions.filter((s) => s.judged);
  if (quiet.length === 0) return { refused: refusalOf(load, cores), sessions };
  const left = sessions.length - quiet.length;
  const alone = sessions.length === 1 && quiet[0].runs[0] === timed.runs[0] && quiet[0].runs[1] === timed.runs[1];
  if (alone) return { interval: timed, over: 'its one session', left: 0, sessions };
  if (quiet.length === 1) return { interval: quiet[0], over: 'the one session judged', left, sessions };
  return { interval: hullOf(quiet), hull: true, over: `the ${quiet.length} sessions judged, lowest low to highest high`, left, sessions };
}

/**
 * The verdict on one figure and one runtime, on the time its basis names
 * (wall or CPU): a published time is judged on time. A count made beside it
 * (bench --measure instructions) is an explanation: where time decides it is
 * shown beside the verdict, and where time cannot (an interval that meets the
 * margin in part, or runs made above the load limit) the verdict is
 * inconclusive and the count says which way it leans. A row whose program is
 * a proxy for the source's says so in every verdict's label (verdict.js).
 */
function judge(row, published, margin, ours, { basis, windows, cores }) {
  const measure = basis === 'cpu' ? BASIS_TEXT.cpu : timeText(row.ours);
  const proxy = row.program?.another;
  const load = ours.times ? loadOf(ours.times, windows) : null;
  const count = ours.counted && !ours.counted.missing ? ours.counted : null;
  const done = (verdict, sessions = []) => ({ load, sessions, verdict: { ...verdict, ...(proxy ? { proxy } : {}), label: labelOf({ ...verdict, proxy }) } });
  if (ours.missing) return done({ verdict: 'not measured', reason: ours.missing });
  const timed = basis === 'cpu' ? ours.cpu : ours;
  if (!timed) return done({ verdict: 'not measured', reason: 'its runs record no CPU time' });
  const found = timedInterval(timed, load, { windows, cores: cores ?? 0 });
  if (found.refused) {
    if (!count) return done({ verdict: 'not judged', reason: found.refused }, found.sessions);
    return done({ verdict: 'inconclusive', reason: `${found.refused}; ${leanOf(count, margin)}` }, found.sessions);
  }
  const verdict = verdictOf(published, margin, found.interval, { measure, proxy, over: found.over, acrossSessions: Boolean(found.hull) });
  const leftOut = found.left ? `; ${found.left} of its ${found.sessions.length} sessions made above the machine's ${cores} cores not judged` : '';
  const beside = !count
    ? ''
    : verdict.verdict === 'inconclusive'
      ? `; ${leanOf(count, margin)}`
      : `; beside it, counted work ${two(count.ratio)} (${two(count.low)}–${two(count.high)}), an explanation, not the verdict`;
  return { load, sessions: found.sessions, verdict: { ...verdict, reason: `${verdict.reason}${leftOut}${beside}` } };
}

/**
 * The comparisons of one row: each published figure against ours on each of
 * its runtimes, then ours on the row's other runtimes against its last figure
 * (today's Node against the latest claim). A figure whose runtime is unknown
 * (null) is set against a ratio across runtimes when the row's sides name
 * their runtimes, and has no runtime of ours otherwise.
 * @param {object} row
 * @param {object[]} lines result lines
 * @param {{ basis?: string, windows?: object[] }} [options] windows: the load windows (load.js)
 */
function comparisons(row, lines, { basis = row.ours.basis ?? 'time', windows = [] } = {}) {
  const cores = coresOf(lines);
  const out = [];
  const made = (figure, runtime, ours, extra = {}) => {
    const published = figure ? figureRatio(figure) : null;
    const margin = figure ? marginOf(figure, published) : null;
    const judged = figure
      ? judge(row, published, margin, ours, { basis, windows, cores })
      : { load: null, sessions: [], verdict: { verdict: 'not measured', reason: extra.reason, label: 'not measured' } };
    out.push({ figure, runtime, published, margin, ours, load: judged.load, sessions: judged.sessions, verdict: judged.verdict, ...extra });
  };
  const crossRuntime = Boolean(row.ours.numerator.runtime || row.ours.denominator.runtime);
  const covered = new Set();
  for (const figure of row.figures) {
    for (const runtime of figure.runtimes) {
      const published = figureRatio(figure);
      const margin = marginOf(figure, published);
      const missing = figure.notRun ?? (runtime === null && !crossRuntime ? 'the source does not say which Node it was' : null);
      if (missing) {
        const verdict = { verdict: 'not measured', reason: missing, label: 'not measured' };
        out.push({ figure, runtime, published, margin, ours: { missing }, load: null, sessions: [], verdict });
        continue;
      }
      covered.add(runtime);
      made(figure, runtime, oursOn(lines, row.ours, runtime));
    }
  }
  if (crossRuntime) return out;
  const last = row.figures[row.figures.length - 1];
  for (const runtime of row.ours.runtimes.filter((r) => !covered.has(r))) {
    const ours = oursOn(lines, row.ours, runtime);
    // A row whose source gives no figure is not measured, each runtime a claim of its own.
    if (!last) {
      made(null, runtime, ours, { reason: row.noFigure ? 'no figure of the source is recorded (see the note)' : 'no published figure recorded' });
      continue;
    }
    made(last, runtime, ours, { beside: true });
  }
  return out;
}

module.exports = { comparisons, BASIS_TEXT, timeText, measureText };
