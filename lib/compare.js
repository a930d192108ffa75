'use strict';

const stats = require('./stats');
const drivers = require('./drivers');
const { summarize, envKey, fullParamsKey } = require('./summary');
const show = require('./report/display');

// asyncmark compare: two sets of runs, old and new, cell by cell, the way
// Node core's benchmark/compare.js and compare.R judge two builds of node.
// A cell is a scenario, an example and every parameter; each side is the runs
// of ONE environment (envKey: node version and cpu), so runs of different
// machines or runtimes are never pooled. Per cell: the two mean times (the
// driver's time metric, as summarize picks it), the relative change new/old - 1
// with its 95% interval and p-value from stats.ratio (log ratio of the means,
// Welch's degrees of freedom), and stars. Pure: runs in, rows out; the text is
// lib/report/render/comparison.js's.

/** Bad input found while choosing or matching the sides; the command turns `code` into one line. */
class CompareInputError extends Error {
  constructor(code, details) {
    super(code);
    this.name = 'CompareInputError';
    this.code = code;
    Object.assign(this, details);
  }
}

const SIDES = ['old', 'new'];

// What a comparison can be of: the driver's time (its metric, as summarize
// picks it), or the counted CPU work per invocation (bench --measure
// instructions|both, lib/runner/count.js), which repeats from run to run.
const MEASURES = ['time', 'instructions'];

// A cell's values of the measure compared: one per finished run.
function valuesOf(cell, measure) {
  if (measure === 'instructions') return cell.instructions ? cell.instructions.values : [];
  return cell.times;
}

/** The environments of a file's runs, in the order they first appear: { key, label, runs }. */
function environments(runs) {
  const found = new Map();
  for (const run of runs) {
    const key = envKey(run.env);
    if (!found.has(key)) found.set(key, { key, label: show.envLabel(run.env), runs: 0 });
    found.get(key).runs++;
  }
  return [...found.values()];
}

/** The one environment whose label contains `text` (ignoring case), or a CompareInputError. */
function pick(file, side, text, envs) {
  const needle = String(text).toLowerCase();
  const found = envs.filter((env) => env.label.toLowerCase().includes(needle));
  const details = { side, text, source: file.name };
  if (found.length === 0) throw new CompareInputError('NO_MATCH', { ...details, labels: envs.map((env) => env.label) });
  if (found.length > 1) throw new CompareInputError('MANY_MATCHES', { ...details, labels: found.map((env) => env.label) });
  return found[0];
}

function sideOf(file, env) {
  return { source: file.name, key: env.key, label: env.label, runs: file.runs.filter((run) => envKey(run.env) === env.key) };
}

// Two files: old from the first, new from the second; a file holding several
// environments needs --old or --new to say which.
function chooseIn(file, side, text) {
  const envs = environments(file.runs);
  if (text !== undefined) return sideOf(file, pick(file, side, text, envs));
  if (envs.length > 1) throw new CompareInputError('NEEDS_CHOICE', { side, source: file.name, labels: envs.map((env) => env.label) });
  return sideOf(file, envs[0]);
}

// One file: its two environments in the order their runs first appear (the
// session run first is old), or those --old and --new name; when only one is
// named, the other side is the one left.
function chooseInOne(file, choice) {
  const envs = environments(file.runs);
  const labels = envs.map((env) => env.label);
  const named = SIDES.filter((side) => choice[side] !== undefined);
  if (envs.length < 2 || (named.length === 0 && envs.length !== 2)) {
    throw new CompareInputError('NOT_TWO_ENVS', { source: file.name, labels });
  }
  if (named.length === 0) return { old: sideOf(file, envs[0]), new: sideOf(file, envs[1]) };
  const chosen = {};
  for (const side of named) chosen[side] = pick(file, side, choice[side], envs);
  if (named.length === 2 && chosen.old.key === chosen.new.key) {
    throw new CompareInputError('SAME_ENV', { side: 'new', text: choice.new, source: file.name, label: chosen.new.label });
  }
  for (const side of SIDES.filter((s) => !named.includes(s))) {
    const rest = envs.filter((env) => env.key !== chosen[named[0]].key);
    if (rest.length !== 1) throw new CompareInputError('NEEDS_CHOICE', { side, source: file.name, labels: rest.map((env) => env.label) });
    chosen[side] = rest[0];
  }
  return { old: sideOf(file, chosen.old), new: sideOf(file, chosen.new) };
}

