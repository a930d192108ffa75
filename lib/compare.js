'use strict';

const stats = require('./stats');
const { summarize, envKey, fullParamsKey } = require('./summary');
const { sessionShift, relativeToShift } = require('./session-shift');
const show = require('./report/display');

// asyncmark compare: two sets of runs, old and new, cell by cell, the way
// Node core's benchmark/compare.js and compare.R judge two builds of node.
// A cell is a scenario, an example and every parameter; each side is the runs
// of ONE environment (envKey: node version and cpu), so runs of different
// machines or runtimes are never pooled; or, for an A/B session, the runs of
// two examples of one environment. Per cell: the two mean times (the driver's
// time metric, as summarize picks it), the relative change new/old - 1 with its
// 95% interval and p-value, and stars. Two sessions made at different times
// differ by what the machine did too, so a time cell is judged, by default, on
// its ratio to the baseline measured in its own session (the basis, BASES); the
// session-wide shift is estimated and said. Counts are judged as counts. Pure:
// runs and the declarations they are read by in, rows out; the text is
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
// picks it), the counted CPU work per invocation (bench --measure
// instructions|both, lib/runner/count.js), or its mutator's part alone, the
// work outside V8's collections. The mutator's part repeats from run to run
// and across heap histories; the collector's, in the total, does not on
// Node 26 (docs/explanation/counted-work.md), so that a change of 1% in a style's own work
// is seen in the mutator's count and lost in the total's.
const MEASURES = ['time', 'instructions', 'mutator'];
// The measures compared as counts (their spread, no basis), and their metric.
const COUNTED = ['instructions', 'mutator'];
const COUNTED_METRIC = { instructions: 'instructionsPerInvocation', mutator: 'mutatorPerInvocation' };

// What a time cell's change is judged on. baseline: its ratio to the baseline
// example measured in the same session, old against new, which a move of the
// whole machine leaves alone; shift: its change over the shift of its
// scenario and parameters (a loaded machine slows runs of different lengths
// differently, so one shift for every n would misjudge them);
// absolute: the mean times themselves, fair within one interleaved session,
// and holding the machine's moves across two.
const BASES = ['baseline', 'shift', 'absolute'];

// A cell's values of the measure compared: one per finished run.
function valuesOf(cell, measure) {
  if (measure === 'instructions') return cell.instructions ? cell.instructions.values : [];
  if (measure === 'mutator') return cell.mutatorCounts ? cell.mutatorCounts.values : [];
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

// An A/B session: two examples of one file's one environment, run
// interleaved, as two versions of a file of one's own given to bench --add.
function chooseExamples(files, choice) {
  const file = files[0];
  if (files.length !== 1) throw new CompareInputError('AB_TWO_FILES', { source: files[1].name });
  const envs = environments(file.runs);
  if (envs.length !== 1) throw new CompareInputError('AB_ENVS', { source: file.name, labels: envs.map((env) => env.label) });
  const present = [...new Set(file.runs.map((run) => run.example))];
  for (const side of SIDES) {
    const example = choice[`${side}Example`];
    if (!present.includes(example)) throw new CompareInputError('NO_EXAMPLE', { side, text: example, source: file.name, examples: present });
  }
  if (choice.oldExample === choice.newExample) throw new CompareInputError('SAME_EXAMPLE', { side: 'new', text: choice.newExample });
  const sideOfExample = (example) => ({ ...sideOf(file, envs[0]), example, runs: file.runs.filter((run) => run.example === example) });
  return { old: sideOfExample(choice.oldExample), new: sideOfExample(choice.newExample) };
}

/**
 * The old and the new side: the runs of one environment each, or of one example
 * each in one environment (choice.oldExample and choice.newExample, both or neither).
 * @param {Array<{ name: string, runs: object[] }>} files one file holding both sides, or two (old, new)
 * @param {{ old?: string, new?: string, oldExample?: string, newExample?: string }} choice
 *   text each side's environment label contains, or each side's example
 * @returns {{ old: Side, new: Side }} Side: { source, key, label, runs, example? }
 */
function chooseSides(files, choice = {}) {
  if (choice.oldExample !== undefined || choice.newExample !== undefined) return chooseExamples(files, choice);
  if (files.length === 1) return chooseInOne(files[0], choice);
  return { old: chooseIn(files[0], 'old', choice.old), new: chooseIn(files[1], 'new', choice.new) };
}

/** A cell's key within one environment: scenario, example and every parameter. */
function keyOf(scenario, example, params) {
  return [scenario, example, fullParamsKey(params)].join('|');
}

// A side's cells by key; a side of one example (A/B) keys them without it,
// so that the two examples' cells meet.
function cellsOf(side, declarations) {
  return new Map(summarize(side.runs, declarations).cells.map((cell) => [keyOf(cell.scenario, side.example ? '' : cell.example, cell.params), cell]));
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
    else if (measure === 'mutator' && finished === 0)
      reasons.push(`${side}: no counted run with its mutator's part (bench --measure instructions or both, since 2026-11-28)`);
    else if (measure === 'time' && finished < 2)
      reasons.push(`${side}: ${finished} finished ${finished === 1 ? 'run' : 'runs'}; at least 2 on each side are needed`);
  }
  return reasons.length ? reasons.join('; ') : null;
}

