'use strict';

const { fullParamsKey } = require('../../summary');

// Which cells a report draws its tables and charts at: the reference
// parameter sets of each scenario, and the headline cell of the summary. Pure.
// Every number comes from lib/summary.js, the one summary of the runs.

// The parameter sets people compare against: n=10000, t=1 as in the later
// promise-library benchmarks, where the styles' own costs show, and n=1000,
// t=10 as in the 2013 DoxBee article, where waiting dominates. The first one
// present leads the summary.
const PREFERRED_CELLS = [
  { n: 10000, t: 1 },
  { n: 1000, t: 10 },
  // The HTTP server cell of "Is async I/O worth the trouble?" (2019).
  { c: 50, requests: 100 },
];

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
  for (const cell of withoutContext(cells)) distinct.set(fullParamsKey(cell.params), cell.params);
  const all = [...distinct.values()].sort((a, b) => fullParamsKey(a).localeCompare(fullParamsKey(b)));
  // Cells whose CPU work was counted (bench --measure instructions) are drawn
  // too, after the others: their tables and charts set the counts beside the times.
  const counted = all.filter((params) => cells.some((c) => c.instructions && sameParams(c.params, params)));
  const withCounted = (chosen) => [...chosen, ...counted.filter((params) => !chosen.includes(params))];
  const chosen = [];
  for (const pattern of preferred) {
    for (const params of all) if (matches(params, pattern) && !chosen.includes(params)) chosen.push(params);
  }
  // A driver without a size axis (http-load) has no largest n: every cell is a
  // reference, the preferred ones first.
  if (all.some((p) => !('n' in p))) return [...chosen, ...all.filter((p) => !chosen.includes(p))];
  if (chosen.length > 0) return withCounted(chosen);
  // Otherwise the largest n at which every example ran, and the largest n of
  // all when a narrower extra run went further (fib at n=30 for a few examples).
  const examples = (params) => new Set(cells.filter((c) => sameParams(c.params, params)).map((c) => c.example)).size;
  const most = Math.max(...all.map(examples));
  const widest = Math.max(...all.filter((p) => examples(p) === most).map((p) => p.n));
  const largest = Math.max(...all.map((p) => p.n));
  return withCounted(all.filter((p) => p.n === widest || p.n === largest));
}

// Cells run with an async context (batch --context als) have their own
// section (lib/report/sections/context.js); the tables are drawn at the cells without,
// unless there are none.
function withoutContext(cells) {
  const plain = cells.filter((c) => !c.params.context);
  return plain.length ? plain : cells;
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
 * environment with the most runs, the first headline scenario a problem names
 * (`headline` in examples/<problem>/report.js) that ran there, else the first
 * scenario run, at its first reference parameters.
 * @param {{ envs: object[], cells: object[], scenarios: string[] }} summary lib/summary.js's
 * @param {{ hooks: object[] }} declarations each problem's report hooks, [{ problem, ...hooks }]
 *   (lib/problems.js reportHooks, handed in by the entry point)
 * @returns {{ env, scenario, params } | null}
 */
function headlineCell({ envs, cells, scenarios }, { hooks }) {
  if (envs.length === 0) return null;
  const env = envs[0].key;
  const inEnv = cells.filter((c) => c.env === env);
  const present = scenarios.filter((s) => inEnv.some((c) => c.scenario === s));
  const headlines = hooks.flatMap((each) => (each.headline ? [each.headline] : []));
  const scenario = headlines.find((s) => present.includes(s)) ?? present[0];
  const params = referenceParams(inEnv.filter((c) => c.scenario === scenario))[0];
  return { env, scenario, params };
}

module.exports = { referenceParams, sameParams, cellsAt, headlineCell };
