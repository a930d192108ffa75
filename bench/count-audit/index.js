#!/usr/bin/env node
'use strict';

// `npm run count-audit -- --examples a,b,c --runtime node,node@24`: each
// example of a batch scenario (the report's headline one unless --scenario
// names another) counted two ways under each runtime, side by side:
// - the tool's figure, `asyncmark bench --scenario S --measure instructions
//   --runs 1` at --n (its mutator and collector per invocation);
// - the audit's, harness.js under valgrind's callgrind: --batches batches of
//   --n invocations in one child, a file per batch, the last --counted
//   batches per invocation (the collector's part read from the same files).
// Each is summed up by the tool's rule (the least batch's mutator work and
// the collector's mean) and by the plain mean, recompilations included, the
// audit's mean with its two halves (table.js). Then each example's ratio to
// the first one (the baseline) both ways, and each pair more than 5% apart
// flagged: such a ratio is not one figure, and is printed as the range of
// the two. With --states the audit counts each example twice, its upload
// function made once and made per batch as the tool makes it, and each
// ratio's range over the three counts is printed too: which functions V8
// optimises, and how, follows the process's history, and these are two of
// the steady states it reaches (docs/explanation/counted-work.md). The tool
// is run one example at a time: one valgrind at a time. With --floor, the floor the scenario
// declares (doxbee-sequential's: the instrument problem's timer-floor, its
// path as bare timers) is counted both ways too,
// and each ratio is also given above that floor: the style's own work.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { parseArgs } = require('node:util');
const { spawnSync } = require('node:child_process');
const problems = require('../../examples');
const scenarios = require('../scenarios');
const drivers = require('../../lib/drivers');
const { MODELS_BY_PROBLEM } = require('../../lib/fakes');
const { floors, reportHooks } = require('../../lib/problems');
const { resolveRuntimes } = require('../../lib/runtimes');
const { findValgrind, roundsFor } = require('../../lib/runner/count-plan');
const { readCounts } = require('../../lib/runner/callgrind-files');
const { steadyCount } = require('../../lib/runner/steady-count');
const { V8_FLAGS } = require('../../lib/runner/count');
const { UsageError, refuse } = require('../usage');
const { auditTable } = require('./table');

const CLI = path.join(__dirname, '..', 'cli.js');
const HARNESS = path.join(__dirname, 'harness.js');
// V8's flags of a count (lib/runner/count.js), the audit's too: they are
// the configuration counted, not the harness. Without the last two
// (--minimal-flags), incremental marking and the memory reducer are paced
// by the clock: under valgrind, measured on Node 24, an audit's marking ran
// in steps outside the collections (counted as the mutator's work) and took
// promises-native's batches from 35 to 120-167 thousand instructions an upload.
const MINIMAL_FLAGS = ['--single-threaded', '--predictable'];

// The scenario the report leads with, the default one to audit.
const HEADLINE = reportHooks().find((hook) => hook.headline)?.headline;

function parseOptions(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        scenario: { type: 'string', default: HEADLINE },
        examples: { type: 'string' },
        runtime: { type: 'string', default: 'node' },
        n: { type: 'string', default: '1000' },
        batches: { type: 'string', default: '60' },
        counted: { type: 'string', default: '40' },
        'per-batch': { type: 'boolean', default: false },
        states: { type: 'boolean', default: false },
        'minimal-flags': { type: 'boolean', default: false },
        floor: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError(
      `${error.message}; expected --scenario, --examples, --runtime, --n, --batches, --counted, --per-batch, --states, --minimal-flags, --floor`,
    );
  }
  const scenario = scenarios[values.scenario];
  const batchScenarios = Object.values(scenarios).filter((s) => MODELS_BY_PROBLEM[s.problem] && drivers[s.driver].counted);
  if (!batchScenarios.includes(scenario))
    throw refuse('--scenario', values.scenario, `a counted scenario of a problem run against lib/fakes: ${batchScenarios.map((s) => s.name).join(', ')}`);
  const registry = problems[scenario.problem];
  const examples =
    values.examples === undefined ? registry.examples.slice(0, 3).map((entry) => entry.name) : values.examples.split(',').map((name) => name.trim());
  for (const name of examples) {
    if (!registry.examples.some((entry) => entry.name === name)) throw refuse('--examples', name, `names of ${scenario.problem} examples (asyncmark list)`);
  }
  const integer = (name, min) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < min) throw refuse(`--${name}`, values[name], `an integer of ${min} or more`);
    return value;
  };
  const batches = integer('batches', 2);
  const counted = integer('counted', 1);
  if (counted >= batches) throw refuse('--counted', values.counted, `fewer than --batches (${batches})`);
  const floor = values.floor ? floorOf(scenario) : null;
  if (values.floor && !floor) throw refuse('--floor', 'given', `a scenario that declares a floor; ${scenario.name} declares none`);
  return {
    scenario,
    examples,
    runtime: values.runtime,
    n: integer('n', 1),
    batches,
    counted,
    perBatch: values['per-batch'],
    states: values.states,
    flags: values['minimal-flags'] ? MINIMAL_FLAGS : V8_FLAGS,
    floor,
  };
}