function sideCounts(cell) {
  return cell ? { runs: cell.runs, finished: cell.times.length, statuses: cell.statuses } : null;
}

// A count's change new/old with its interval and p-value (stats.ratio: Welch's
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

function countChange(after, before) {
  const spreads = { old: stats.spread(before), new: stats.spread(after) };
  if (after.length < 2 || before.length < 2) {
    const value = stats.mean(after) / stats.mean(before);
    return { ratio: value, low: NaN, high: NaN, p: NaN, stars: '', spreads, note: 'one run on a side: its spread is unknown, so no significance is claimed' };
  }
  const r = stats.ratio(after, before);
  const change = Math.abs(r.ratio - 1);
  const withinSpread = change <= Math.max(spreads.old, spreads.new);
  const withinRepeatability = !withinSpread && change <= COUNT_REPEATABILITY;
  const note = withinSpread ? 'within the spread of the runs' : withinRepeatability ? "within a count's repeatability across sessions (0.1%)" : null;
  return { ...r, stars: note ? '' : stats.stars(r.p), spreads, note };
}

// A time's change new/old on the cell's basis: of the ratios to the baseline
// (stats.ratioChange), over its parameters' shift, or of the times themselves
// (stats.ratio). The baseline's own ratio is 1 on both sides: it is shown, and
// no test.
function timeChange(after, before, judged) {
  if (judged.basis === 'absolute') return stats.ratio(after, before);
  if (judged.basis === 'shift') return relativeToShift(after, before, judged.shift);
  if (judged.isBaseline) return { ratio: NaN, low: NaN, high: NaN, p: NaN };
  return stats.ratioChange(after, judged.base.new, before, judged.base.old);
}

