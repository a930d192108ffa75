'use strict';

const show = require('../lib/report/display');

// What bench --precision achieved, as a paragraph at the end of the tables:
// the target, by which measure it was judged, how many cells met it, and
// each cell's half-width (lib/precision.js).

// What a cell's half-width is of, by the session's measure.
const JUDGED_BY = {
  time: "half-width of each cell's 95% interval of the mean time",
  instructions: "half the spread of each cell's counted instructions, (max - min) / 2 / median; counts that repeat meet it after 2 runs",
  both: "each cell's time (half-width of its 95% interval of the mean) and its counted instructions (half their spread, (max - min) / 2 / median) must both meet it",
};

// "42 s", "12 min 5 s"
function duration(ms) {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

// A time's half-width to a tenth of a percent; a count's, which repeats to
// thousandths, to a thousandth.
const percent = (value, digits) => (Number.isFinite(value) ? `±${(value * 100).toFixed(digits)}%` : null);

// A cell's precision as a person reads it: "±2.4% after 31 runs", or with
// counts "time ±2.4%, CPU work ±0.003% after 5 runs".
function halfWidthText(cell, measure) {
  const time = percent(cell.halfWidth, 1) ?? 'no interval';
  const count = percent(cell.countHalfWidth, 3) ?? 'one count or none';
  const width = { time, instructions: `CPU work ${count}`, both: `time ${time}, CPU work ${count}` }[measure];
  const why = cell.status !== 'ok' ? show.statusLabel(cell.status) : 'its counts differ by more than the target; more runs cannot narrow a spread';
  return `${width} after ${cell.runs} runs${cell.settled ? ` (${why}: not tried further)` : ''}`;
}

function cellName(cell) {
  return `${cell.example} (${show.params(cell.params)}${cell.runtime ? `, ${cell.runtime}` : ''})`;
}

/**
 * What --precision achieved, for the end of the tables.
 * @param {{ target, cells, rounds, elapsedMs, stopped, measure? }} precision
 * @param {string} format table | markdown | csv | json
 */
function precisionText(precision, format) {
  const { target, cells, rounds, elapsedMs, stopped, measure = 'time' } = precision;
  const met = cells.filter((cell) => cell.met);
  const unmet = cells.filter((cell) => !cell.met);
  const head = `Precision: target ±${show.number(target * 100)}% (${JUDGED_BY[measure]}); ${met.length} of ${cells.length} cells met it after ${rounds} rounds in ${duration(elapsedMs)}; ${stopped}.`;
  const lines = [head];
  const list = (some) => some.map((cell) => `${cellName(cell)} ${halfWidthText(cell, measure)}`).join('; ');
  if (unmet.length) lines.push(`Not met: ${list(unmet)}.`);
  if (met.length) lines.push(`Met: ${list(met)}.`);
  return format === 'markdown' ? `### Precision\n\n${lines.join('\n\n')}\n` : `${lines.join('\n')}\n`;
}

module.exports = { precisionText };
