'use strict';

const fs = require('node:fs');
const path = require('node:path');
const spawn = require('../../lib/runner/spawn');
const { environment } = require('../../lib/runner/environment');
const { launch } = require('../../lib/runner/launch');
const { lacking } = require('../../lib/runtimes/syntax');
const { SETTINGS, SETTING_NAMES } = require('./stack-settings');
const { findSourceMaps } = require('./source-maps');
const { CASES, CASE_KEYS } = require('./cases');
const { locateCalls } = require('./locate');
const { shortFile } = require('./stack');
const { grade } = require('./grade');
const { SOURCE_MAP_SETTING, runsSetting, runsWithSourceMaps, sourceMapsOf } = require('./source-map-level');
const { childEnv, runProbeChild, describeRun } = require('./run');
const { prepareRuntimes, runtimeReport } = require('./runtimes');
const { probedProblems } = require('./problems');
const { sourceHashes, probeCodeHash } = require('./sources');

// The debuggability probe. For every example it asks: when the I/O fails, does
// the error reach the caller, and does its stack trace lead a developer to the
// line of the example that made the failing call? Each run (example × failure
// mode × placement × stack setting, and runtime with --runtime) happens in a
// fresh child process (probe-child.js) so that what escapes, hangs or crashes
// is observed as an application would suffer it. The numbers come from pure
// functions beside this file: locating the failing call in the source
// (locate.js), reading a stack (stack.js), grading (grade.js, source-map-level.js).