function comparedRow(pair, measure, judged, drivers) {
  const { old: before, new: after } = pair;
  const olds = valuesOf(before, measure);
  const news = valuesOf(after, measure);
  // New over old: above 1 (a positive change) is slower, or more work.
  const counted = COUNTED.includes(measure);
  const r = counted ? countChange(news, olds) : timeChange(news, olds, judged);
  const byBaseline = judged.basis === 'baseline';
  const percent = (ratio) => (ratio - 1) * 100;
  return {
    scenario: before.scenario,
    example: pair.example,
    params: before.params,
    driver: before.driver,
    measure,
    metric: counted ? COUNTED_METRIC[measure] : drivers[before.driver].time.metric,
    basis: judged.basis,
    oldRuns: olds.length,
    newRuns: news.length,
    oldMean: stats.mean(olds),
    newMean: stats.mean(news),
    ...(counted
      ? {
          oldSpreadPercent: r.spreads.old === null ? null : r.spreads.old * 100,
          newSpreadPercent: r.spreads.new === null ? null : r.spreads.new * 100,
        }
      : {
          baseline: byBaseline ? judged.name : null,
          oldRatio: byBaseline ? stats.mean(olds) / stats.mean(judged.base.old) : null,
          newRatio: byBaseline ? stats.mean(news) / stats.mean(judged.base.new) : null,
        }),
    changePercent: percent(r.ratio),
    lowPercent: percent(r.low),
    highPercent: percent(r.high),
    // Not "p": madeup-parallel has a parameter of that name.
    pValue: r.p,
    stars: counted ? r.stars : stats.stars(r.p),
    note: counted ? r.note : judged.isBaseline ? 'the baseline: the ratios are to it' : null,
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

// The sides ran interleaved in one session (an A/B session, or runtimes side
// by side) when they share a session id: the machine moved for both alike.
function oneSession(sides) {
  const olds = new Set(sides.old.runs.map((run) => run.session));
  return sides.new.runs.some((run) => olds.has(run.session));
}

// The cells that share a shift: one scenario at one set of parameters.
function groupOf(cell) {
  return [cell.scenario, fullParamsKey(cell.params)].join('|');
}

// The example a cell's ratios are to: --baseline, or the problem's reference.
function baselineOf(cell, baseline, registries) {
  return baseline ?? registries[cell.problem]?.reference;
}

/**
 * Each compared time cell's basis: the one asked for, except that a cell whose
 * baseline did not run comparably in both sessions, or a shift too few cells
 * estimate, falls back to absolute times with the reason.
 * @returns {{ basis, isBaseline?, base?, fallback?: string }}
 */
function judge(pair, cells, basis, baseline, shifts, registries) {
  if (basis === 'shift') {
    const shift = shifts.get(groupOf(pair.cell));
    if (Number.isNaN(shift.low))
      return { basis: 'absolute', fallback: `${shift.cells} cells at these parameters are too few to estimate their shift (6 are needed)` };
    return { basis, shift };
  }
  if (basis !== 'baseline') return { basis };
  const name = baselineOf(pair.cell, baseline, registries);
  const key = keyOf(pair.cell.scenario, name, pair.cell.params);
  const base = { old: cells.old.get(key), new: cells.new.get(key) };
  const missing = SIDES.filter((side) => !base[side]);
  if (missing.length) return { basis: 'absolute', fallback: `${name} did not run in ${missing.join(' and ')} at these parameters` };
  const reason = whyNot(base, 'time');
  if (reason !== null) return { basis: 'absolute', fallback: `${name} ${reason}` };
  return { basis, name, isBaseline: pair.cell.example === name, base: { old: base.old.times, new: base.new.times } };
}

/**
 * Every cell of the two sides, compared where it can be.
 * @param {{ old: Side, new: Side }} sides see chooseSides
 * @param {{ measure?: string, basis?: string, baseline?: string, drivers: object, registries: object }} options
 *   basis (time only): BASES; default baseline for two sessions, absolute for sides of one session;
 *   baseline: the example of the ratios (default: each problem's reference);
 *   drivers: the drivers' declarations by name (lib/drivers); registries: the problems' by name (examples/index.js)
 * @returns {{ old, new, measure, basis, oneSession, shift, shifts, rows, notCompared, fallbacks, expectedFalsePositives }}
 *   basis: the one asked for or the default ('counts' for instructions); a row's own may be a fallback's
 *   rows: one per cell compared, in order (scenario as first seen, parameters, example), each with its basis;
 *   notCompared: every other cell with its reason (one side only, failed runs, under 2 runs);
 *   shift (time only): sessionShift over the cells compared, null for counts;
 *   shifts (time only): the same per scenario and parameters, { scenario, params, ...sessionShift };
 *   fallbacks: the cells judged on absolute times against the basis asked for, with the reason;
 *   expectedFalsePositives: { measure, comparisons, levels: [{ stars, alpha, expected }] }
 * Throws CompareInputError NO_COMMON_CELL when the sides share no cell at all,
 * NO_BASELINE when the baseline asked for ran on neither side.
 */
function compare(sides, { measure = 'time', basis, baseline, drivers, registries } = {}) {
  const declarations = { drivers, registries };
  const cells = { old: cellsOf(sides.old, declarations), new: cellsOf(sides.new, declarations) };
  if (![...cells.old.keys()].some((key) => cells.new.has(key))) {
    throw new CompareInputError('NO_COMMON_CELL', { cells: { old: cells.old.size, new: cells.new.size } });
  }
  if (baseline !== undefined && !sides.old.runs.concat(sides.new.runs).some((run) => run.example === baseline)) {
    throw new CompareInputError('NO_BASELINE', { text: baseline, examples: [...new Set(sides.old.runs.map((run) => run.example))] });
  }
  const together = oneSession(sides);
  const chosen = COUNTED.includes(measure) ? 'counts' : (basis ?? (together ? 'absolute' : 'baseline'));
  const keys = [...new Set([...cells.old.keys(), ...cells.new.keys()])];
  const example = sides.old.example ? `${sides.old.example} → ${sides.new.example}` : null;
  const pairs = order(
    keys.map((key) => {
      const pair = { old: cells.old.get(key), new: cells.new.get(key), cell: cells.old.get(key) ?? cells.new.get(key) };
      return { ...pair, example: example ?? pair.cell.example };
    }),
  );
  const notCompared = [];
  const comparable = [];
  for (const pair of pairs) {
    const reason = whyNot(pair, measure);
    if (reason === null) comparable.push(pair);
    else {
      const { scenario, params } = pair.cell;
      notCompared.push({ scenario, example: pair.example, params, reason, old: sideCounts(pair.old), new: sideCounts(pair.new) });
    }
  }
  // Counts do not move with the machine's load: no shift is estimated for them.
  const timed = !COUNTED.includes(measure);
  const logChange = (pair) => Math.log(stats.mean(pair.new.times) / stats.mean(pair.old.times));
  const groups = new Map();
  for (const pair of comparable) groups.set(groupOf(pair.cell), [...(groups.get(groupOf(pair.cell)) ?? []), pair]);
  const shifts = new Map([...groups].map(([key, group]) => [key, sessionShift(group.map(logChange))]));
  const fallbacks = [];
  const rows = comparable.map((pair) => {
    const judged = timed ? judge(pair, cells, chosen, baseline, shifts, registries) : { basis: 'counts' };
    if (judged.fallback) fallbacks.push({ scenario: pair.cell.scenario, example: pair.example, params: pair.cell.params, reason: judged.fallback });
    return comparedRow(pair, measure, judged, drivers);
  });
  const describe = (side) => ({ source: side.source, env: side.label, runs: side.runs.length, ...(side.example ? { example: side.example } : {}) });
  // Only a row with a p-value is a test that chance could star.
  const tests = rows.filter((row) => Number.isFinite(row.pValue)).length;
  return {
    old: describe(sides.old),
    new: describe(sides.new),
    measure,
    basis: chosen,
    oneSession: together,
    shift: timed ? sessionShift(comparable.map(logChange)) : null,
    shifts: timed ? [...groups].map(([key, group]) => ({ scenario: group[0].cell.scenario, params: group[0].cell.params, ...shifts.get(key) })) : null,
    rows,
    notCompared,
    fallbacks,
    expectedFalsePositives: { measure, comparisons: tests, levels: stats.expectedFalsePositives(tests) },
  };
}

module.exports = { CompareInputError, SIDES, MEASURES, BASES, environments, chooseSides, compare };