/**
 * The old and the new side: the runs of one environment each.
 * @param {Array<{ name: string, runs: object[] }>} files one file holding both sides, or two (old, new)
 * @param {{ old?: string, new?: string }} choice text each side's environment label contains
 * @returns {{ old: Side, new: Side }} Side: { source, key, label, runs }
 */
function chooseSides(files, choice = {}) {
  if (files.length === 1) return chooseInOne(files[0], choice);
  return { old: chooseIn(files[0], 'old', choice.old), new: chooseIn(files[1], 'new', choice.new) };
}

/** A cell's key within one environment: scenario, example and every parameter. */
function keyOf(cell) {
  return [cell.scenario, cell.example, fullParamsKey(cell.params)].join('|');
}

function cellsOf(runs) {
  return new Map(summarize(runs).cells.map((cell) => [keyOf(cell), cell]));
}

// "1 of 3 runs CRASH (child exited with code 1)", "1 CRASH, 2 T/O of 5 runs (...)"
function failures(cell) {
  const failed = Object.entries(cell.statuses).filter(([status]) => status !== 'ok');
  const what =
    failed.length === 1
      ? `${failed[0][1]} of ${cell.runs} runs ${show.statusLabel(failed[0][0])}`
      : `${failed.map(([status, count]) => `${count} ${show.statusLabel(status)}`).join(', ')} of ${cell.runs} runs`;
  return cell.error ? `${what} (${cell.error})` : what;
}

/** Why a cell cannot be compared, or null when it can. */
function whyNot(cells, measure) {
  if (!cells.old) return 'only in new';
  if (!cells.new) return 'only in old';
  const reasons = [];
  for (const side of SIDES) {
    const cell = cells[side];
    const finished = valuesOf(cell, measure).length;
    if (cell.okRuns < cell.runs) reasons.push(`${side}: ${failures(cell)}`);
    else if (measure === 'instructions' && finished === 0) reasons.push(`${side}: no counted run (bench --measure instructions or both)`);
    else if (measure === 'time' && finished < 2)
      reasons.push(`${side}: ${finished} finished ${finished === 1 ? 'run' : 'runs'}; at least 2 on each side are needed`);
  }
  return reasons.length ? reasons.join('; ') : null;
}

function sideCounts(cell) {
  return cell ? { runs: cell.runs, finished: cell.times.length, statuses: cell.statuses } : null;
}

// The change new/old with its interval and p-value (stats.ratio: Welch's
// t-test on the log ratio of the means). Counts repeat, so a side of one
// counted run still gives a change, but no interval, p-value or stars: one run
// shows no spread, and none is assumed. And a counted change within the
// spread observed on either side is never starred, however small its p-value:
// runs that repeat closely give a tiny standard error, and a difference
// inside the runs' own spread is not a change of the work. Nor is one within
// a count's repeatability across sessions, COUNT_REPEATABILITY: the runs of
// one session can agree to the instruction and still differ from another
// session's (measured, doxbee n=1000 on Node 20: two sessions of one file,
// two runs each, 0.000% apart within each and 0.003% apart, p = 0.008).
const COUNT_REPEATABILITY = 0.001;

function changeOf(after, before, measure) {
  const spreads = { old: stats.spread(before), new: stats.spread(after) };
  if (after.length < 2 || before.length < 2) {
    const value = stats.mean(after) / stats.mean(before);
    return { ratio: value, low: NaN, high: NaN, p: NaN, stars: '', spreads, note: 'one run on a side: its spread is unknown, so no significance is claimed' };
  }
  const r = stats.ratio(after, before);
  const change = Math.abs(r.ratio - 1);
  const withinSpread = measure === 'instructions' && change <= Math.max(spreads.old, spreads.new);
  const withinRepeatability = measure === 'instructions' && !withinSpread && change <= COUNT_REPEATABILITY;
  const note = withinSpread ? 'within the spread of the runs' : withinRepeatability ? "within a count's repeatability across sessions (0.1%)" : null;
  return { ...r, stars: note ? '' : stats.stars(r.p), spreads, note };
}

