'use strict';

const stats = require('./stats');
const drivers = require('./drivers');
const problems = require('../examples');

// Turns result lines (one per run) into cell summaries: the mean time with its
// 95% t-interval, median, min and max, medians of memory and CPU, the ratio to
// the baseline measured in the same environment, and how time and memory grow.
// Which number is "the time" is the driver's (batch: the batch's wall time;
// compute: the time per call). Pure: lines in, plain objects out.

function driverOf(line) {
  return drivers[line.driver ?? 'batch'];
}

function envKey(env = {}) {
  return `${env.node ?? '?'} on ${env.cpu ?? '?'}`;
}

function paramsKey(params) {
  return Object.keys(params)
    .filter((k) => k !== 'n')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join(',');
}

/** Every parameter, n included, in one stable string. */
function fullParamsKey(params) {
  return `n=${params.n}|${paramsKey(params)}`;
}

/** The one key of a cell: environment (envKey), scenario, example and every parameter. */
function cellKey(env, scenario, example, params) {
  return [env, scenario, example, fullParamsKey(params)].join('|');
}

function metric(runs, name) {
  return runs.map((r) => r.metrics[name]).filter((v) => typeof v === 'number' && Number.isFinite(v));
}

/** One cell's runs summarized. Runs that did not check out are counted, not averaged. */
function summarizeCell(lines) {
  const first = lines[0];
  const ok = lines.filter((l) => l.status === 'ok' && l.metrics);
  const statuses = {};
  for (const l of lines) statuses[l.status] = (statuses[l.status] ?? 0) + 1;
  const driver = driverOf(first);
  const times = metric(ok, driver.time.metric);
  const interval = times.length ? stats.meanInterval(times) : null;
  const med = (name) => (ok.length ? stats.median(metric(ok, name)) : null);
  const failing = lines.find((l) => l.status !== 'ok');
  return {
    env: envKey(first.env),
    driver: driver.name,
    scenario: first.scenario,
    problem: first.problem,
    example: first.example,
    params: first.params,
    runs: lines.length,
    okRuns: ok.length,
    status: ok.length === lines.length ? 'ok' : failing ? failing.status : 'ok',
    statuses,
    error: failing ? failing.error : null,
    times,
    time: times.length
      ? {
          median: stats.median(times),
          min: Math.min(...times),
          max: Math.max(...times),
          mean: interval.mean,
          low: interval.low,
          high: interval.high,
          relative: interval.relative,
        }
      : null,
    maxRssMB: med('maxRssMB'),
    heapPeakMB: med('heapPeakMB'),
    heapBeforeMB: med('heapBeforeMB'),
    // What the batch itself added to the heap at its peak.
    heapGrowthMB: ok.length ? stats.median(ok.map((r) => r.metrics.heapPeakMB - r.metrics.heapBeforeMB)) : null,
    cpuMs: ok.length ? stats.median(ok.map((r) => r.metrics.cpuUserMs + r.metrics.cpuSystemMs)) : null,
    gcMs: med('gcMs'),
    gcCount: med('gcCount'),
    elu: med('elu'),
    latencyP99Ms: med('latencyP99Ms'),
    failed: med('failed'),
    // The driver's own numbers (compute: calls, cores used, heartbeat lateness), as medians.
    extra: Object.fromEntries((driver.extra ?? []).map((key) => [key, med(key)])),
    baseline: null,
  };
}

/**
 * The example a problem's cells are compared with when no --baseline is given:
 * the problem's registered reference when it ran, else the first example by name.
 */
function defaultBaseline(problem, examples) {
  const reference = problems[problem]?.reference;
  return examples.includes(reference) ? reference : [...examples].sort()[0];
}

/**
 * Summaries of every cell, each with its ratio to the baseline example of the
 * same environment, scenario and parameters. The baseline is chosen here, when
 * reporting: `baseline` if given and present in the scenario, else the
 * problem's reference. Runs are pooled per environment: within one bench
 * session they were interleaved with the baseline's; runs merged from several
 * sessions on the same machine are pooled too.
 */
function summarize(lines, { baseline } = {}) {
  const groups = new Map();
  for (const line of lines) {
    const key = cellKey(envKey(line.env), line.scenario, line.example, line.params);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(line);
  }
  const summaries = [...groups.values()].map(summarizeCell);
  const examplesOf = new Map();
  for (const s of summaries) examplesOf.set(s.scenario, new Set([...(examplesOf.get(s.scenario) ?? []), s.example]));
  const byKey = new Map(summaries.map((s) => [cellKey(s.env, s.scenario, s.example, s.params), s]));
  for (const s of summaries) {
    const present = [...examplesOf.get(s.scenario)];
    s.baseline = baseline !== undefined && present.includes(baseline) ? baseline : defaultBaseline(s.problem, present);
    const base = byKey.get(cellKey(s.env, s.scenario, s.baseline, s.params));
    s.ratio = null;
    if (base && base.times.length >= 2 && s.times.length >= 2) s.ratio = stats.ratio(s.times, base.times);
    else if (base && base.time && s.time) s.ratio = { ratio: s.time.median / base.time.median, low: NaN, high: NaN, p: NaN, significant: null };
  }
  return summaries;
}

/**
 * How time and memory grow with n, per environment, scenario, example and the
 * other parameters, by the driver's model: 'power' (batch: y ~ n^k, the
 * log-log slope k across the grid) or 'exponential' (compute: y ~ b^n, the
 * base b; the naive Fibonacci recursion has b = 1.618).
 */
function growth(summaries) {
  const groups = new Map();
  for (const s of summaries) {
    if (!s.time) continue;
    const key = [s.env, s.scenario, s.example, paramsKey(s.params)].join('|');
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(s);
  }
  const result = [];
  for (const group of groups.values()) {
    const ns = group.map((s) => s.params.n);
    if (new Set(ns).size < 2) continue;
    const first = group[0];
    const model = drivers[first.driver].growth.model;
    const base = {
      env: first.env,
      scenario: first.scenario,
      example: first.example,
      params: paramsKey(first.params),
      ns: [...ns].sort((a, b) => a - b),
      model,
    };
    if (model === 'exponential') {
      result.push({
        ...base,
        timeBase: stats.growthBase(
          ns,
          group.map((s) => s.time.median),
        ),
      });
      continue;
    }
    result.push({
      ...base,
      timeExponent: stats.growthExponent(
        ns,
        group.map((s) => s.time.median),
      ),
      // Wall time has a floor of sequential I/O waits that does not grow with n,
      // which pulls its slope below 1 at small n; CPU time has no such floor.
      cpuExponent: group.every((s) => s.cpuMs > 0)
        ? stats.growthExponent(
            ns,
            group.map((s) => s.cpuMs),
          )
        : NaN,
      // Of the heap the batch added: the baseline heap would flatten the slope.
      memoryExponent: group.every((s) => s.heapGrowthMB > 0)
        ? stats.growthExponent(
            ns,
            group.map((s) => s.heapGrowthMB),
          )
        : NaN,
    });
  }
  return result;
}

module.exports = { envKey, paramsKey, fullParamsKey, cellKey, summarizeCell, summarize, growth, defaultBaseline };
