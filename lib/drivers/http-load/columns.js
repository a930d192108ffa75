'use strict';

// The http-load driver's table: the time of the whole load as ab reports it,
// requests/s, latency, and whose CPU it was: on a small machine the server and
// the load generator compete for the same cores.
// The report hands in the parts of its time columns (lib/report/sections/time-columns.js).
module.exports = function columns({ EXAMPLE_COLUMN, timeColumn, show }) {
  const cores = (value) => (Number.isFinite(value) ? value.toFixed(2) : 'n/a');
  return [
    EXAMPLE_COLUMN,
    {
      ...timeColumn('mean'),
      title: 'all requests: mean (95% CI)',
      description:
        'Mean wall time of the timed load, from its first request sent to its last answer received (ab\'s "time taken for tests"), over the runs; in brackets the 95% interval of that mean, on the log scale, so never below zero. Rows are sorted by it.',
    },
    timeColumn('min'),
    {
      ...timeColumn('ratio'),
      description:
        "Mean time of the load divided by the baseline's, with its 95% interval (log scale, Welch degrees of freedom). ≈: not significant (p ≥ 0.05).",
    },
    {
      key: 'requestsPerSec',
      title: 'req/s',
      brief: true,
      description: 'Requests per second, requests × 1000 / the time of the load; median of the runs.',
      align: 'right',
      format: (value) => show.number(value),
    },
    {
      key: 'latencyP50Ms',
      title: 'latency p50 / p99',
      description:
        "Each answer's time from its request sent to its body received, 50th and 99th percentile of the run, median of the runs. n/a for the client problem: its examples are their own load and are timed as a whole.",
      align: 'right',
      format: (value, row) => (Number.isFinite(value) ? `${show.number(value)} / ${show.ms(row.latencyP99Ms)}` : 'n/a'),
    },
    {
      key: 'serverCpuMs',
      title: 'server CPU (cores)',
      description:
        'User + system CPU time of every server process during the load, summed (a cluster: its primary and workers), median of the runs; in brackets that CPU ÷ the time: the cores the server kept busy. n/a where the process table cannot be read (not Linux).',
      align: 'right',
      format: (value, row) => (Number.isFinite(value) ? `${show.ms(value)} (${cores(row.serverCores)})` : 'n/a'),
    },
    {
      key: 'loadCpuMs',
      title: 'load CPU (cores)',
      description:
        "CPU time of the load: autocannon for the server problem, the client example for the client problem; in brackets the cores it kept busy. Server and load cores near the machine's core count mean the machine, not the example, set the pace.",
      align: 'right',
      format: (value, row) => (Number.isFinite(value) ? `${show.ms(value)} (${cores(row.loadCores)})` : show.DASH),
    },
    {
      ...timeColumn('maxRssMB'),
      title: 'peak RSS',
      description:
        'Peak resident memory of the code under test, median of the runs: for a server the sum over all its processes (a cluster is its primary and every worker), for a client its process.',
    },
    timeColumn('statuses'),
  ];
};
