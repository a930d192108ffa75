'use strict';

const { figureRatio } = require('./figures');
const { verdictOf } = require('./verdict');
const { oursOn } = require('./ours');

// The comparisons of the published figures' page: each published figure of a
// row against our figure on each of its runtimes, with a verdict. Pure.

/**
 * The comparisons of one row: each published figure against ours on each of
 * its runtimes, then ours on the row's other runtimes against its last figure
 * (today's Node against the latest claim). A figure whose runtime is unknown
 * (null) is set against a ratio across runtimes when the row's sides name
 * their runtimes, and has no runtime of ours otherwise.
 */
function comparisons(row, lines, basis = row.ours.basis ?? 'time') {
  // The ratio a verdict is made on: the driver's time, or CPU time (user + system).
  const judged = (ours) => (ours.missing ? null : basis === 'cpu' ? ours.cpu : ours);
  const missingOf = (ours) => ours.missing ?? (basis === 'cpu' && !ours.cpu ? 'its runs record no CPU time' : undefined);
  const crossRuntime = Boolean(row.ours.numerator.runtime || row.ours.denominator.runtime);
  const out = [];
  const covered = new Set();
  for (const figure of row.figures) {
    for (const runtime of figure.runtimes) {
      const published = figureRatio(figure);
      if (figure.notRun) {
        out.push({ figure, runtime, published, ours: { missing: figure.notRun }, verdict: { verdict: 'not measured', reason: figure.notRun } });
        continue;
      }
      if (runtime === null && !crossRuntime) {
        out.push({
          figure,
          runtime: null,
          published,
          ours: { missing: 'the source does not say which Node it was' },
          verdict: { verdict: 'not measured', reason: 'the source does not say which Node it was' },
        });
        continue;
      }
      const ours = oursOn(lines, row.ours, runtime);
      covered.add(runtime);
      out.push({ figure, runtime, published, ours, verdict: verdictOf(published, judged(ours), missingOf(ours)) });
    }
  }
  if (crossRuntime) return out;
  const last = row.figures[row.figures.length - 1];
  for (const runtime of row.ours.runtimes.filter((r) => !covered.has(r))) {
    const ours = oursOn(lines, row.ours, runtime);
    // A row whose source gives no figure is not measured, each runtime a claim of its own.
    if (!last) {
      const reason = row.noFigure ? 'no figure of the source is recorded (see the note)' : 'no published figure recorded';
      out.push({ figure: null, runtime, published: null, ours, verdict: { verdict: 'not measured', reason } });
      continue;
    }
    out.push({ figure: last, runtime, published: figureRatio(last), ours, verdict: verdictOf(figureRatio(last), judged(ours), missingOf(ours)), beside: true });
  }
  return out;
}

module.exports = { comparisons };
