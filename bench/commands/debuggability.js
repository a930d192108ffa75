'use strict';

const { afterHelp } = require('../help-text');
const { Option } = require('commander');
const problems = require('../../examples');
const fs = require('node:fs');
const { probe } = require('../../metrics/debuggability/probe');
const { splitKept, mergeKept } = require('../../metrics/debuggability/keep');
const { prepareRuntimes } = require('../../metrics/debuggability/runtimes');
const { probedProblems } = require('../../metrics/debuggability/problems');
const { SETTING_NAMES } = require('../../metrics/debuggability/stack-settings');
const { describeForm } = require('../../metrics/debuggability/runtime-check');
const { debuggabilityRows, keptNote } = require('../../lib/report/sections/debuggability-rows');
const { resolveRuntimes } = require('../../lib/runtimes');
const { interruptible } = require('../interrupt');
const { formatRows, FORMATS } = require('../../lib/report/render/rows');
const { UsageError, parseNames, parseNumber, parseChoice, parsePath, shown } = require('../usage');
const { createProgress } = require('../progress');

// `asyncmark debuggability`: when the I/O fails, does the error reach the
// caller, and does its stack trace lead to the failing line? One child process
// per example, failure case and stack setting (and runtime, with --runtime);
// docs/explanation/debuggability.md explains the cells, the grade and the JSON schema.

const CONCURRENCY = 2;
const DEFAULT_TIMEOUT_SECONDS = 5;

function resolveOptions(options) {
  const probed = probedProblems();
  const known = Object.keys(problems).filter((name) => Object.hasOwn(probed, name));
  const problem = parseChoice('--problem', options.problem ?? known[0], known);
  const registry = problems[problem];
  const all = registry.examples.map((e) => e.name);
  const names = options.examples === undefined ? all : [...new Set(parseNames('--examples', options.examples, all))];
  const settings = options.settings === undefined ? SETTING_NAMES : [...new Set(parseNames('--settings', options.settings, SETTING_NAMES))];
  const format = parseChoice('--format', options.format ?? 'table', FORMATS);
  // In seconds, like asyncmark bench --timeout.
  const timeoutMs = 1000 * (options.timeout === undefined ? DEFAULT_TIMEOUT_SECONDS : parseNumber('--timeout', options.timeout, { min: 0.1, max: 600 }));
  return {
    problem,
    entries: registry.examples.filter((e) => names.includes(e.name)),
    settings,
    format,
    timeoutMs,
    keep: options.keep === undefined ? null : readEarlier(options.keep),
  };
}

// The earlier report of --keep: null when there is none yet (the first run of
// an incremental pipeline), refused when the file is not such a report.
function readEarlier(file) {
  parsePath('--keep', file, 'the path of an earlier debuggability --format json report');
  if (!fs.existsSync(file)) return { file, report: null };
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    report = null;
  }
  if (!report || !Array.isArray(report.examples) || !Array.isArray(report.cases)) {
    throw new UsageError(`--keep: ${shown(file)} is not a report of asyncmark debuggability --format json; expected the path of one (or of none yet)`);
  }
  return { file, report };
}

// For people, one cell per case: outcome and line distance; for csv, the two
// as separate fields so that a program need not split them.
// A runtime column only with --runtime, so that the default output stays as it was.
function columnsFor(format, cases, { runtimes = false } = {}) {
  const base = [{ key: 'example', title: 'example' }, ...(runtimes ? [{ key: 'runtime', title: 'runtime' }] : []), { key: 'setting', title: 'setting' }];
  const tail = [
    { key: 'to caller', title: 'to caller', align: 'right' },
    { key: 'grade', title: 'grade', align: 'right' },
    { key: 'source maps', title: 'source maps', align: 'right' },
  ];
  if (format === 'csv') {
    const fields = cases.flatMap((c) => [{ key: `${c.key} outcome` }, { key: `${c.key} distance` }]);
    return [...base, ...fields, ...tail, { key: 'reason', title: 'grade reason' }, { key: 'source maps reason', title: 'source maps reason' }];
  }
  return [...base, ...cases.map((c) => ({ key: c.key, title: c.key })), ...tail];
}

