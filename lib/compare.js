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
function whyNot(cells) {
  if (!cells.old) return 'only in new';
  if (!cells.new) return 'only in old';
  const reasons = [];
  for (const side of SIDES) {
    const cell = cells[side];
    if (cell.okRuns < cell.runs) reasons.push(`${side}: ${failures(cell)}`);
    else if (cell.times.length < 2)
      reasons.push(`${side}: ${cell.times.length} finished ${cell.times.length === 1 ? 'run' : 'runs'}; at least 2 on each side are needed`);
  }
  return reasons.length ? reasons.join('; ') : null;
}

function sideCounts(cell) {
  return cell ? { runs: cell.runs, finished: cell.times.length, statuses: cell.statuses } : null;
}

function comparedRow(cells) {
  const { old: before, new: after } = cells;
  // New over old: above 1 (a positive change) is slower.
  const r = stats.ratio(after.times, before.times);
  return {
    scenario: before.scenario,
    example: before.example,
    params: before.params,
    driver: before.driver,
    metric: drivers[before.driver].time.metric,
    oldRuns: before.times.length,
    newRuns: after.times.length,
    oldMean: before.time.mean,
    newMean: after.time.mean,
    changePercent: (r.ratio - 1) * 100,
    lowPercent: (r.low - 1) * 100,
    highPercent: (r.high - 1) * 100,
    // Not "p": madeup-parallel has a parameter of that name.
    pValue: r.p,
    stars: stats.stars(r.p),
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
function compare(sides) {
  const cells = { old: cellsOf(sides.old.runs), new: cellsOf(sides.new.runs) };
  if (![...cells.old.keys()].some((key) => cells.new.has(key))) {
    throw new CompareInputError('NO_COMMON_CELL', { cells: { old: cells.old.size, new: cells.new.size } });
  }
  const keys = [...new Set([...cells.old.keys(), ...cells.new.keys()])];
  const pairs = order(keys.map((key) => ({ old: cells.old.get(key), new: cells.new.get(key), cell: cells.old.get(key) ?? cells.new.get(key) })));
  const rows = [];
  const notCompared = [];
  for (const pair of pairs) {
    const reason = whyNot(pair);
    if (reason === null) rows.push(comparedRow(pair));
    else {
      const { scenario, example, params } = pair.cell;
      notCompared.push({ scenario, example, params, reason, old: sideCounts(pair.old), new: sideCounts(pair.new) });
    }
  }
  const describe = (side) => ({ source: side.source, env: side.label, runs: side.runs.length });
  return {
    old: describe(sides.old),
    new: describe(sides.new),
    rows,
    notCompared,
    expectedFalsePositives: { comparisons: rows.length, levels: stats.expectedFalsePositives(rows.length) },
  };
}

module.exports = { CompareInputError, SIDES, environments, chooseSides, compare };