// Runs task(item) for every item, at most `limit` at a time, keeping order.
async function mapLimit(items, limit, task) {
  const results = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index], index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Probes examples. Missing example files, and examples whose library cannot
 * run here (entry.unavailable), are reported, not fatal. With runtimes, every
 * example is probed under each, as an example of the report of its own
 * (`runtime`: the runtime's spec); a runtime that cannot run the probe's
 * children, or cannot load an example, makes it UNSUPPORTED with the reason,
 * and a setting it cannot apply is not run (n/a).
 * @param {object[]} entries registry entries ({ name, file, call, io, libraries, unavailable? })
 * @param {object} [options]
 * @param {string} [options.problem] a problem with an examples/<problem>/probe.js (default: the first, DoxBee)
 * @param {string[]} [options.settings] names from SETTINGS (default all)
 * @param {string[]} [options.cases] keys from CASES (default all)
 * @param {number} [options.timeoutMs] per child (default 5000)
 * @param {number} [options.concurrency] children at a time (default 2)
 * @param {object[]} [options.runtimes] records of lib/runtimes, or what prepareRuntimes
 *   made of them (default: none, the node running asyncmark)
 * @param {Function} [options.onPlan] called once with how many runs there will be, before the first
 * @param {Function} [options.onRun] called after each run with (entry, run, runtime spec or undefined)
 * @returns {Promise<object>} the report (docs/explanation/debuggability.md, "What is kept")
 */
async function probe(
  entries,
  {
    problem = Object.keys(probedProblems())[0],
    settings = SETTING_NAMES,
    cases = CASE_KEYS,
    timeoutMs = 5000,
    concurrency = 2,
    latency = 'tick',
    runtimes = null,
    onPlan = () => {},
    onRun = () => {},
  } = {},
) {
  const problems = probedProblems();
  const spec = Object.hasOwn(problems, problem) ? problems[problem] : null;
  if (!spec) throw new RangeError(`problem must be one of ${Object.keys(problems).join(', ')}; got ${problem}`);
  for (const s of settings) if (!SETTINGS[s]) throw new RangeError(`setting must be one of ${SETTING_NAMES.join(', ')}; got ${s}`);
  for (const c of cases) if (!CASE_KEYS.includes(c)) throw new RangeError(`case must be one of ${CASE_KEYS.join(', ')}; got ${c}`);
  const chosenCases = CASES.filter((c) => cases.includes(c.key));
  const chosenSettings = SETTING_NAMES.filter((s) => settings.includes(s));
  const given = Array.isArray(runtimes) && runtimes.length > 0;
  const prepared = !given ? null : runtimes.every((r) => r.record) ? runtimes : await prepareRuntimes(runtimes, { settings: chosenSettings });
  // Without runtimes, one pass under the node running asyncmark, as always.
  const targets = prepared ?? [null];
  // How each runtime applies source maps, asked only when a compiled example is probed.
  const mapsOf = new Map();
  if (entries.some((e) => e.transpiled) && chosenSettings.includes(SOURCE_MAP_SETTING)) {
    for (const target of targets) {
      if (target && target.unsupported) continue;
      if (target && !target.sourceMaps) target.sourceMaps = await findSourceMaps(target.record, { env: childEnv() });
      mapsOf.set(target, target ? target.sourceMaps : await findSourceMaps(null, { env: childEnv() }));
    }
  }

  const examples = [];
  const where = [];
  // When each example was probed, with the hashes of its files: what a
  // re-probe that keeps earlier results (bench/docs-pipeline.js) goes by.
  const probedAt = new Date().toISOString();
  for (const entry of entries) {
    for (const target of targets) {
      examples.push(exampleReport(entry, target, spec, probedAt));
      where.push({ entry, target });
    }
  }

  const jobs = [];
  where.forEach(({ entry, target }, index) => {
    if (examples[index].status !== 'probed') return;
    for (const setting of chosenSettings) {
      // A setting the runtime cannot apply is not run: its row reads n/a.
      if (!runsSetting(target, setting)) continue;
      for (const kase of chosenCases) jobs.push({ entry, target, index, setting, kase, maps: null });
    }
    // A compiled example runs its graded cases once more with source maps
    // asked for, where the runtime applies them only when asked.
    const maps = mapsOf.get(target) ?? null;
    if (runsWithSourceMaps(entry, { settings: chosenSettings, target, maps })) {
      for (const kase of chosenCases.filter((c) => c.graded)) jobs.push({ entry, target, index, setting: SOURCE_MAP_SETTING, kase, maps });
    }
  });

  onPlan(jobs.length);
  const stop = () => spawn.killAll();
  process.once('exit', stop);
  try {
    await mapLimit(jobs, concurrency, async ({ entry, target, index, setting, kase, maps }) => {
      const job = {
        file: path.resolve(entry.file),
        call: entry.call,
        io: entry.io,
        problem,
        args: spec.args,
        latency,
        t: 1,
        options: spec.options,
        fault: { op: spec.op, mode: kase.mode, placement: kase.placement },
        libraryLongStacks: SETTINGS[setting].libraryLongStacks,
      };
      // Under a runtime: its binary and flags (lib/runner/launch.js), the
      // setting as it takes it, and the names a load failure is told by.
      if (target) Object.assign(job, { runtime: target.spec, example: entry.name });
      const applied = target ? target.settings[setting] : { execArgv: SETTINGS[setting].execArgv, env: {} };
      const execArgv = maps ? [...applied.execArgv, ...maps.execArgv] : applied.execArgv;
      const started = launch({ execArgv }, target ? target.record : null);
      const raw = await runProbeChild(job, { ...started, env: { ...applied.env, ...(maps ? maps.env : {}) }, timeoutMs });
      // A run with source maps is measured against the file it was compiled from.
      const measured = maps
        ? { file: entry.transpiled.source, ranges: examples[index].original.ranges }
        : { file: entry.file, ranges: examples[index].failingCall.ranges };
      const run = describeRun(raw, { setting, kase, ...measured });
      if (maps) {
        run.sourceMaps = true;
        examples[index].sourceMapRuns.push(run);
      } else {
        examples[index].runs.push(run);
      }
      onRun(entry, run, target ? target.spec : undefined);
    });
  } finally {
    process.removeListener('exit', stop);
  }

  const order = (run) => chosenSettings.indexOf(run.setting) * CASES.length + CASE_KEYS.indexOf(run.case);
  examples.forEach((example, index) => {
    if (example.status !== 'probed') return;
    example.runs.sort((a, b) => order(a) - order(b));
    // Loading is the same in every run: one that could not load the example
    // says the runtime cannot, whatever the others did.
    const refused = example.runs.find((run) => run.outcome === 'unsupported');
    if (refused) {
      example.status = 'unsupported';
      example.gradeReason = refused.detail;
      return;
    }
    const { entry, target } = where[index];
    const notApplied = chosenSettings.filter((s) => !runsSetting(target, s));
    const { grade: value, reason } = grade(example.runs, { notApplied });
    example.grade = value;
    example.gradeReason = reason;
    if (example.sourceMapRuns) example.sourceMapRuns.sort((a, b) => order(a) - order(b));
    example.sourceMaps = sourceMapsOf(example, { entry, settings: chosenSettings, target, maps: mapsOf.get(target) ?? null });
  });

  return {
    problem,
    op: spec.op,
    ...spec.options,
    latency,
    timeoutMs,
    probeCode: probeCodeHash(problem),
    environment: environment(),
    ...(prepared ? { runtimes: prepared.map(runtimeReport) } : {}),
    ...(mapsOf.has(null) ? { sourceMaps: mapsOf.get(null) } : {}),
    settings: chosenSettings.map((name) => ({ name, ...SETTINGS[name] })),
    cases: chosenCases,
    examples,
  };
}

// One example's entry in the report, under one runtime of --runtime or the
// node running asyncmark (target null), before anything has run.
function exampleReport(entry, target, spec, probedAt) {
  const report = {
    name: entry.name,
    ...(target ? { runtime: target.spec } : {}),
    file: shortFile(entry.file),
    sources: sourceHashes(entry),
    probedAt,
    call: entry.call,
    io: entry.io,
    libraries: entry.libraries ?? [],
    status: 'probed',
    failingCall: null,
    grade: null,
    gradeReason: null,
    sourceMaps: null,
    runs: [],
  };
  // A compiled example: the file it was compiled from, its failing call, and
  // its runs with source maps asked for.
  if (entry.transpiled) {
    const { source, from, compiler, target: compiledTo } = entry.transpiled;
    report.transpiled = { from, compiler, target: compiledTo };
    report.original = { file: shortFile(source), ranges: [] };
    report.sourceMapRuns = [];
  }
  if (!fs.existsSync(entry.file)) {
    report.status = 'missing';
    return report;
  }
  // Its library cannot be installed or run here: the reason stands in the row.
  if (entry.unavailable) {
    report.status = 'unavailable';
    report.gradeReason = entry.unavailable;
    return report;
  }
  // The runtime cannot run the probe's children at all, or cannot parse the
  // example (its `needs`; the node running asyncmark when there is no target).
  const unsupported = (target && target.unsupported) || lacking(entry.needs, target ? target.record : null);
  if (unsupported) {
    report.status = 'unsupported';
    report.gradeReason = unsupported;
    return report;
  }
  try {
    report.failingCall = { ranges: locateCalls(fs.readFileSync(entry.file, 'utf8'), spec.op, spec.callSites), error: null };
  } catch (error) {
    report.failingCall = { ranges: [], error: error.message };
  }
  if (entry.transpiled) {
    try {
      report.original.ranges = locateCalls(fs.readFileSync(entry.transpiled.source, 'utf8'), spec.op, spec.callSites);
    } catch (error) {
      report.original.error = error.message;
    }
  }
  return report;
}

module.exports = { probe };