function comparedRow(cells, measure) {
  const { old: before, new: after } = cells;
  const olds = valuesOf(before, measure);
  const news = valuesOf(after, measure);
  // New over old: above 1 (a positive change) is slower, or more work.
  const r = changeOf(news, olds, measure);
  const driver = drivers[before.driver];
  return {
    scenario: before.scenario,
    example: before.example,
    params: before.params,
    driver: before.driver,
    measure,
    metric: measure === 'instructions' ? 'instructionsPerInvocation' : driver.time.metric,
    oldRuns: olds.length,
    newRuns: news.length,
    oldMean: stats.mean(olds),
    newMean: stats.mean(news),
    oldSpreadPercent: r.spreads.old === null ? null : r.spreads.old * 100,
    newSpreadPercent: r.spreads.new === null ? null : r.spreads.new * 100,
    changePercent: (r.ratio - 1) * 100,
    lowPercent: (r.low - 1) * 100,
    highPercent: (r.high - 1) * 100,
    // Not "p": madeup-parallel has a parameter of that name.
    pValue: r.p,
    stars: r.stars,
    note: r.note,
  };
}

function order(pairs) {
  const scenarios = [...new Set(pairs.map((pair) => pair.cell.scenario))];
  return [...pairs].sort(
    (a, b) =>
      scenarios.indexOf(a.cell.scenario) - scenarios.indexOf(b.cell.scenario) ||
      show.byParams(a.cell.params, b.cell.params) ||
      a.cell.example.localeCompare(b.cell.example),
  );
}

/**
 * Every cell of the two sides, compared where it can be.
 * @param {{ old: Side, new: Side }} sides see chooseSides
 * @returns {{ old, new, rows, notCompared, expectedFalsePositives }}
 *   rows: one per cell compared, in order (scenario as first seen, parameters, example);
 *   notCompared: every other cell with its reason (one side only, failed runs, under 2 runs);
 *   expectedFalsePositives: { comparisons, levels: [{ stars, alpha, expected }] }
 * Throws CompareInputError NO_COMMON_CELL when the sides share no cell at all.
 */
function compare(sides, { measure = 'time' } = {}) {
  const cells = { old: cellsOf(sides.old.runs), new: cellsOf(sides.new.runs) };
  if (![...cells.old.keys()].some((key) => cells.new.has(key))) {
    throw new CompareInputError('NO_COMMON_CELL', { cells: { old: cells.old.size, new: cells.new.size } });
  }
  const keys = [...new Set([...cells.old.keys(), ...cells.new.keys()])];
  const pairs = order(keys.map((key) => ({ old: cells.old.get(key), new: cells.new.get(key), cell: cells.old.get(key) ?? cells.new.get(key) })));
  const rows = [];
  const notCompared = [];
  for (const pair of pairs) {
    const reason = whyNot(pair, measure);
    if (reason === null) rows.push(comparedRow(pair, measure));
    else {
      const { scenario, example, params } = pair.cell;
      notCompared.push({ scenario, example, params, reason, old: sideCounts(pair.old), new: sideCounts(pair.new) });
    }
  }
  const describe = (side) => ({ source: side.source, env: side.label, runs: side.runs.length });
  return {
    old: describe(sides.old),
    new: describe(sides.new),
    measure,
    rows,
    notCompared,
    // Only a row with a p-value is a test that chance could star.
    expectedFalsePositives: (() => {
      const tests = rows.filter((row) => Number.isFinite(row.pValue)).length;
      return { comparisons: tests, levels: stats.expectedFalsePositives(tests) };
    })(),
  };
}

module.exports = { CompareInputError, SIDES, MEASURES, environments, chooseSides, compare };
