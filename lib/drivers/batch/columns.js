'use strict';

// The batch driver's time table is the report's generic one: wall time of the
// batch, memory, CPU, GC and the growth exponents against n; with bench
// --measure instructions|both, the counted CPU work per upload and its ratio
// to the baseline's, labelled as what they are: not times.
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
        'Instructions of one upload, counted by valgrind (cachegrind) in steady measured batches (a process running warm + counted batches minus one running warm, divided by counted), under V8 --single-threaded --predictable: the CPU work of a deterministic configuration, not a time; median of the runs, in brackets half their spread (max - min) / median.',
      align: 'right',
      format: (value, row) =>
        Number.isFinite(value)
          ? `${show.number(Math.round(value))}${Number.isFinite(row.instructionSpread) ? ` (±${(row.instructionSpread * 50).toFixed(2)}%)` : ''}`
          : show.DASH,
    },
    {
      key: 'estimatedCyclesPerInvocation',
      title: 'CPU work: est. cycles/upload',
      when: counted,
      counted: true,
      description:
        "Cycles of one upload estimated from cachegrind's cache simulation, L1 hits + 5 x last-level hits + 35 x RAM accesses (iai's formula): the work of a deterministic configuration, not a time; median of the runs.",
      align: 'right',
      format: (value) => (Number.isFinite(value) ? show.number(Math.round(value)) : show.DASH),
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
  ];
};
