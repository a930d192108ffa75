'use strict';

const { afterHelp } = require('../help-text');
const { Option } = require('commander');
const fs = require('node:fs');
const { UsageError, Failed, refuse, parseChoice } = require('../usage');
const { parseResults, dropDuplicates, runKey } = require('../../lib/results');
const drivers = require('../../lib/drivers');
const registries = require('../../examples');
const { FORMATS } = require('../../lib/report/render/rows');
const { chooseSides, compare, MEASURES, BASES } = require('../../lib/compare');
const { renderComparison } = require('../../lib/report/render/comparison');

// asyncmark compare OLD NEW, or asyncmark compare FILE: two sets of runs, cell
// by cell, as Node core's benchmark/compare.js does (lib/compare.js computes
// and renders). This file is the edge: it reads the results files, turns bad
// input into one line and exit code 2, and prints. A comparison that ran exits
// 0, whatever it found.

function readRuns(parameter, file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    throw refuse(parameter, file, 'an existing results file (JSON lines from asyncmark bench)');
  }
  if (!stat.isFile()) throw refuse(parameter, file, `a regular results file (it is ${stat.isDirectory() ? 'a folder' : 'a pipe, device or socket'})`);
  const { runs, skipped } = parseResults(fs.readFileSync(file, 'utf8'), file, { drivers });
  const first = skipped[0];
  const why = first ? ` (line ${first.line}: ${first.reason}${skipped.length > 1 ? `, and ${skipped.length - 1} more lines` : ''})` : '';
  if (runs.length === 0) throw refuse(parameter, file, `a results file with at least one usable run${why}`);
  // Lines that are not runs are never dropped quietly.
  if (skipped.length) process.stderr.write(`asyncmark: warning: ${file}: ${skipped.length} ${skipped.length === 1 ? 'line' : 'lines'} not read${why}\n`);
  // A run in the file twice counts once, as asyncmark report counts it.
  const unique = dropDuplicates(runs);
  if (unique.dropped)
    process.stderr.write(`asyncmark: warning: ${file}: ${unique.dropped} ${unique.dropped === 1 ? 'run is' : 'runs are'} in it twice; each is counted once\n`);
  return { name: file, runs: unique.runs };
}

function choiceOf(options) {
  const choice = {};
  for (const side of ['old', 'new']) {
    if (options[side] === undefined) continue;
    if (String(options[side]).trim() === '') throw refuse(`--${side}`, options[side], 'text found in an environment label, e.g. v22');
    choice[side] = options[side];
  }
  // An A/B session: the two examples, both named or neither.
  const examples = { oldExample: '--old-example', newExample: '--new-example' };
  const named = Object.keys(examples).filter((key) => options[key] !== undefined);
  if (named.length === 1) {
    const missing = Object.keys(examples).find((key) => !named.includes(key));
    throw new UsageError(`${examples[missing]}: not given; expected it beside ${examples[named[0]]}, the two examples of an A/B session`);
  }
  if (named.length === 2 && (choice.old !== undefined || choice.new !== undefined)) {
    throw refuse(
      choice.old !== undefined ? '--old' : '--new',
      choice.old ?? choice.new,
      'nothing beside --old-example and --new-example, whose sides are two examples of one environment',
    );
  }
  for (const key of named) choice[key] = options[key];
  return choice;
}

// What each time cell is judged on: --basis, which counts and an A/B
// session's two examples (run interleaved, so judged on their times) do not take.
function basisOf(options, measure, choice) {
  if (options.basis === undefined) return undefined;
  const basis = parseChoice('--basis', options.basis, BASES);
  if (measure !== 'time') throw refuse('--basis', basis, `nothing with --measure ${measure}: counts are judged as counts, against their spread`);
  if (choice.oldExample !== undefined && basis !== 'absolute') {
    throw refuse(
      '--basis',
      basis,
      'absolute or nothing with --old-example and --new-example: two examples run interleaved in one session are judged on their times',
    );
  }
  return basis;
}

const list = (labels) => labels.join('; ');

