'use strict';

const { countedColumns } = require('../../report/sections/counted-columns');

// The compute driver's table: time per call, what it costs the rest of the
// program (heartbeat lateness) and whether it used more than one core.
// The report hands in the parts of its time columns (lib/report/sections/time-columns.js).
module.exports = function columns({ EXAMPLE_COLUMN, timeColumn, show }) {
  return [
    EXAMPLE_COLUMN,
    {
      ...timeColumn('mean'),
      title: 'per call: mean (95% CI)',
      description:
        'Mean time of one call, from its start to its result, over the runs (each run repeats the call for minTime ms); in brackets the 95% interval of that mean, on the log scale, so never below zero. Rows are sorted by it.',
    },
    timeColumn('min'),
    {
      ...timeColumn('ratio'),
      description: "Mean time per call divided by the baseline's, with its 95% interval (log scale, Welch degrees of freedom). ≈: not significant (p ≥ 0.05).",
    },
    {
      key: 'opsPerSec',
      title: 'calls/s',
      description: 'Calls per second, 1000 / the mean time per call; median of the runs.',
      align: 'right',
      format: (value) => show.number(value),
    },
    {
      key: 'coresUsed',
      title: 'cores used',
      description:
        '(user + system CPU) / wall time of the measured calls, median of the runs: about 1 for one busy thread, more only when threads computed in parallel, less when the process waited (timers).',
      align: 'right',
      format: (value) => (Number.isFinite(value) ? value.toFixed(2) : show.DASH),
    },
    {
      key: 'latenessP99Ms',
      title: 'heartbeat late p99',
      brief: true,
      description:
        'How late a timer asked to fire every 1 ms fired while the calls ran, 99th percentile, median of the runs: what the computation costs the responsiveness of everything else on the thread.',
      align: 'right',
      format: (value) => show.ms(value),
    },
    {
      key: 'latenessMaxMs',
      title: 'late max',
      description: "The heartbeat's largest lateness, median of the runs.",
      align: 'right',
      format: (value) => show.ms(value),
    },
    timeColumn('maxRssMB'),
    {
      key: 'growthBase',
      title: 'b time',
      description:
        'Base of exponential growth: time per call ∝ bⁿ, fitted to the median times across n. 1.618 (the golden ratio) for the plain recursion, near 1 for linear work (a memo).',
      align: 'right',
      format: (value) => (Number.isFinite(value) ? value.toFixed(3) : show.DASH),
    },
    // bench --measure instructions|both: the counted CPU work per call.
    ...countedColumns(show, 'call', 'rounds'),
    timeColumn('statuses'),
  ];
};
