'use strict';

const stats = require('../stats');
const summary = require('../summary');

// From runs to what a report shows: the environments, one summary per cell
// (environment, scenario, example, parameters) with its growth exponents, and
// the reference cells each scenario's tables are drawn at. Pure. The per-cell
// statistics come from lib/summary.js, so `asyncmark bench` and the reports
// agree on every number.

// The parameter sets people compare against: n=10000, t=1 as in the later
// promise-library benchmarks, where the styles' own costs show, and n=1000,
// t=10 as in the 2013 DoxBee article, where waiting dominates. The first one
// present leads the summary.
const PREFERRED_CELLS = [
  { n: 10000, t: 1 },
  { n: 1000, t: 10 },
];

// The scenario whose tables lead the report and feed the summary table.
const HEADLINE_SCENARIO = 'doxbee-sequential';

const { envKey, paramsKey, fullParamsKey, cellKey } = summary;

function envsOf(runs) {
  const envs = new Map();
  for (const run of runs) {
    const key = envKey(run.env);
    if (!envs.has(key)) {
      const { node, v8, cpu, cpus, memoryGB, platform, arch, release, packages } = run.env;
      envs.set(key, {
        key,
        node: node ?? null,
        v8: v8 ?? null,
        cpu: cpu ?? null,
        cpus: cpus ?? null,
        memoryGB: memoryGB ?? null,
        platform: platform ?? null,
        arch: arch ?? null,
        release: release ?? null,
        packages: packages ?? {},
        versions: new Set(),
        commits: new Set(),
        sessions: new Set(),
        sources: new Set(),
        runs: 0,
        first: null,
        last: null,
      });
    }
    const env = envs.get(key);
    env.runs++;
    if (run.env.asyncmark) env.versions.add(run.env.asyncmark);
    if (run.env.commit) env.commits.add(run.env.commit);
    if (run.session) env.sessions.add(run.session);
    if (run.source) env.sources.add(run.source);
    if (typeof run.time === 'string') {
      if (env.first === null || run.time < env.first) env.first = run.time;
      if (env.last === null || run.time > env.last) env.last = run.time;
    }
  }
  // The environment with the most runs comes first: it is the one the summary uses.
  return [...envs.values()]
    .map((env) => ({
      ...env,
      versions: [...env.versions],
      commits: [...env.commits],
      sessions: [...env.sessions],
      sources: [...env.sources],
    }))
    .sort((a, b) => b.runs - a.runs || a.key.localeCompare(b.key));
}

function interval(values) {
  if (values.length === 0) return null;
  const { mean, low, high } = stats.meanInterval(values);
  return { mean, median: stats.median(values), low, high, min: Math.min(...values), max: Math.max(...values) };
}

/**
 * Summaries of every cell of the runs.
 * @param {object[]} runs lines of results files (see lib/results)
 * @param {{ baseline?: string }} options the example to compare with, where it ran (default: each problem's reference)
 * @returns {{ envs, cells, scenarios }} scenarios: names in order of first appearance
 */
function summarizeRuns(runs, { baseline } = {}) {
  const cells = summary.summarize(runs, { baseline });

  // The memory band of the charts needs the peak RSS of every run, which the
  // shared summary keeps only as a median.
  const rss = new Map();
  for (const run of runs) {
    if (run.status !== 'ok' || !run.metrics || !Number.isFinite(run.metrics.maxRssMB)) continue;
    const id = cellKey(envKey(run.env), run.scenario, run.example, run.params);
    if (!rss.has(id)) rss.set(id, []);
    rss.get(id).push(run.metrics.maxRssMB);
  }

  const growth = new Map();
  for (const g of summary.growth(cells)) {
    growth.set([g.env, g.scenario, g.example, g.params].join('|'), g);
  }

  for (const cell of cells) {
    cell.id = cellKey(cell.env, cell.scenario, cell.example, cell.params);
    cell.memory = interval(rss.get(cell.id) ?? []);
    const g = growth.get([cell.env, cell.scenario, cell.example, paramsKey(cell.params)].join('|'));
    cell.growth = g ? { time: g.timeExponent, cpu: g.cpuExponent, memory: g.memoryExponent, base: g.timeBase, ns: g.ns } : null;
  }

  const scenarios = [];
  for (const run of runs) if (!scenarios.includes(run.scenario)) scenarios.push(run.scenario);
  return { envs: envsOf(runs), cells, scenarios };
}

function matches(params, pattern) {
  return Object.entries(pattern).every(([key, value]) => params[key] === value);
}

/**
 * The parameter sets a scenario's tables are drawn at: those matching the
 * preferred cells, in that order; when none is present, those with the largest
 * n at which every example ran, and those with the largest n of all.
 * @param {object[]} cells the cells of one environment and scenario
 * @returns {object[]} distinct params objects
 */
function referenceParams(cells, preferred = PREFERRED_CELLS) {
  const distinct = new Map();
  for (const cell of cells) distinct.set(fullParamsKey(cell.params), cell.params);
  const all = [...distinct.values()].sort((a, b) => fullParamsKey(a).localeCompare(fullParamsKey(b)));
  const chosen = [];
  for (const pattern of preferred) {
    for (const params of all) if (matches(params, pattern) && !chosen.includes(params)) chosen.push(params);
  }
  if (chosen.length > 0) return chosen;
  // Otherwise the largest n at which every example ran, and the largest n of
  // all when a narrower extra run went further (fib at n=30 for a few examples).
  const examples = (params) => new Set(cells.filter((c) => sameParams(c.params, params)).map((c) => c.example)).size;
  const most = Math.max(...all.map(examples));
  const widest = Math.max(...all.filter((p) => examples(p) === most).map((p) => p.n));
  const largest = Math.max(...all.map((p) => p.n));
  return all.filter((p) => p.n === widest || p.n === largest);
}

function sameParams(a, b) {
  return fullParamsKey(a) === fullParamsKey(b);
}

/** The cells of one environment and scenario at exactly these parameters. */
function cellsAt(cells, { env, scenario, params }) {
  return cells.filter((c) => c.env === env && c.scenario === scenario && sameParams(c.params, params));
}

/**
 * The cell the summary table and the complexity scatter are drawn at: in the
 * environment with the most runs, the headline scenario (or the first one run)
 * at its first reference parameters.
 * @returns {{ env, scenario, params } | null}
 */
function headlineCell({ envs, cells, scenarios }) {
  if (envs.length === 0) return null;
  const env = envs[0].key;
  const inEnv = cells.filter((c) => c.env === env);
  const present = scenarios.filter((s) => inEnv.some((c) => c.scenario === s));
  const scenario = present.includes(HEADLINE_SCENARIO) ? HEADLINE_SCENARIO : present[0];
  const params = referenceParams(inEnv.filter((c) => c.scenario === scenario))[0];
  return { env, scenario, params };
}

module.exports = {
  PREFERRED_CELLS,
  HEADLINE_SCENARIO,
  fullParamsKey,
  summarizeRuns,
  referenceParams,
  sameParams,
  cellsAt,
  headlineCell,
};
