'use strict';

const { figureRatio } = require('./figures');
const { marginOf } = require('./margin');
const { verdictOf } = require('./verdict');
const { oursOn } = require('./ours');
const { loadOf, tooLoaded } = require('./load');

// The comparisons of the published figures' page: each published figure of a
// row against our figure on each of its runtimes, with a verdict. Pure.

// What a row's verdicts are made on (its ours.basis), in words.
const BASIS_TEXT = { time: 'wall time', cpu: 'CPU time', counted: 'counted work' };

// The machine's cores, from the runs' environment.
function coresOf(lines) {
  return lines.find((line) => line.env && line.env.cpus)?.env.cpus ?? null;
}

// Why a counted row has neither a count nor a run: one clause when both say
// "none" of the same side ("x on node@8: no count and no run").
function bothMissing(noCount, noRun) {
  const side = noCount.replace(/: no count$/, '');
  return noRun === `${side}: no run` ? `${side}: no count and no run` : `${noCount}; ${noRun}`;
}

/**
 * The verdict on one figure and one runtime: on counted work when the row's
 * basis is counted (a count does not feel the load), else on the timed ratio
 * its basis names, refused when the runs were made above the load limit.
 */
function judge(row, published, margin, ours, { basis, windows, cores }) {
  const measure = BASIS_TEXT[basis];
  const load = ours.times ? loadOf(ours.times, windows) : null;
  // What differs is said once, above the row's table.
  const annotate = (verdict) => (row.program?.another ? { ...verdict, reason: `another program: ${verdict.reason}` } : verdict);
  const counted = ours.counted ?? { missing: 'no count' };
  if (basis === 'counted' && !counted.missing) return { load, verdict: annotate(verdictOf(published, margin, counted, { measure })) };
  // A runtime that cannot be counted is judged on CPU time, as a cpu row is.
  const onCpu = basis === 'counted' ? { basis: 'cpu', why: `no count (${counted.missing}): on CPU time; ` } : { basis, why: '' };
  const prefix = (verdict) => ({ ...verdict, reason: `${onCpu.why}${verdict.reason}` });
  if (ours.missing)
    return { load, verdict: { verdict: 'not measured', reason: basis === 'counted' ? bothMissing(counted.missing, ours.missing) : ours.missing } };
  const timed = onCpu.basis === 'cpu' ? ours.cpu : ours;
  if (!timed) return { load, verdict: prefix({ verdict: 'not measured', reason: 'its runs record no CPU time' }) };
  const countable = row.about === 'cpu';
  const judgeOn = (figure) => verdictOf(published, margin, figure, { measure: BASIS_TEXT[onCpu.basis], countable });
  // Runs of several sessions: each session judged alone, and one made above the load limit left out.
  const sessions = timed.sessions ?? [];
  if (sessions.length >= 2) {
    const quiet = sessions.filter((s) => !tooLoaded(loadOf(s.times, windows), cores ?? 0));
    const left = sessions.length - quiet.length;
    if (quiet.length === 0) return { load, verdict: prefix({ verdict: 'not judged', reason: tooLoaded(load, cores ?? 0) }) };
    const leftOut = left ? `; ${left} of its ${sessions.length} sessions made above the machine's ${cores} cores not judged` : '';
    const verdict = quiet.length === 1 ? judgeOn(quiet[0]) : acrossSessions(quiet, judgeOn);
    return { load, verdict: annotate(prefix({ ...verdict, reason: `${verdict.reason}${leftOut}` })) };
  }
  const refused = tooLoaded(load, cores ?? 0);
  if (refused) return { load, verdict: prefix({ verdict: 'not judged', reason: refused }) };
  return { load, verdict: annotate(prefix(judgeOn(timed))) };
}

const day = (session) => session.slice(0, 16).replace('T', ' ');

/**
 * The verdict of timed runs made in more than one session: each session's
 * runs judged alone, and the verdict theirs where they agree, else
 * inconclusive. One session's interval holds the variation of its runs, not
 * the machine's from one session to the next, so two quiet sessions can give
 * two verdicts (measured: four of the 2013 article's rows on Node 6 changed
 * verdict between two sessions a day apart). For two sessions or more.
 */
function acrossSessions(sessions, judgeOn) {
  const each = sessions.map((s) => ({ ...judgeOn(s), session: s.session }));
  const verdicts = [...new Set(each.map((v) => v.verdict))];
  const said = each.map((v) => `${day(v.session)}: ${v.verdict}, ${v.reason}`).join('; ');
  if (verdicts.length === 1) return { verdict: verdicts[0], reason: `the same in each of ${each.length} sessions (${said})` };
  return {
    verdict: 'inconclusive',
    reason: `the ${each.length} sessions disagree, so the variation between sessions is larger than one session's interval (${said})`,
  };
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
      : { load: null, verdict: { verdict: 'not measured', reason: extra.reason } };
    out.push({ figure, runtime, published, margin, ours, load: judged.load, verdict: judged.verdict, ...extra });
  };
  const crossRuntime = Boolean(row.ours.numerator.runtime || row.ours.denominator.runtime);
  const covered = new Set();
  for (const figure of row.figures) {
    for (const runtime of figure.runtimes) {
      const published = figureRatio(figure);
      const margin = marginOf(figure, published);
      const missing = figure.notRun ?? (runtime === null && !crossRuntime ? 'the source does not say which Node it was' : null);
      if (missing) {
        out.push({ figure, runtime, published, margin, ours: { missing }, load: null, verdict: { verdict: 'not measured', reason: missing } });
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

module.exports = { comparisons, BASIS_TEXT };