function render(report, format) {
  if (format === 'json') return JSON.stringify(report, null, 2) + '\n';
  const rows = debuggabilityRows(report);
  const runtimes = report.runtimes ?? null;
  const table = formatRows(rows, columnsFor(format, report.cases, { runtimes: Boolean(runtimes) }), format);
  if (format === 'csv') return table;
  // With runtimes an example is in the report once per runtime: named with it.
  const label = new Map((runtimes ?? []).map((r) => [r.spec, r.label]));
  const who = (e) => (e.runtime === undefined ? e.name : `${e.name} under ${label.get(e.runtime)}`);
  const names = (list) => [...new Set(list.map((e) => e.name))];
  const reasons = report.examples
    .filter((e) => e.status === 'probed')
    .map((e) => (e.grade === null ? `  ${who(e)}: ${e.gradeReason}` : `  ${who(e)}: ${e.grade} (${e.gradeReason})`));
  const levels = report.examples
    .filter((e) => e.status === 'probed' && e.sourceMaps)
    .map((e) => `  ${who(e)}: ${e.sourceMaps.level ?? 'no level'} (${e.sourceMaps.reason})`);
  const missing = names(report.examples.filter((e) => e.status === 'missing'));
  const located = names(report.examples.filter((e) => e.failingCall && e.failingCall.ranges.length === 0));
  const unavailable = report.examples.filter((e) => e.status === 'unavailable').filter((e, i, all) => all.findIndex((o) => o.name === e.name) === i);
  const notes = [
    `Failure injected at ${report.op}; cell: outcome, then lines from the nearest frame in the example to the failing call`,
    "(0 = a frame points at the call, - = the example file is not in the trace). to caller: traces that lead back to upload()'s caller.",
    'timer/* cases are not graded: that throw never passes through the example.',
    ...(runtimes ? runtimeNotes(runtimes, report.settings) : []),
    'Grades run from 1 (the example file is never named) to 5 (the failing line is named in every case and setting); higher is better:',
    ...reasons,
    ...(levels.length ? [SOURCE_MAP_LEGEND, ...sourceMapNotes(report), ...levels] : []),
  ];
  if (missing.length) notes.push(`Missing example files (not probed): ${missing.join(', ')}`);
  for (const e of unavailable) notes.push(`${e.name} cannot run here (not probed): ${e.gradeReason}`);
  for (const e of report.examples.filter((e) => e.status === 'unsupported')) notes.push(`${who(e)}: UNSUPPORTED (not probed): ${e.gradeReason}`);
  if (located.length) notes.push(`Failing call not found in the source of: ${located.join(', ')}`);
  const kept = keptNote(report);
  if (kept) notes.push(kept);
  const body = format === 'markdown' ? notes.map((line) => line.replace(/^ {2}/, '- ')).join('\n') : notes.join('\n');
  return `${table}\n${body}\n`;
}

const SOURCE_MAP_LEGEND =
  "Source maps, from Node's default setting run with and without them (docs/explanation/debuggability.md): 5 doesn't need them; 4 has them, needs them sometimes; 3 has them, needs them always; 2 none, needs them sometimes; 1 none but needs them:";

// How source maps were asked for under each runtime (or the node running asyncmark).
function sourceMapNotes(report) {
  const how = (maps) => (maps.always ? 'applied without being asked' : maps.applies ? `asked for as ${describeForm(maps)}` : `n/a (${maps.reason})`);
  if (report.sourceMaps) return [`  source maps: ${how(report.sourceMaps)}`];
  return (report.runtimes ?? []).filter((r) => r.sourceMaps).map((r) => `  source maps under ${r.label}: ${how(r.sourceMaps)}`);
}

// How each runtime was given each stack setting, settings given alike
// together: "bun 1.4.5: none as --no-async-stack-traces ... BUN_JSC_useAsyncStackTrace=0; node, long as ...".
function runtimeNotes(runtimes, settings) {
  const lines = ['Stack settings under each runtime (n/a: the runtime cannot apply it; not run, not graded as if it had):'];
  for (const runtime of runtimes) {
    if (runtime.unsupported) {
      lines.push(`  ${runtime.label}: ${runtime.unsupported}`);
      continue;
    }
    const how = new Map();
    for (const { name } of settings) {
      const applied = runtime.settings[name];
      const text = applied.applies ? `as ${describeForm(applied)}` : `n/a (${applied.reason})`;
      how.set(text, [...(how.get(text) ?? []), name]);
    }
    lines.push(`  ${runtime.label}: ${[...how].map(([text, names]) => `${names.join(', ')} ${text}`).join('; ')}`);
  }
  return lines;
}

