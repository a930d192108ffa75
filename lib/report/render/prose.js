'use strict';

const show = require('../display');

// The sentences both report formats share, as plain text (no markup), and the
// environment table. Pure.

const HOW_TO_READ_TIMES = [
  'One section per scenario; at each reference parameter set a forest plot and a table, rows sorted by mean wall time.',
  'The forest plot answers "how much slower than the baseline, and how sure are we": one row per example, fastest on top; the point is the ratio of its mean wall time to the baseline\'s, the bar that ratio\'s 95% interval, on a log axis with a rule at 1, the baseline. A hollow point is a difference the t-test of the log ratio does not find significant (p ≥ 0.05).',
  'Under the tables, mean wall time and peak memory against n as small multiples: one panel per style family, every panel on the same axes, the baseline a dashed grey line in the panels of other families. The band is the 95% interval of the mean.',
  'A cell that crashed, timed out, ran out of memory, called back twice or did invalid work shows CRASH, T/O, OOM, DOUBLE or INVALID; its failed runs are counted, never averaged, and no run is trimmed.',
  'Each example has one colour in every chart and table. The columns are explained in the glossary at the end of this section.',
];

const SUMMARY_INTRO =
  "The three axes side by side, one row per example: complexity from the complexity file, time and peak memory at the cell below, debuggability from the debuggability file. The forest plot shows each example's mean time relative to the baseline with its 95% interval; the table's rows are in the same order, by mean time.";

const ENVIRONMENTS_TEXT = 'Runs from different machines or Node versions are never mixed: every table below belongs to one environment.';
// Said only when the report sets runtimes side by side.
const RUNTIMES_EXCEPTION = 'The runtime matrices alone set environments of one machine side by side, each runtime in a column of its own.';

// The heading of the glossary that closes the time and memory section.
const TIME_GLOSSARY_TITLE = 'Columns of the time tables';

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
  { key: 'id', title: 'env', description: "The environment's name in this report: its runtime and version, and its CPU where two differ only there." },
  {
    key: 'runtimeText',
    title: 'runtime',
    description: "The runtime of the runs: node, or what --runtime named (bun, deno, a binary of one's own, a browser with its own version string).",
  },
  { key: 'node', title: 'node', description: 'Node.js version of the runs (the one Bun and Deno emulate; none in a browser).' },
  { key: 'v8', title: 'V8', description: 'V8 version of that Node.js.' },
  { key: 'cpu', title: 'CPU', description: 'CPU model, as the operating system names it.' },
  { key: 'cpus', title: 'cores', align: 'right', description: 'Logical CPU cores.' },
  {
    key: 'memoryGB',
    title: 'memory',
    align: 'right',
    description: 'Total memory of the machine.',
    format: (value) => (Number.isFinite(value) ? `${value} GB` : show.DASH),
  },
  { key: 'os', title: 'OS', description: 'Platform, architecture and kernel release.' },
  { key: 'runs', title: 'runs', align: 'right', description: 'Runs in this environment, finished or not.' },
  { key: 'sessionCount', title: 'sessions', align: 'right', description: 'asyncmark bench sessions the runs came from.' },
  { key: 'dates', title: 'dates', description: 'First and last day of the runs.' },
  { key: 'build', title: 'asyncmark', description: 'asyncmark version and commit that made the runs.' },
];

// "node", "bun 1.4.5", "chromium-worker 156.0.8078.79 (Chrome/156.0.8078.79)".
function runtimeText(runtime) {
  if (!runtime || runtime.name === 'node') return runtime ? `node ${runtime.version}` : 'node';
  return `${runtime.name} ${runtime.version ?? 'not installed'}${runtime.browser ? ` (${runtime.browser})` : ''}`;
}

function envRows(envs) {
  return envs.map((env) => ({
    ...env,
    runtimeText: runtimeText(env.runtime),
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

// What a section is: "doxbee-sequential on node 26".
function sectionTitle(section) {
  return `${section.scenario} on ${section.env.id}`;
}

module.exports = {
  HOW_TO_READ_TIMES,
  SUMMARY_INTRO,
  ENVIRONMENTS_TEXT,
  RUNTIMES_EXCEPTION,
  TIME_GLOSSARY_TITLE,
  headlineText,
  inputText,
  ENV_COLUMNS,
  envRows,
  runtimeText,
  packagesText,
  sectionTitle,
};