// What a CompareInputError means on this command line.
function usageError(error, names) {
  const { side, text, source, labels } = error;
  switch (error.code) {
    case 'NOT_TWO_ENVS':
      return labels.length < 2
        ? refuse(names.file, source, `a results file holding two environments (it holds one: ${list(labels)}), or two files: asyncmark compare OLD NEW`)
        : refuse(
            names.file,
            source,
            `a results file holding exactly two environments, or --old and --new to choose two of its ${labels.length}: ${list(labels)}`,
          );
    case 'NO_MATCH':
      return refuse(`--${side}`, text, `text found in the label of one environment of ${source}: ${list(labels)}`);
    case 'MANY_MATCHES':
      return refuse(`--${side}`, text, `text found in the label of exactly one environment of ${source}; it is in ${labels.length}: ${list(labels)}`);
    case 'SAME_ENV':
      return refuse(`--${side}`, text, `an environment other than the one --old chose (${error.label})`);
    case 'NEEDS_CHOICE':
      return new UsageError(`--${side}: not given; expected text that names one of these environments of ${source}: ${list(labels)}`);
    case 'NO_BASELINE':
      return refuse('--baseline', text, `an example that ran on either side: ${list(error.examples)}`);
    case 'NO_EXAMPLE':
      return refuse(`--${side}-example`, text, `an example that ran in ${source}: ${list(error.examples)}`);
    case 'SAME_EXAMPLE':
      return refuse('--new-example', text, 'an example other than --old-example');
    case 'AB_TWO_FILES':
      return refuse(names.new, names.newFile, 'nothing with --old-example and --new-example: an A/B session is one file');
    case 'AB_ENVS':
      return refuse(names.file, source, `a results file of one environment with --old-example and --new-example; it holds ${labels.length}: ${list(labels)}`);
    case 'NO_COMMON_CELL':
      return names.new
        ? refuse(
            names.new,
            names.newFile,
            `runs of at least one cell (scenario, example, parameters) that ${names.old} has too; it has ${error.cells.new} cells, ${names.old} ${error.cells.old}, none in common`,
          )
        : refuse(
            names.file,
            names.oldFile,
            `two environments that share at least one cell (scenario, example, parameters); old has ${error.cells.old} cells, new ${error.cells.new}, none in common`,
          );
    default:
      return error;
  }
}

/**
 * Runs on both sides (compare f f, or a file and its copy) would compare a
 * run with itself and show no change as if it had been measured: sides that
 * are the same runs are refused, and a few runs shared are said.
 */
function sameRuns(sides, names) {
  const oldKeys = new Set(sides.old.runs.map(runKey));
  const shared = sides.new.runs.filter((run) => oldKeys.has(runKey(run))).length;
  if (shared === 0) return;
  const what = names.new ? `${names.old} and ${names.new}` : `${names.file}'s two sides`;
  if (shared === oldKeys.size && shared === sides.new.runs.length) {
    throw new UsageError(
      `${what}: both sides are the same ${shared} runs (same session, scenario, example, parameters, run and runtime); expected two different sets of runs, e.g. two sessions`,
    );
  }
  process.stderr.write(`asyncmark: warning: ${what}: ${shared} runs are on both sides; a run compared with itself shows no change\n`);
}

function action(oldFile, newFile, options) {
  const format = parseChoice('--format', options.format, FORMATS);
  const measure = parseChoice('--measure', options.measure, MEASURES);
  const choice = choiceOf(options);
  const basis = basisOf(options, measure, choice);
  const names = newFile === undefined ? { file: 'FILE', oldFile } : { old: 'OLD', new: 'NEW', oldFile, newFile };
  const files = newFile === undefined ? [readRuns('FILE', oldFile)] : [readRuns('OLD', oldFile), readRuns('NEW', newFile)];
  let sides;
  try {
    sides = chooseSides(files, choice);
  } catch (error) {
    throw usageError(error, names);
  }
  sameRuns(sides, names);
  let result;
  try {
    result = compare(sides, { measure, basis, baseline: options.baseline, drivers, registries });
  } catch (error) {
    throw usageError(error, names);
  }
  process.stdout.write(renderComparison(result, format, { drivers }));
  // A comparison that compared no cell answered nothing: said in one line, exit code 1.
  if (result.rows.length === 0) {
    const why = 'nothing was compared: no cell could be (each is listed with the reason)';
    process.stderr.write(`asyncmark: ${why}\n`);
    throw new Failed(why);
  }
}