// The floor the scenario declares (lib/problems.js floors): { scenario, example }, or null.
function floorOf(scenario) {
  const declared = floors()[scenario.name];
  return declared ? { scenario: scenarios[declared.scenario], example: declared.example } : null;
}

// The simulated I/O's options exactly as the batch child passes them to a
// counted run (lib/drivers/batch/child.js ioOptions): the scenario's
// parameters, each list's first value, and its fixed options.
function ioOptions(scenario) {
  const first = (value) => (Array.isArray(value) ? value[0] : value);
  const { latency, t, dt, e, seed, p, context } = Object.fromEntries(Object.entries(scenario.params).map(([key, value]) => [key, first(value)]));
  return { latency, t, dt, e, seed, p, ...scenario.childOptions, trace: false, context: context === 'als', virtualTime: true };
}

// The tool's figure of every example of a scenario under one runtime, per
// upload: its headline (total, mutator, collector), and the mean of every
// counted segment's whole count (from the segments its results line keeps).
// One bench a example, so that one valgrind runs at a time.
function toolCounts(settings, runtime, dir, { scenario = settings.scenario, examples = settings.examples } = {}) {
  const counts = {};
  for (const example of examples) Object.assign(counts, toolCount(settings, runtime, dir, scenario, example));
  return counts;
}

function toolCount(settings, runtime, dir, scenario, example) {
  const out = path.join(dir, `tool-${scenario.name}-${runtime.spec}-${example}.jsonl`);
  const args = ['bench', '--scenario', scenario.name, '--n', String(settings.n), '--measure', 'instructions', '--runs', '1'];
  args.push('--examples', example, '--runtime', runtime.spec, '--out', out, '--quiet', '--format', 'json');
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`asyncmark ${args.join(' ')}: exit ${result.status}: ${result.stderr.trim().split('\n').pop()}`);
  const lines = fs
    .readFileSync(out, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  return Object.fromEntries(lines.filter((line) => line.status === 'ok').map(({ example: name, metrics }) => [name, toolFigures(metrics, settings.n)]));
}

// A results line's count per invocation, both ways.
function toolFigures(metrics, n) {
  const segments = metrics.countedSegmentMutator.map((mutator, i) => mutator + metrics.countedSegmentCollector[i]);
  return {
    total: metrics.instructionsPerInvocation,
    mutator: metrics.mutatorPerInvocation,
    collector: metrics.collectorPerInvocation,
    compiler: metrics.countedInCompiler * metrics.instructionsPerInvocation,
    mean: segments.reduce((sum, value) => sum + value, 0) / segments.length / n,
  };
}

// The audit's figures of one example under one runtime, per upload, from
// the last `counted` batches' files (auditFigures).
function auditCount(settings, runtime, entry, dir, scenario = settings.scenario) {
  const valgrind = findValgrind();
  const out = path.join(dir, `audit-${runtime.spec}-${entry.name}${settings.perBatch ? '-per-batch' : ''}.out`);
  const model = MODELS_BY_PROBLEM[scenario.problem];
  const calls = Array.from({ length: settings.n }, (_, i) => model.invocationArgs(i));
  const job = { file: entry.file, io: entry.io, call: entry.call, problem: scenario.problem, options: ioOptions(scenario), calls };
  Object.assign(job, { batches: settings.batches, perBatch: settings.perBatch });
  const args = ['-q', '--tool=callgrind', '--dump-before=uv_loadavg', '--compress-strings=no', '--compress-pos=no', `--callgrind-out-file=${out}`];
  const result = spawnSync(valgrind, [...args, runtime.path, ...settings.flags, HARNESS, JSON.stringify(job)], { encoding: 'utf8' });
  if (result.status !== 0) {
    const lines = result.stderr.trim().split('\n');
    const why = lines.find((line) => /error/i.test(line)) ?? lines.pop();
    throw new Error(`the audit of ${entry.name} under ${runtime.spec}: exit ${result.status}: ${why}`);
  }
  // out.1 is everything before the first batch; out.(b+2) batch b; out, the exit.
  const files = Array.from({ length: settings.counted }, (_, i) => readCounts(`${out}.${settings.batches - settings.counted + i + 2}`));
  return auditFigures(files, settings.n);
}

