'use strict';

const show = require('./display');

// The sentences both report formats share, as plain text (no markup), and the
// environment table. Pure.

const HOW_TO_READ_TIMES = [
  'One table per scenario and reference parameter set; rows are sorted by median time.',
  'time: the median wall time of the runs, with the 95% t-interval of their mean in brackets.',
  'min–max: the fastest and slowest run.',
  '× baseline: the ratio of mean times to the baseline example at the same scenario, parameters and environment, with a 95% interval on the log scale (delta method, Welch–Satterthwaite degrees of freedom); ≈ marks a ratio whose interval includes 1, not significant by the t-test of the log ratio (p ≥ 0.05).',
  'peak RSS, CPU (user + system) and GC (time and count): medians of the runs.',
  'k time, k CPU, k heap: growth exponents across n, the log-log slope of median wall time, of median CPU time and of median peak heap growth against n with the other parameters fixed. For CPU and heap, 1 is linear and 2 quadratic; wall time includes the sequential I/O waits, which do not grow with n, so its slope stays below 1 while they dominate.',
  'A cell that crashed, timed out, ran out of memory, called back twice or did invalid work shows CRASH, T/O, OOM, DOUBLE or INVALID; its failed runs are counted, never averaged, and no run is trimmed.',
];

const SUMMARY_INTRO = 'The three axes side by side, one row per example: complexity from the complexity file, time and peak memory at the cell below, debuggability from the debuggability file. Rows are sorted by time.';

function headlineText(headline) {
  if (!headline) return 'No cell to summarize.';
  return `Time and memory at ${headline.scenario}, ${show.params(headline.params)}, on ${headline.env.label}; baseline ${headline.baseline}.`;
}

function inputText(model) {
  const files = model.inputs.length === 1 ? '1 file' : `${model.inputs.length} files`;
  const envs = model.envs.length === 1 ? '1 environment' : `${model.envs.length} environments`;
  const sessions = model.sessions === 1 ? '1 session' : `${model.sessions} sessions`;
  return `Built from ${model.runs} runs in ${files}, ${sessions}, ${envs}; ${model.cellCount} cells.`;
}

const ENV_COLUMNS = [
  { key: 'id', title: 'env' },
  { key: 'node', title: 'node' },
  { key: 'v8', title: 'V8' },
  { key: 'cpu', title: 'CPU' },
  { key: 'cpus', title: 'cores', align: 'right' },
  { key: 'memoryGB', title: 'memory', align: 'right', format: (value) => (Number.isFinite(value) ? `${value} GB` : show.DASH) },
  { key: 'os', title: 'OS' },
  { key: 'runs', title: 'runs', align: 'right' },
  { key: 'sessionCount', title: 'sessions', align: 'right' },
  { key: 'dates', title: 'dates' },
  { key: 'build', title: 'asyncmark' },
];

function envRows(envs) {
  return envs.map((env) => ({
    ...env,
    os: [env.platform, env.arch, env.release].filter(Boolean).join(' '),
    sessionCount: env.sessions.length,
    dates: env.first ? [env.first.slice(0, 10), env.last.slice(0, 10)].filter((d, i, all) => all.indexOf(d) === i).join(' to ') : show.DASH,
    build: [env.versions.join(', '), env.commits.length ? `commit ${env.commits.join(', ')}` : null].filter(Boolean).join(', ') || show.DASH,
  }));
}

function packagesText(env) {
  const entries = Object.entries(env.packages ?? {});
  if (entries.length === 0) return null;
  return `${env.id} packages: ${entries.map(([name, version]) => `${name} ${version ?? '?'}`).join(', ')}.`;
}

function sectionTitle(section, manyEnvs) {
  return manyEnvs ? `${section.scenario} on ${section.env.id} (${section.env.label})` : section.scenario;
}

module.exports = { HOW_TO_READ_TIMES, SUMMARY_INTRO, headlineText, inputText, ENV_COLUMNS, envRows, packagesText, sectionTitle };
