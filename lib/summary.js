'use strict';

const stats = require('./stats');
const { FIRST_DRIVER } = require('./results');
const { hearingOverRuns } = require('./conformance/time-to-hear');
const { floorCellOf, aboveFloor } = require('./above-floor');

// Turns result lines (one per run) into cell summaries: the mean time with its
// 95% interval (on the log scale, so never below zero), median, min and max, medians of memory and CPU, the ratio to
// the baseline measured in the same environment, and how time and memory grow.
// Which number is "the time" is the driver's (batch: the batch's wall time;
// compute: the time per call). Pure: lines and the declarations they are read
// by (the drivers', lib/drivers; the problems' registries, examples/index.js)
// in, plain objects out.

/**
 * The declaration of a line's (or a cell's) driver.
 * @param {Object<string, object>} drivers the drivers' declarations by name (lib/drivers)
 */
function driverOf(line, drivers) {
  // A line of the first format names no driver.
  return drivers[line.driver ?? FIRST_DRIVER];
}

/** An environment's key and label: "v20.20.2 on AMD EPYC". */
// A runtime other than Node is named by itself (bun 1.4.5), Node by its version
// (v26.10.0), as runs made before --runtime existed are.
function envKey(env = {}) {
  const runtime = env.runtime && env.runtime.name !== 'node' ? `${env.runtime.name} ${env.runtime.version}` : (env.node ?? '?');
  return `${runtime} on ${env.cpu ?? '?'}`;
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

/**
 * The ratio of two cells' numbers (a ÷ b), the one ratio of the summary and
 * the report: of their means with its interval when both have two runs or
 * more; of their means, with no interval, when either has one (the same
 * estimate, the ratio of the means the tables show); null when either has none.
 */
function ratioOf(a, b) {
  if (a.length >= 2 && b.length >= 2) return stats.ratio(a, b);
  if (a.length && b.length) return { ratio: stats.mean(a) / stats.mean(b), low: NaN, high: NaN, p: NaN, significant: null };
  return null;
}

function metric(runs, name) {
  return runs.map((r) => r.metrics[name]).filter((v) => typeof v === 'number' && Number.isFinite(v));
}

/**
 * Whether the async context survived, over a cell's finished runs with
 * context (batch --context als): null when none recorded it; else the first
 * loss among them, or 'kept' when every run kept it.
 * @returns {string | null}
 */
function survivalOf(ok) {
  const recorded = ok.map((r) => r.metrics.context).filter((value) => typeof value === 'string');
  if (recorded.length === 0) return null;
  return recorded.find((value) => value !== 'kept') ?? 'kept';
}

/**
 * What the example did when its caller gave up mid-upload, over a cell's
 * finished runs (lib/conformance/cancel.js): null when none recorded it; else
 * the outcome, or every distinct one, joined, where runs disagreed.
 * @returns {string | null}
 */
function onCancelOf(ok) {
  const recorded = [...new Set(ok.map((r) => r.metrics.onCancel).filter((value) => typeof value === 'string'))];
  return recorded.length === 0 ? null : recorded.join(' / ');
}

// A run's CPU time, user and system; NaN where the runtime cannot read it.
function cpuOf(run) {
  const { cpuUserMs, cpuSystemMs } = run.metrics;
  return typeof cpuUserMs === 'number' && typeof cpuSystemMs === 'number' ? cpuUserMs + cpuSystemMs : NaN;
}

// A run counted and not timed: it has a count and no time.
function countedOnly(line, driver) {
  return Number.isFinite(line.metrics.instructionsPerInvocation) && line.metrics[driver.time.metric] === null;
}

// Counted instructions over a cell's runs: median, and the observed spread
// ((max - min) / median), since counts that repeat need no t-interval to be read.
function countsOf(values) {
  if (values.length === 0) return null;
  const median = stats.median(values);
  return {
    median,
    min: Math.min(...values),
    max: Math.max(...values),
    spread: stats.spread(values),
    runs: values.length,
    values,
  };
}

// How far a ratio of two cells' counts is known, relative to it: the sum of
// their half-spreads over runs and of their counts' shares in the collector
// (`shares`), since the collector's part of a count moves with the heap's
// history, which repeated counts of one history do not show (measured, Node
// 26, doxbee n=1000: callbacks-original 20,351 and 23,375 instructions an
// upload after two warm-ups; docs/explanation/counted-work.md); null when neither is known.
function ratioSpread(a, b, shares = []) {
  const halves = [a.spread, b.spread].filter((value) => value !== null).map((value) => value / 2);
  const parts = [...halves, ...shares.filter(Number.isFinite)];
  return parts.length ? parts.reduce((total, value) => total + value, 0) : null;
}

/** One cell's runs summarized. Runs that did not check out are counted, not averaged. */
function summarizeCell(lines, drivers) {
  const first = lines[0];
  const finished = lines.filter((l) => l.status === 'ok' && l.metrics);
  const statuses = {};
  for (const l of lines) statuses[l.status] = (statuses[l.status] ?? 0) + 1;
  const driver = driverOf(first, drivers);
  // Beside timed runs, a run that was only counted (--measure instructions)
  // gives its count and nothing else: its heap and the rest were measured
  // under valgrind and V8's deterministic flags, not as a timed run is.
  const timed = finished.filter((l) => !countedOnly(l, driver));
  const ok = timed.length ? timed : finished;
  const times = metric(ok, driver.time.metric);
  // The same times by the session that made them: a ratio takes the sessions its two sides share.
  const sessionTimes = {};
  for (const run of ok) {
    const value = run.metrics[driver.time.metric];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    (sessionTimes[run.session] ??= []).push(value);
  }
  const interval = times.length ? stats.logMeanInterval(times) : null;
  // null when no run has the number (the run failed, or the runtime cannot measure it).
  const medianOf = (runs, name) => {
    const values = metric(runs, name);
    return values.length ? stats.median(values) : null;
  };
  const med = (name) => medianOf(ok, name);
  // A count's numbers, over every finished run (a counted-only run included);
  // null where no run recorded them (counts made before they were kept).
  const countedMedian = (name) => medianOf(finished, name);
  const failing = lines.find((l) => l.status !== 'ok');
  const cpuTimes = ok.map(cpuOf).filter(Number.isFinite);
  return {
    env: envKey(first.env),
    driver: driver.name,
    scenario: first.scenario,
    problem: first.problem,
    example: first.example,
    params: first.params,
    runs: lines.length,
    okRuns: finished.length,
    status: finished.length === lines.length ? 'ok' : failing ? failing.status : 'ok',
    statuses,
    error: failing ? failing.error : null,
    times,
    sessionTimes,
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
    // Every finished run's CPU time and peak RSS, for ratios of them (the async context's cost).
    cpuTimes,
    memories: metric(ok, 'maxRssMB'),
    maxRssMB: med('maxRssMB'),
    heapPeakMB: med('heapPeakMB'),
    heapBeforeMB: med('heapBeforeMB'),
    // What the batch itself added to the heap at its peak.
    heapGrowthMB: ok.length ? stats.median(ok.map((r) => r.metrics.heapPeakMB - r.metrics.heapBeforeMB)) : null,
    cpuMs: cpuTimes.length ? stats.median(cpuTimes) : null,
    gcMs: med('gcMs'),
    gcCount: med('gcCount'),
    elu: med('elu'),
    latencyP99Ms: med('latencyP99Ms'),
    failed: med('failed'),
    // The driver's own numbers (compute: calls, cores used, heartbeat lateness), as medians.
    extra: Object.fromEntries((driver.extra ?? []).map((key) => [key, med(key)])),
    survival: survivalOf(ok),
    onCancel: onCancelOf(ok),
    // How soon a caller that gives up hears, recorded beside onCancel: the grade and the median times.
    hearing: hearingOverRuns(ok.map((r) => r.metrics.hearing)),
    // bench --measure instructions|both: the CPU work per invocation, counted (lib/runner/count.js).
    instructions: countsOf(metric(finished, 'instructionsPerInvocation')),
    estimatedCycles: countedMedian('estimatedCyclesPerInvocation'),
    // The count's two parts, the mutator's and the collector's work per
    // invocation, as medians (null before they were recorded, 2026-11-28).
    mutator: countedMedian('mutatorPerInvocation'),
    // Each run's mutator part, for compare --measure mutator.
    mutatorCounts: countsOf(metric(finished, 'mutatorPerInvocation')),
    collector: countedMedian('collectorPerInvocation'),
    // The counts' share in V8's garbage collections (null before it was recorded, 2026-11-26).
    inCollector: countedMedian('countedInCollector'),
    // How many collections the collector's mean is over (null before it was recorded, 2026-12-02).
    collections: countedMedian('countedCollections'),
    // The tier a count is of: its settled segments of its counted ones (lib/runner/count.js), as medians.
    settled: countedMedian('settledSegments'),
    segments: countedMedian('countedSegments'),
    baseline: null,
  };
}

/**
 * The example a problem's cells are compared with when no --baseline is given:
 * the problem's registered reference when it ran, else the first example by name.
 */
function defaultBaseline(problem, examples, registries) {
  const reference = registries[problem]?.reference;
  return examples.includes(reference) ? reference : [...examples].sort()[0];
}

/**
 * The ratio of two summarized cells' times (ratioOf, a ÷ b) over the runs of
 * the sessions both ran in; null when they share none (or either has no
 * time). Runs of one session were interleaved; two sessions were not, and on
 * a shared machine they can differ by more than the styles do (measured: the
 * same callbacks-original at n=10000, 184-194 ms on 26 November and 287-447
 * ms on 7 December).
 */
function besideRatio(a, b) {
  const shared = Object.keys(a.sessionTimes).filter((session) => Object.hasOwn(b.sessionTimes, session));
  return ratioOf(
    shared.flatMap((session) => a.sessionTimes[session]),
    shared.flatMap((session) => b.sessionTimes[session]),
  );
}

/**
 * Summaries of every cell (see summarize), each with its ratio to the baseline example of the
 * same environment, scenario and parameters. The baseline is chosen here, when
 * reporting: `baseline` if given and present in the scenario, else the
 * problem's reference. Runs are pooled per environment, and a time ratio
 * takes the runs of the sessions both sides ran in (within one bench session
 * they were interleaved); a cell never timed beside its baseline has no ratio
 * (ratioMissing says why). Where a scenario declares a
 * floor (`floors`) and the lines hold its count, each cell's counted ratio
 * above it too (lib/above-floor.js).
 */
function summarizeCells(lines, { baseline, drivers, registries, floors }) {
  const groups = new Map();
  for (const line of lines) {
    const key = cellKey(envKey(line.env), line.scenario, line.example, line.params);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(line);
  }
  const summaries = [...groups.values()].map((group) => summarizeCell(group, drivers));
  const examplesOf = new Map();
  for (const s of summaries) examplesOf.set(s.scenario, new Set([...(examplesOf.get(s.scenario) ?? []), s.example]));
  const byKey = new Map(summaries.map((s) => [cellKey(s.env, s.scenario, s.example, s.params), s]));
  for (const s of summaries) {
    const present = [...examplesOf.get(s.scenario)];
    s.baseline = baseline !== undefined && present.includes(baseline) ? baseline : defaultBaseline(s.problem, present, registries);
    const base = byKey.get(cellKey(s.env, s.scenario, s.baseline, s.params));
    s.ratio = base ? besideRatio(s, base) : null;
    // Timed, but never in a session with the baseline: a ratio of two sessions would hold the machine's difference between them.
    if (base && !s.ratio && s.times.length && base.times.length) s.ratioMissing = 'not run beside the baseline';
    s.instructionRatio = base && s.instructions && base.instructions ? s.instructions.median / base.instructions.median : null;
    // The baseline's own ratio is 1 exactly.
    s.instructionRatioSpread =
      s.instructionRatio === null || s === base ? null : ratioSpread(s.instructions, base.instructions, [s.inCollector, base.inCollector]);
    Object.assign(s, aboveFloor(s, base ?? null, floorCellOf(s, summaries, floors)));
  }
  return summaries;
}

/**
 * How time and memory grow with n, per environment, scenario, example and the
 * other parameters, by the driver's model: 'power' (batch: y ~ n^k, the
 * log-log slope k across the grid) or 'exponential' (compute: y ~ b^n, the
 * base b; the naive Fibonacci recursion has b = 1.618).
 * @param {Object<string, object>} drivers the drivers' declarations by name (lib/drivers)
 */
function growth(summaries, drivers) {
  const groups = new Map();
  for (const s of summaries) {
    if (!s.time) continue;
    const key = [s.env, s.scenario, s.example, paramsKey(s.params)].join('|');
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(s);
  }
  const result = [];
  for (const group of groups.values()) {
    const first = group[0];
    // A driver without a size axis declares no growth: its cells are compared one by one.
    if (!driverOf(first, drivers).growth) continue;
    const ns = group.map((s) => s.params.n);
    if (new Set(ns).size < 2) continue;
    const model = driverOf(first, drivers).growth.model;
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

function envsOf(runs) {
  const envs = new Map();
  for (const run of runs) {
    const key = envKey(run.env);
    if (!envs.has(key)) {
      const { node, v8, cpu, cpus, memoryGB, platform, arch, release, packages, runtime } = run.env;
      envs.set(key, {
        key,
        // The runtime under --runtime ({ name, version }), null for the node running asyncmark:
        // a label names a Bun or Deno environment by it (lib/report/display.js envLabel).
        runtime: runtime ?? null,
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
  const { mean, low, high } = stats.logMeanInterval(values);
  return { mean, median: stats.median(values), low, high, min: Math.min(...values), max: Math.max(...values) };
}

/**
 * The one summary of a set of runs, for bench's table and for the reports:
 * the environments (most runs first), every cell with its ratio to the
 * baseline, its memory interval and its growth, and the scenarios in order.
 * @param {object[]} runs lines of results files (see lib/results)
 * @param {{ baseline?: string, drivers: object, registries: object, floors?: object }} options baseline: the example
 *   to compare with, where it ran (default: each problem's reference); drivers: the drivers'
 *   declarations by name (lib/drivers); registries: the problems' registries by name (examples/index.js);
 *   floors: the floor each scenario declares, by its name (lib/problems.js floors; none: no ratio above a floor)
 * @returns {{ envs, cells, scenarios }} scenarios: names in order of first appearance
 */
function summarize(runs, { baseline, drivers, registries, floors } = {}) {
  if (!drivers || !registries) throw new TypeError("summarize: the drivers' declarations and the problems' registries are needed");
  const cells = summarizeCells(runs, { baseline, drivers, registries, floors });

  const fits = new Map();
  for (const g of growth(cells, drivers)) {
    fits.set([g.env, g.scenario, g.example, g.params].join('|'), g);
  }

  for (const cell of cells) {
    cell.id = cellKey(cell.env, cell.scenario, cell.example, cell.params);
    // The memory band of the charts: the interval of every run's peak RSS.
    cell.memory = interval(cell.memories);
    const g = fits.get([cell.env, cell.scenario, cell.example, paramsKey(cell.params)].join('|'));
    cell.growth = g ? { time: g.timeExponent, cpu: g.cpuExponent, memory: g.memoryExponent, base: g.timeBase, ns: g.ns } : null;
  }

  const scenarios = [];
  for (const run of runs) if (!scenarios.includes(run.scenario)) scenarios.push(run.scenario);
  return { envs: envsOf(runs), cells, scenarios };
}

module.exports = { driverOf, envKey, paramsKey, fullParamsKey, cellKey, ratioOf, besideRatio, summarize, growth };