/**
 * The audit's figures per invocation from its counted batches' counts
 * (readCounts): by the tool's rule (steadyCount, its batches grouped as the
 * tool groups its rounds; nothing falls between two of the audit's files, so
 * there is no gap to attribute), and the plain mean with its two halves.
 */
function auditFigures(files, n) {
  const none = { inCollections: 0, collections: 0 };
  const steady = steadyCount({ windows: files, gaps: files.map(() => none) }, Math.min(roundsFor(n).segment, files.length));
  const mean = (list, pick) => list.reduce((sum, counts) => sum + pick(counts), 0) / list.length / n;
  const half = Math.floor(files.length / 2);
  return {
    total: steady.instructions / n,
    mutator: steady.mutator / n,
    collector: steady.collector / n,
    compiler: mean(files, (c) => c.inCompiler),
    mean: mean(files, (c) => c.Ir),
    halves: half > 0 ? [mean(files.slice(0, half), (c) => c.Ir), mean(files.slice(half), (c) => c.Ir)] : null,
  };
}

async function main(argv) {
  let settings;
  let runtimes;
  try {
    settings = parseOptions(argv);
    const notNode = settings.runtime.split(',').find((spec) => !/^node(@|$)/.test(spec.trim()));
    if (notNode) throw refuse('--runtime', notNode, 'Node runtimes (node, node@<version>)');
    if (!findValgrind()) throw new UsageError('valgrind not found on PATH; install it (Debian/Ubuntu: apt-get install valgrind)');
    runtimes = await resolveRuntimes(settings.runtime, { install: true, onProgress: (message) => process.stderr.write(`count-audit: ${message}\n`) });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`count-audit: ${error.message}\n`);
    return 2;
  }
  const entries = settings.examples.map((name) => problems[settings.scenario.problem].examples.find((entry) => entry.name === name));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-count-audit-'));
  try {
    for (const runtime of runtimes) {
      process.stderr.write(`count-audit: ${runtime.spec} (node ${runtime.version}): the tool's counts\n`);
      const tool = toolCounts(settings, runtime, dir);
      const audit = {};
      // With --states, the audit made once and made per batch: two of the steady states a process reaches.
      const perBatch = settings.states ? {} : null;
      for (const entry of entries) {
        process.stderr.write(`count-audit: ${runtime.spec}: the audit of ${entry.name}\n`);
        audit[entry.name] = auditCount({ ...settings, perBatch: settings.perBatch && !settings.states }, runtime, entry, dir);
        if (perBatch) perBatch[entry.name] = auditCount({ ...settings, perBatch: true }, runtime, entry, dir);
      }
      let floor = null;
      if (settings.floor) {
        const { scenario, example } = settings.floor;
        process.stderr.write(`count-audit: ${runtime.spec}: the floor (${example}), both ways\n`);
        const entry = problems[scenario.problem].examples.find((e) => e.name === example);
        const [toolFloor] = Object.values(toolCounts(settings, runtime, dir, { scenario, examples: [example] }));
        floor = { name: example, tool: toolFloor, audit: auditCount(settings, runtime, entry, dir, scenario) };
      }
      const table = auditTable({ runtime: `${runtime.spec} (node ${runtime.version})`, settings, examples: settings.examples, tool, audit, floor, perBatch });
      process.stdout.write(`${table}\n`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error) => {
      process.stderr.write(`count-audit: ${error.message}\n`);
      process.exitCode = 1;
    },
  );
}

module.exports = { parseOptions, main, toolFigures, auditFigures };