async function action(options) {
  const settings = resolveOptions(options);
  const say = (message) => options.quiet || process.stderr.write(`asyncmark: ${message}\n`);
  // Every runtime asked for is installed (or refused, one line, exit 2) before
  // anything runs, then asked how it takes each stack setting.
  const runtimes =
    options.runtime === undefined
      ? null
      : await prepareRuntimes(await resolveRuntimes(options.runtime, { install: true, onProgress: say }), { settings: settings.settings });
  // The progress shows once the probe has planned its runs (what it skips,
  // missing files, settings a runtime cannot apply, is not counted).
  let progress = { tick() {}, stop() {} };
  const label = new Map((runtimes ?? []).map((r) => [r.spec, `${r.label} `]));
  const asked = { problem: settings.problem, settings: settings.settings, timeoutMs: settings.timeoutMs, runtimes };
  // With --keep, what this run asks and runs under (a probe of no example)
  // against the earlier report: only the examples whose results cannot stand are probed.
  let split = { probe: settings.entries, kept: [], reason: null };
  if (settings.keep && settings.keep.report) {
    split = splitKept(settings.keep.report, settings.entries, await probe([], asked));
    const why = split.reason ? `, since ${split.reason}` : '';
    say(`--keep: ${split.kept.length} results kept from ${settings.keep.file}, ${split.probe.length} examples probed${why}`);
  } else if (settings.keep) say(`--keep: ${settings.keep.file} does not exist yet; every example is probed`);
  const fresh = await interruptible(
    () =>
      probe(split.probe, {
        ...asked,
        concurrency: CONCURRENCY,
        onPlan: (total) => {
          progress = createProgress({ total, quiet: options.quiet, unit: 'probes' });
        },
        onRun: (entry, run, runtime) => progress.tick(`${entry.name} ${label.get(runtime) ?? ''}${run.setting} ${run.case}`),
      }),
    { progress: { stop: () => progress.stop() }, note: 'interrupted' },
  );
  const report = settings.keep ? mergeKept(fresh, split.kept, settings.entries) : fresh;
  process.stdout.write(render(report, settings.format));
}

function register(program) {
  program
    .command('debuggability')
    .description('probe, per example, whether an injected I/O failure reaches the caller and whether its stack trace names the failing line')
    .option('-e, --examples <a,b>', 'only these examples (default: every example of the problem)')
    .option('--problem <name>', 'problem whose examples to probe', Object.keys(probedProblems())[0])
    .option('--settings <names>', `comma-separated stack settings: ${SETTING_NAMES.join(', ')} (default: all)`)
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS).default('table'))
    .option('--timeout <seconds>', 'seconds before a probe run that has not finished is killed and reported hung', String(DEFAULT_TIMEOUT_SECONDS))
    .option(
      '--runtime <list>',
      'probe every example under each of these runtimes: node (the one running asyncmark), node@<version>, bun, deno (each optionally @<version>) or a path to a binary; installed on demand into the cache (see asyncmark runtimes); a stack setting a runtime cannot apply reads n/a (default: the node running asyncmark, no runtime column)',
    )
    .option(
      '--keep <file>',
      "an earlier report of this command (--format json): keep its results of every example whose files (their SHA-256 hashes, in the report), runtime version and installed libraries are unchanged, when the probe's own code and settings are too, and probe only the others; the output lists what was kept and when it was probed (a file that does not exist yet keeps nothing)",
    )
    .option('--quiet', 'no progress on stderr')
    .addHelpText(
      'after',
      afterHelp({
        examples: [
          'npx asyncmark debuggability',
          'npx asyncmark debuggability -e promises-native,async-await --settings node',
          'npx asyncmark debuggability --format json > debuggability.json',
        ],
      }),
    )
    .action(action);
}

module.exports = { register, render };
