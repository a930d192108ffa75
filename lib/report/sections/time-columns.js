'use strict';

const show = require('../display');

// The columns of the time tables. The generic set (wall time, memory, CPU, GC,
// growth) is the table of a driver that brings no columns of its own; a
// driver's columns.js (lib/drivers/<name>/columns.js) builds its set from these
// parts, handed to it here, so that the driver need not require the report.

// A figure of a finished cell that no run measured (the runtime cannot, or
// --bare left it out) reads n/a; a cell that did not finish has none: a dash.
function measured(value, row, format) {
  if (Number.isFinite(value)) return format(value);
  return row.mean !== null && row.mean !== undefined ? 'n/a' : show.DASH;
}

// Each column's `description` is its glossary entry and, in the HTML page,
// its header's tooltip. `brief`: one of the columns bench's terminal table
// shows by default (what a person asks first: the example, the ratio to the
// baseline with its interval, memory, the verdicts); --wide and the other
// formats show them all.
const EXAMPLE_COLUMN = {
  key: 'example',
  title: 'example',
  brief: true,
  description: 'The example, a file under examples/<problem>/; "(baseline)" marks the one every ratio is to.',
  format: (value, row) => (row.baseline ? `${value} (baseline)` : value),
};

const TIME_COLUMNS = [
  EXAMPLE_COLUMN,
  {
    key: 'mean',
    title: 'time: mean (95% CI)',
    description:
      'Mean wall time of the finished runs, from starting the n uploads to the last one calling back; in brackets its 95% interval, on the log scale (mean × exp(±t · standard error / mean)), so never below zero. Rows are sorted by it.',
    align: 'right',
    format: (value, row) => (value === null ? show.untimedLabel(row) : `${show.ms(value)} (${show.range(row.low, row.high) || 'n/a'})`),
  },
  {
    key: 'min',
    title: 'min–max ms',
    description: 'The fastest and the slowest finished run.',
    align: 'right',
    format: (value, row) => (value === null ? show.DASH : show.range(row.min, row.max)),
  },
  {
    key: 'ratio',
    title: '× baseline (95% CI)',
    brief: true,
    description:
      "Mean wall time divided by the baseline's, at the same scenario, parameters and environment, with its 95% interval (log scale, Welch degrees of freedom), over the runs of the sessions both ran in. ≈: the interval includes 1, so the difference is not significant (p ≥ 0.05). n/a (not run beside the baseline): the example never ran in a session with the baseline, and two sessions on a shared machine can differ by more than the styles do.",
    align: 'right',
    format: (value, row) => {
      if (row.baseline) return row.mean === null ? show.untimedLabel(row) : '1×';
      if (value === null) return row.mean === null ? show.untimedLabel(row) : row.ratioMissing ? `n/a (${row.ratioMissing})` : show.DASH;
      return show.ratioText({ ratio: value, low: row.ratioLow, high: row.ratioHigh, significant: row.significant });
    },
  },
  {
    key: 'maxRssMB',
    title: 'peak RSS',
    brief: true,
    description:
      'Peak resident memory of the whole child process (Node itself, about 40 MB, included), median of the runs; n/a where the runtime cannot measure it.',
    align: 'right',
    format: (value, row) => measured(value, row, show.mb),
  },
  { key: 'cpuMs', title: 'CPU time', description: 'User + system CPU time of a run, median of the runs.', align: 'right', format: (value) => show.ms(value) },
  {
    key: 'gcMs',
    title: 'GC time (count)',
    description: 'Time spent in garbage collection in a run, and in brackets the number of collections; medians of the runs.',
    align: 'right',
    format: (value, row) => measured(value, row, () => `${show.ms(value)} (${show.number(row.gcCount)})`),
  },
  {
    key: 'growthTime',
    title: 'k time',
    description:
      'Growth exponent of wall time: the slope of log(median wall time) against log(n), other parameters fixed. 1 is linear, 2 quadratic; I/O waits that do not grow with n keep it below 1.',
    align: 'right',
    format: (value) => show.exponent(value),
  },
  {
    key: 'growthCpu',
    title: 'k CPU',
    description: 'Growth exponent of CPU time: the slope of log(median CPU time) against log(n). 1 is linear, 2 quadratic.',
    align: 'right',
    format: (value) => show.exponent(value),
  },
  {
    key: 'growthMemory',
    title: 'k heap',
    description: 'Growth exponent of the heap a batch adds (peak heap minus the heap before it): the slope of log(median) against log(n). 1 is linear.',
    align: 'right',
    format: (value) => show.exponent(value),
  },
  {
    key: 'statuses',
    title: 'failed runs',
    brief: true,
    description:
      'Runs that did not check out, by status: CRASH (the child died), T/O (timed out), OOM (out of memory), DOUBLE (a callback called twice), INVALID (work missing or wrong). Counted, never averaged.',
    format: (value) => value || show.DASH,
  },
];

const timeColumn = (key) => TIME_COLUMNS.find((column) => column.key === key);

// Built once per driver: the columns are the same for every table of it.
const built = new WeakMap();

/** A driver's time table columns: its own (`driver.columns`), else the generic set. */
function columnsOf(driver) {
  if (!driver || !driver.columns) return TIME_COLUMNS;
  if (!built.has(driver)) built.set(driver, driver.columns({ EXAMPLE_COLUMN, TIME_COLUMNS, timeColumn, show }));
  return built.get(driver);
}

module.exports = { EXAMPLE_COLUMN, columnsOf };