function register(program) {
  program
    .command('compare')
    .description('compare two sets of runs cell by cell: relative change of the mean time, its 95% interval, p-value and significance stars')
    .argument(
      '<old>',
      'results file of the old side (JSON lines from asyncmark bench); alone, a file holding both sides: two environments, or two examples named',
    )
    .argument('[new]', 'results file of the new side')
    .option('--old <text>', 'the environment of the old side: text its label contains, e.g. v22 (needed where a file holds several)')
    .option('--new <text>', 'the environment of the new side: text its label contains, e.g. v26')
    .option(
      '--measure <measure>',
      `what is compared: ${MEASURES.join(', ')} (instructions: the counted CPU work per invocation of bench --measure instructions|both; mutator: its part outside V8's collections)`,
      'time',
    )
    .option(
      '--basis <basis>',
      `what a time cell's change is judged on: ${BASES.join(', ')} (default: baseline for two sessions, absolute for sides run interleaved in one session)`,
    )
    .option('--baseline <name>', "with --basis baseline: the example the ratios are to (default: the problem's reference, callbacks-original for doxbee)")
    .option('--old-example <name>', 'an A/B session: the example of the old side, e.g. the old version of a file given to bench --add')
    .option('--new-example <name>', 'an A/B session: the example of the new side')
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS).default('table'))
    .addHelpText(
      'after',
      afterHelp({
        examples: [
          'npx asyncmark compare before.jsonl after.jsonl',
          'npx asyncmark compare both.jsonl --old v22 --new v26',
          'npx asyncmark compare ab.jsonl --old-example v1 --new-example v2',
        ],
        long: `
A side is the runs of one environment, as asyncmark report labels it: "node
v22.12.0 on AMD EPYC 7B13" (the Node version and the cpu); runs of different
environments are never pooled. --old and --new match text anywhere in that
label, ignoring case. Given one file, the two sides are its two environments,
old the one whose runs come first in the file, or those --old and --new name
(naming one, the other is the one left). Given two files, old is the first,
new the second, each holding one environment or naming one with --old / --new.

An A/B session: --old-example and --new-example name two examples of one
file of one environment, run interleaved in one session (bench --add
v1.js,v2.js), and each cell of the one is compared with the same cell of the
other.

A cell is a scenario, an example and every parameter; cells present on both
sides with at least 2 finished runs each are compared: the mean of the
driver's time (below), the change new/old - 1 (+ slower, - faster) with its 95%
interval, its p-value and stars: * p < 0.05, ** p < 0.01, *** p < 0.001.

Two sessions made at different times differ by what the machine did too. A
line at the top gives the session shift, the median change over all cells
with its 95% interval (sign test), and says when it is significant. --basis
says what each cell's change is judged on:
  baseline  (default: two sessions) the example's ratio to the baseline
            measured in its own session, old against new, which a move of the
            whole session leaves alone; a cell whose baseline did not run on
            both sides falls back to absolute, with a line that says so
  shift     the change over the session shift: a change every cell shares,
            the code's or the machine's, is not seen
  absolute  the mean times themselves (Welch's t-test on the log ratio of the
            means); the default for sides run interleaved in one session (an
            A/B session, or runtimes side by side), where the machine moved
            for both alike
The line under the table says, for the measure compared, how many of its
cells were tests and how many stars chance alone would give. Cells on one side
only, with failed runs (CRASH, T/O, OOM, DOUBLE, INVALID, UNAVAILABLE) or
under 2 runs are listed below it with the reason. csv has one row per cell,
compared or not; json the rows, the cells not compared and the false
positives to expect. Exit code 0 when a cell was compared, 1 when none
could be, 2 on bad input.

--measure instructions compares the CPU work counted by bench --measure
instructions or both (instructions per invocation under valgrind, V8
--single-threaded --predictable: a deterministic configuration, not a time).
Counts repeat closely, so a cell with one counted run on a side is compared
too, but with no interval, p-value or stars: one run shows no spread, and none
is assumed. Each side's spread, (max - min) / median of its runs, is shown,
and a change within either side's spread is never starred. Counts of two
machines may stand side by side only for one architecture and one runtime
build (docs/explanation/counted-work.md).

--measure mutator compares the count's mutator part alone, its instructions
outside V8's collections, judged as a count. It repeats across heap
histories, while the collector's part of a total does not on Node 26: a
change of about 1% in a style's own work is seen there and lost in the total.

Each driver's time:
${Object.values(drivers)
  .map((driver) => `  ${driver.name.padEnd(10)} ${driver.time.title}`)
  .join('\n')}

Examples:
  asyncmark compare before.jsonl after.jsonl
  asyncmark bench --out both.jsonl      # once under Node 22, once under Node 26
  asyncmark compare both.jsonl
  asyncmark compare both.jsonl --old v26 --new v22
  asyncmark compare laptop.jsonl ci.jsonl --new v24 --format csv > change.csv
  asyncmark compare before.jsonl after.jsonl --format markdown
  asyncmark compare before.jsonl after.jsonl --measure instructions
  asyncmark compare ab.jsonl --old-example v1 --new-example v2 --measure mutator
  asyncmark compare before.jsonl after.jsonl --basis absolute
  asyncmark bench --add v1.js,v2.js --io promises --examples callbacks-original --out ab.jsonl
  asyncmark compare ab.jsonl --old-example v1 --new-example v2
`,
      }),
    )
    .action(action);
}

module.exports = { register };
