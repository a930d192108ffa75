'use strict';

// The batch driver's time table is the report's generic one: wall time of the
// batch, memory, CPU, GC and the growth exponents against n; with bench
// --measure instructions|both, the counted CPU work per upload and its ratio
// to the baseline's, labelled as what they are: not times; and, where the
// runs recorded it, what the example does when its caller gives up.

// The on-cancel column's meaning, as the table's glossary gives it.
const ON_CANCEL_MEANING =
  "What the example does when its caller gives up mid-upload by its style's own means (an AbortSignal, unsubscribing), observed in each run on a fresh simulated I/O: rolls back, commits anyway, or leaves open (the transaction is neither committed nor rolled back). n/a (no means to cancel): the example offers its caller none, as callbacks and plain promise chains do not. —: not recorded.";

module.exports = function columns({ TIME_COLUMNS, show }) {
  // Only a table with counts shows their columns.
  const counted = (rows) => rows.some((row) => Number.isFinite(row.instructionsPerInvocation));
  return [
    ...TIME_COLUMNS,
    {
      key: 'instructionsPerInvocation',
      title: 'CPU work: instructions/upload',
      when: counted,
      counted: true,
      description:
        'Instructions of one upload, counted by valgrind (cachegrind) in one measured batch (a process running it twice minus one running it once, after the warm-up), under V8 --single-threaded --predictable: the CPU work of a deterministic configuration, not a time; median of the runs, in brackets their spread (max - min) / median.',
      align: 'right',
      format: (value, row) =>
        Number.isFinite(value)
          ? `${show.number(Math.round(value))}${Number.isFinite(row.instructionSpread) ? ` (±${(row.instructionSpread * 50).toFixed(2)}%)` : ''}`
          : show.DASH,
    },
    {
      key: 'instructionRatio',
      title: 'CPU work vs baseline',
      when: counted,
      counted: true,
      description: "Instructions per upload divided by the baseline's (medians): a ratio of counted CPU work, not of time.",
      align: 'right',
      format: (value) => (Number.isFinite(value) ? `${value.toFixed(3)}×` : show.DASH),
    },
    {
      key: 'onCancel',
      title: 'on cancel',
      when: (rows) => rows.some((row) => typeof row.onCancel === 'string'),
      description: ON_CANCEL_MEANING,
      format: (value) => value ?? show.DASH,
    },
  ];
};
