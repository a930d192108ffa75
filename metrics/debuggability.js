'use strict';

const fs = require('node:fs');
const path = require('node:path');
const url = require('node:url');
const espree = require('espree');
const spawn = require('../lib/runner/spawn');
const { environment } = require('../lib/runner/environment');
const { launch, cannotRun } = require('../lib/runner/launch');
const { lacking } = require('../lib/runtimes/syntax');
const { isFunction, walk } = require('./ast');
const { SETTINGS, SETTING_NAMES, STACK_FRAMES, applySettings } = require('./stack-settings');
const { findSourceMaps } = require('./source-maps');

// The debuggability probe. For every example it asks: when the I/O fails, does
// the error reach the caller, and does its stack trace lead a developer to the
// line of the example that made the failing call? Each run (example × failure
// mode × placement × stack setting, and runtime with --runtime) happens in a
// fresh child process (metrics/probe-child.js) so that what escapes, hangs or
// crashes is observed as an application would suffer it. The numbers come
// from pure functions below: locating the failing call in the source, reading
// a stack, grading.

const ROOT = path.resolve(__dirname, '..');
const CHILD = path.join(__dirname, 'probe-child.js');
// The failure cases. A throw inside the I/O layer's timer never passes through
// the example in any style, so it is reported but not graded (docs/debuggability.md).
const CASES = [
  { key: 'callback/timer', mode: 'callback', placement: 'timer', graded: true },
  { key: 'callback/continuation', mode: 'callback', placement: 'continuation', graded: true },
  { key: 'sync', mode: 'sync', placement: 'call', graded: true },
  { key: 'timer/timer', mode: 'timer', placement: 'timer', graded: false },
  { key: 'timer/continuation', mode: 'timer', placement: 'continuation', graded: false },
];
const CASE_KEYS = CASES.map((c) => c.key);

// The problems that can be probed, each by what the probe must know of it: the
// operation made to fail, the engine options, the upload's arguments and how
// its operations are written (callSites). That is declared beside the problem's
// examples, in examples/<problem>/probe.js, so that nothing here or in
// probe-child.js is particular to one problem.
const PROBLEMS = {
  doxbee: require('../examples/doxbee/probe'),
};

// How each operation is written in an example, e.g. 'fileVersion.insert' as
// FileVersion.insert(row).execWithin(tx). Operations are named by the I/O
// model (lib/fakes), whose problems share them, so one table serves them all.
const CALL_SITES = Object.assign({}, ...Object.values(PROBLEMS).map((problem) => problem.callSites));

// Outcomes in which the error became visible to someone: the caller, or the
// process (an uncaught exception or an unhandled rejection is printed).
const SURFACED = ['caller', 'thrown', 'uncaught', 'unhandled'];

// Which variables of the environment turn long stack traces on behind the
// probe's back; they are removed from the children's environment.
const STACK_ENV = ['BLUEBIRD_DEBUG', 'BLUEBIRD_LONG_STACK_TRACES', 'BLUEBIRD_WARNINGS', 'Q_DEBUG'];

// ---------------------------------------------------------------------------
// Locating the failing call in an example's source.

function isNamed(node, name) {
  if (!node) return false;
  if (node.type === 'Identifier') return node.name === name;
  return node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier' && node.property.name === name;
}

function isCallOf(node, objectName, method) {
  return node.type === 'CallExpression' && node.callee.type === 'MemberExpression' && isNamed(node.callee, method) && isNamed(node.callee.object, objectName);
}

// A query kept in a variable is looked for in the function, or the file, that declares it.
function isScope(node) {
  return node.type === 'Program' || isFunction(node);
}

/**
 * The lines of every call of an operation in a source text, e.g. for
 * 'fileVersion.insert' each `FileVersion.insert(...).execWithin(...)`. A range
 * runs from the start of the expression (an `await` or `yield` before it
 * included) to the line of `.execWithin`; a callback passed to it is not part
 * of the call. When the query is kept in a variable first, each
 * `variable.execWithin(...)` in the same function is a range of its own.
 * @param {string} source
 * @param {string} op an operation with an entry in CALL_SITES
 * @returns {{ start: number, end: number }[]} 1-based lines, in source order
 */
function locateCalls(source, op) {
  const site = CALL_SITES[op];
  if (!site) throw new RangeError(`op must be one of ${Object.keys(CALL_SITES).join(', ')}; got ${op}`);
  const ast = parse(source);
  const ranges = [];
  walk(ast, (node, ancestors) => {
    if (!isCallOf(node, site.object, site.method)) return;
    const parent = ancestors[ancestors.length - 1];
    const grand = ancestors[ancestors.length - 2];
    if (
      parent &&
      parent.type === 'MemberExpression' &&
      parent.object === node &&
      isNamed(parent, site.then) &&
      grand &&
      grand.type === 'CallExpression' &&
      grand.callee === parent
    ) {
      const wrapper = ancestors[ancestors.length - 3];
      const start = isWrapperOf(wrapper, grand) ? wrapper.loc.start.line : node.loc.start.line;
      ranges.push({ start, end: parent.property.loc.end.line });
      return;
    }
    if (parent && parent.type === 'VariableDeclarator' && parent.init === node && parent.id.type === 'Identifier') {
      const scope = ancestors.findLast(isScope);
      const found = laterCalls(scope, parent.id.name, site.then);
      ranges.push({ start: node.loc.start.line, end: node.loc.end.line }, ...found);
      return;
    }
    ranges.push({ start: node.loc.start.line, end: node.loc.end.line });
  });
  return ranges.sort((a, b) => a.start - b.start);
}

function isWrapperOf(node, expression) {
  return Boolean(node) && (node.type === 'AwaitExpression' || node.type === 'YieldExpression') && node.argument === expression;
}

// The calls `name.method(...)` inside a function, as line ranges.
function laterCalls(scope, name, method) {
  const ranges = [];
  walk(scope, (node, ancestors) => {
    if (!isCallOf(node, name, method)) return;
    const wrapper = ancestors[ancestors.length - 1];
    const start = isWrapperOf(wrapper, node) ? wrapper.loc.start.line : node.loc.start.line;
    ranges.push({ start, end: node.callee.property.loc.end.line });
  });
  return ranges;
}

// espree rather than esprima: it knows every syntax Node runs (object spread,
// optional chaining), which esprima 4 does not.
function parse(source) {
  const options = { ecmaVersion: 'latest', loc: true, range: true };
  try {
    return espree.parse(source, { ...options, sourceType: 'script' });
  } catch (error) {
    return espree.parse(source, { ...options, sourceType: 'module' });
  }
}

// ---------------------------------------------------------------------------
// Reading a stack trace.

const FRAME = /^\s+at (?:(async) )?(.*)$/;
const SEPARATOR = /^From previous event:$/;

/**
 * The frames of a V8 stack text, including the earlier events that bluebird
 * and Q append ("From previous event:"); `event` counts those, from 0.
 * @param {string} stack
 * @returns {{ fn: string|null, file: string|null, line: number|null, column: number|null, async: boolean, event: number }[]}
 */
function parseStack(stack) {
  const frames = [];
  let event = 0;
  for (const text of String(stack ?? '').split('\n')) {
    if (SEPARATOR.test(text.trim())) {
      event++;
      continue;
    }
    const match = FRAME.exec(text);
    if (!match) continue;
    let fn = null;
    let location = match[2];
    const named = /^(.*?) \((.*)\)$/.exec(location);
    if (named) {
      fn = named[1];
      location = named[2];
    }
    const position = /^(.*):(\d+):(\d+)$/.exec(location);
    let file = position ? position[1] : location;
    if (file.startsWith('file://')) file = url.fileURLToPath(file);
    frames.push({
      fn,
      file: file || null,
      line: position ? Number(position[2]) : null,
      column: position ? Number(position[3]) : null,
      async: match[1] === 'async',
      event,
    });
  }
  return frames;
}

function lineDistance(line, ranges) {
  let best = Infinity;
  for (const { start, end } of ranges) {
    const d = line < start ? start - line : line > end ? line - end : 0;
    best = Math.min(best, d);
  }
  return best;
}

function shortFile(file) {
  if (!file) return '?';
  if (path.isAbsolute(file)) {
    const relative = path.relative(ROOT, file);
    return relative.startsWith('..') ? file : relative;
  }
  return file;
}

function describeFrame(frame) {
  const where = frame.line === null ? shortFile(frame.file) : `${shortFile(frame.file)}:${frame.line}`;
  return `${frame.async ? 'async ' : ''}${frame.fn ?? '<anonymous>'} (${where})`;
}

/**
 * What a stack trace tells a developer about the failing call.
 * @param {string|null} stack
 * @param {object} where { file: the example, ranges: the failing call's lines, callerFile }
 * @returns {object} frames, namesFile, distance (null unless the file is named
 *   and the call located; 0 when a frame points into a call), nearestLine,
 *   reach ('caller' | 'example' | 'none'), endsIn (the last frame), truncated
 *   (the error's own frames fill the frame limit, so older ones may be missing)
 */
function measureTrace(stack, { file, ranges = [], callerFile = CHILD }) {
  const frames = parseStack(stack);
  const target = path.resolve(file);
  const inExample = frames.filter((f) => f.file && f.line !== null && path.resolve(f.file) === target);
  const namesFile = inExample.length > 0;
  let distance = null;
  let nearestLine = null;
  if (namesFile && ranges.length > 0) {
    for (const frame of inExample) {
      const d = lineDistance(frame.line, ranges);
      if (distance === null || d < distance) {
        distance = d;
        nearestLine = frame.line;
      }
    }
  } else if (namesFile) {
    nearestLine = inExample[0].line;
  }
  const reachesCaller = frames.some((f) => f.file && path.resolve(f.file) === path.resolve(callerFile));
  const last = frames[frames.length - 1];
  return {
    frames: frames.length,
    namesFile,
    distance,
    nearestLine,
    reach: reachesCaller ? 'caller' : namesFile ? 'example' : 'none',
    endsIn: last ? describeFrame(last) : null,
    truncated: frames.filter((f) => f.event === 0).length >= STACK_FRAMES,
  };
}

// ---------------------------------------------------------------------------
// Outcomes and grades.

/**
 * What became of the error in one run, from what the child reported.
 * caller | thrown | uncaught | unhandled | success (the caller heard no error)
 * | silent (the process went idle and nobody heard) | hung (killed at the
 * timeout before anything happened) | crash (the process ended without telling)
 * | unsupported (a runtime of --runtime could not load the example).
 */
function outcomeOf(raw) {
  if (raw.unsupported) return 'unsupported';
  const first = raw.events[0];
  if (first) return first.type;
  if (raw.end === 'timeout') return 'hung';
  if (raw.end === 'done') return 'silent';
  return 'crash';
}

function accurate(run) {
  return SURFACED.includes(run.outcome) && run.distance === 0;
}

/**
 * The grade of one example, 1–5, from its runs (see docs/debuggability.md):
 *   5 always correct: the failing line is named in every graded case under every setting;
 *   4 correct by default: under `node`, named on a synchronous throw and on an
 *     I/O error in at least one placement;
 *   3 correct only with a flag: as 4, but only under `long`;
 *   2 partial: the example file is named in some graded case under some setting;
 *   1 missing: the example file is never named in a graded case.
 * A case counts only when the error surfaced (reached the caller or escaped).
 * Without every graded case under every setting there is no grade (null).
 * Under a runtime that cannot apply `none` (notApplied), "every setting" is
 * every setting it applies, and the reason says so; one that cannot apply
 * `node` or `long`, which the grades 4 and 3 rest on, gets no grade.
 * @param {object[]} runs { setting, case, outcome, namesFile, distance }
 * @param {{ notApplied?: string[] }} [options] settings the runtime cannot apply
 * @returns {{ grade: number|null, reason: string }}
 */
function grade(runs, { notApplied = [] } = {}) {
  const gradedKeys = CASES.filter((c) => c.graded).map((c) => c.key);
  const graded = runs.filter((r) => gradedKeys.includes(r.case));
  const needed = ['node', 'long'].filter((s) => notApplied.includes(s));
  if (needed.length > 0) return { grade: null, reason: `not graded: ${needed.join(' and ')} cannot be applied under this runtime` };
  const settings = SETTING_NAMES.filter((s) => !notApplied.includes(s));
  const ran = (setting, key) => graded.some((r) => r.setting === setting && r.case === key);
  if (!settings.every((s) => gradedKeys.every((k) => ran(s, k)))) {
    return { grade: null, reason: `not graded: needs every graded case (${gradedKeys.join(', ')}) under every setting (${settings.join(', ')})` };
  }
  const covered = (setting) => new Set(graded.filter((r) => r.setting === setting && accurate(r)).map((r) => r.case));
  const correctIn = (set) => set.has('sync') && (set.has('callback/timer') || set.has('callback/continuation'));
  const list = (set) => gradedKeys.filter((k) => set.has(k)).join(', ') || 'no case';
  // Never graded as if it had run: a setting left out is named in the reason.
  const unless = notApplied.length ? ` (${notApplied.join(', ')}: cannot be applied under this runtime, not run)` : '';
  const withNote = (value, reason) => ({ grade: value, reason: `${reason}${unless}` });

  if (settings.every((s) => gradedKeys.every((k) => covered(s).has(k)))) {
    return withNote(5, `failing line named in every graded case under every setting${notApplied.length ? ' applied' : ''}`);
  }
  const byDefault = covered('node');
  if (correctIn(byDefault)) return withNote(4, `failing line named by default in: ${list(byDefault)}`);
  const withFlag = covered('long');
  if (correctIn(withFlag)) {
    return withNote(3, `failing line named only with long stack traces, in: ${list(withFlag)} (by default: ${list(byDefault)})`);
  }
  const lineCases = casesWhere(graded, accurate, settings);
  const fileCases = casesWhere(graded, (r) => SURFACED.includes(r.outcome) && r.namesFile && !accurate(r), settings);
  if (lineCases.length > 0 || fileCases.length > 0) {
    const parts = [];
    if (lineCases.length > 0) parts.push(`failing line named only in: ${lineCases.join(', ')}`);
    if (fileCases.length > 0) parts.push(`example file but not the line named in: ${fileCases.join(', ')}`);
    return withNote(2, parts.join('; '));
  }
  return withNote(1, 'example file never named in a graded case');
}

// The graded cases in which some run passes the test, each with the settings
// under which it does when that is not all of them: "sync (long)".
function casesWhere(runs, test, settings = SETTING_NAMES) {
  const found = [];
  for (const c of CASES) {
    const passing = settings.filter((s) => runs.some((r) => r.case === c.key && r.setting === s && test(r)));
    if (passing.length === 0) continue;
    found.push(passing.length === settings.length ? c.key : `${c.key} (${passing.join(', ')})`);
  }
  return found;
}

// ---------------------------------------------------------------------------
// Source-map levels (the 2013 article's "source maps support", measured).

// The setting whose runs, with and without source maps, decide the level:
// Node's default, what a developer has without asking for more.
const SOURCE_MAP_SETTING = 'node';

/**
 * The source-map level of one example, 1–5, from which graded cases name the
 * failing line (see docs/debuggability.md, "Source maps"):
 *   5 doesn't need them: without source maps the trace names the failing line
 *     of the file the developer wrote (an example that is not compiled: its
 *     own file) in some graded case;
 *   4 has them, needs them sometimes: only with source maps is the original
 *     line named, and without them the trace still names the failing call in
 *     the compiled file in some case;
 *   3 has them, needs them always: as 4, but without them no trace names the
 *     failing call in the compiled file;
 *   2 none, needs them sometimes: source maps do not lead to the original line
 *     (none to apply, the runtime applies none, or the map is wrong), but the
 *     compiled file's failing call is named in some case;
 *   1 none but needs them: neither.
 * A case counts only when the error surfaced; each list holds graded case keys.
 * @param {object} outcomes { transpiled, without, readable, mapped (null: no
 *   run with source maps), maps (how the runtime applies them, or null) }
 * @returns {{ level: number|null, reason: string }}
 */
function sourceMapLevel({ transpiled, without, readable, mapped, maps = null }) {
  const list = (keys) => keys.join(', ');
  if (without.length > 0) {
    if (!transpiled) return { level: 5, reason: `not compiled; its failing line named without source maps in: ${list(without)}` };
    const always = maps && maps.always ? ' (the runtime applies them without being asked)' : '';
    return { level: 5, reason: `original failing line named without asking for source maps${always} in: ${list(without)}` };
  }
  if (!transpiled) return { level: null, reason: 'not compiled, and no graded case names its failing line: there is nothing for a source map to map' };
  const compiled =
    readable.length > 0
      ? `; without them the compiled file's failing call is named in: ${list(readable)}`
      : "; without them no trace names the compiled file's failing call";
  if (mapped && mapped.length > 0)
    return { level: readable.length > 0 ? 4 : 3, reason: `original failing line named only with source maps, in: ${list(mapped)}${compiled}` };
  const why = maps && !maps.applies ? maps.reason : 'with source maps the trace still does not name the original failing line';
  return { level: readable.length > 0 ? 2 : 1, reason: `${why}${compiled}` };
}

// The graded cases of `runs` that surfaced with a trace naming the failing
// line of `file` (ranges: its failing call), measured from each run's stack.
function casesNaming(runs, file, ranges) {
  const graded = CASES.filter((c) => c.graded).map((c) => c.key);
  return graded.filter((key) =>
    runs.some((run) => run.case === key && SURFACED.includes(run.outcome) && run.stack && measureTrace(run.stack, { file, ranges }).distance === 0),
  );
}

// An example's source-map level from its runs under SOURCE_MAP_SETTING
// (without maps) and its runs with source maps; null when that setting did
// not run.
function sourceMapsOf(example, { entry, maps, ran }) {
  if (!ran) return { level: null, reason: `not measured: needs the ${SOURCE_MAP_SETTING} setting, which did not run` };
  const plain = example.runs.filter((r) => r.setting === SOURCE_MAP_SETTING);
  const transpiled = Boolean(entry.transpiled);
  const original = transpiled ? { file: entry.transpiled.source, ranges: example.original.ranges } : { file: entry.file, ranges: example.failingCall.ranges };
  const without = casesNaming(plain, original.file, original.ranges);
  const readable = casesNaming(plain, entry.file, example.failingCall.ranges);
  const mapped = transpiled && maps && maps.applies && !maps.always ? casesNaming(example.sourceMapRuns, original.file, original.ranges) : null;
  return { ...sourceMapLevel({ transpiled, without, readable, mapped, maps }), without, readable, mapped };
}

// ---------------------------------------------------------------------------
// Running children.

function childEnv() {
  const env = { ...process.env };
  for (const name of STACK_ENV) delete env[name];
  // bluebird turns long stack traces on by itself under NODE_ENV=development.
  if (env.NODE_ENV === 'development') delete env.NODE_ENV;
  return env;
}

/**
 * Runs one job in a fresh child (lib/runner/spawn.js) and collects what it
 * reported. Never throws; a child that outlives the timeout is killed.
 * @param {object} job for metrics/probe-child.js
 * @param {object} [options] { execPath, execArgv, env, timeoutMs, script }: execPath,
 *   a runtime of --runtime (the node running asyncmark unless given); env, variables
 *   added to the children's environment
 * @returns {Promise<{ pid, events, unsupported: string|null, end: 'done'|'timeout'|'exit', exitCode, signal, stderr }>}
 */
async function runChild(job, { execPath, execArgv = [], env = {}, timeoutMs = 5000, script = CHILD } = {}) {
  const events = [];
  let done = false;
  let unsupported = null;
  const onMessage = (message) => {
    if (message && message.type === 'event') events.push(message.event);
    else if (message && message.type === 'done') done = true;
    else if (message && message.type === 'unsupported') unsupported = String(message.reason);
  };
  const ended = await spawn.runChild(script, job, { execPath, execArgv, env: { ...childEnv(), ...env }, timeoutMs, onMessage });
  const end = ended.timedOut ? 'timeout' : done ? 'done' : 'exit';
  const stderr = ended.startError ? `${ended.stderr}\n${ended.startError}` : ended.stderr;
  return { pid: ended.pid, events, unsupported, end, exitCode: ended.exitCode, signal: ended.signal, stderr };
}

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

// One run as reported: the outcome, the measurements of the stack of what
// reached the caller or escaped first, and how the child ended.
function describeRun(raw, { setting, kase, file, ranges }) {
  const outcome = outcomeOf(raw);
  const first = raw.events[0];
  const stack = first && first.error ? first.error.stack : null;
  const trace = stack
    ? measureTrace(stack, { file, ranges })
    : {
        frames: 0,
        namesFile: false,
        distance: null,
        nearestLine: null,
        reach: 'none',
        endsIn: null,
        truncated: false,
      };
  const run = {
    setting,
    case: kase.key,
    mode: kase.mode,
    placement: kase.placement,
    outcome,
    events: raw.events.map((e) => e.type),
    injected: first && first.error ? first.error.injected : null,
    ...trace,
    end: raw.end,
    pid: raw.pid,
    stack,
  };
  if (outcome === 'unsupported') run.detail = raw.unsupported;
  if (outcome === 'crash') run.detail = `${raw.signal ? `signal ${raw.signal}` : `exit code ${raw.exitCode}`}: ${spawn.headline(raw.stderr) || 'no message'}`;
  if (raw.end === 'timeout') run.detail = 'still running at the timeout; killed';
  return run;
}

// What a person calls a runtime in a table: its name and version ("bun
// 1.4.5"), a binary of one's own by its path; its spec too where two would
// read alike (node and node@20 when the node running asyncmark is a 20).
function runtimeLabels(runtimes) {
  const plain = runtimes.map((r) => (r.name === 'custom' ? `${r.spec} ${r.version}` : `${r.name} ${r.version}`));
  return plain.map((label, i) => (plain.indexOf(label) === plain.lastIndexOf(label) ? label : `${runtimes[i].spec} ${runtimes[i].version}`));
}

/**
 * The runtimes of --runtime (records of lib/runtimes) as the probe runs
 * under them: why one cannot run the probe's children at all (unsupported,
 * lib/runner/launch.js), the Node and V8 versions it reports, and how it
 * applies each stack setting (metrics/stack-settings.js), found by running it.
 * @param {object[]} runtimes
 * @param {{ settings?: string[], timeoutMs?: number }} [options]
 * @returns {Promise<object[]>} for probe's `runtimes`, as the report's `runtimes` has them
 */
async function prepareRuntimes(runtimes, { settings = SETTING_NAMES, timeoutMs } = {}) {
  const labels = runtimeLabels(runtimes);
  const prepared = [];
  for (const [i, runtime] of runtimes.entries()) {
    const { spec, name, version, path: binary } = runtime;
    const common = { spec, name, version, path: binary, label: labels[i] };
    const unsupported = cannotRun(runtime);
    if (unsupported) {
      prepared.push({ ...common, node: null, v8: null, unsupported, settings: {}, record: runtime });
      continue;
    }
    const applied = await applySettings(runtime, settings, { env: childEnv(), timeoutMs });
    const reported = applied.reported ?? {};
    prepared.push({ ...common, node: reported.node ?? null, v8: reported.v8 ?? null, unsupported: null, settings: applied.settings, record: runtime });
  }
  return prepared;
}

// A runtime of the report as the JSON shows it: not the record it was made of.
function runtimeReport({ record, ...runtime }) {
  return runtime;
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
 * @param {string} [options.problem] a key of PROBLEMS (default doxbee)
 * @param {string[]} [options.settings] names from SETTINGS (default all)
 * @param {string[]} [options.cases] keys from CASES (default all)
 * @param {number} [options.timeoutMs] per child (default 5000)
 * @param {number} [options.concurrency] children at a time (default 2)
 * @param {object[]} [options.runtimes] records of lib/runtimes, or what prepareRuntimes
 *   made of them (default: none, the node running asyncmark)
 * @param {Function} [options.onPlan] called once with how many runs there will be, before the first
 * @param {Function} [options.onRun] called after each run with (entry, run, runtime spec or undefined)
 * @returns {Promise<object>} the report (docs/debuggability.md, "JSON")
 */
async function probe(
  entries,
  {
    problem = 'doxbee',
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
  const spec = PROBLEMS[problem];
  if (!spec) throw new RangeError(`problem must be one of ${Object.keys(PROBLEMS).join(', ')}; got ${problem}`);
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
  for (const entry of entries) {
    for (const target of targets) {
      examples.push(exampleReport(entry, target, spec));
      where.push({ entry, target });
    }
  }

  const jobs = [];
  where.forEach(({ entry, target }, index) => {
    if (examples[index].status !== 'probed') return;
    for (const setting of chosenSettings) {
      // A setting the runtime cannot apply is not run: its row reads n/a.
      if (target && !target.settings[setting].applies) continue;
      for (const kase of chosenCases) jobs.push({ entry, target, index, setting, kase, maps: null });
    }
    // A compiled example runs its graded cases once more with source maps
    // asked for, where the runtime applies them only when asked.
    const maps = mapsOf.get(target);
    const nodeRuns = !target || Boolean(target.settings[SOURCE_MAP_SETTING]?.applies);
    if (entry.transpiled && maps && maps.applies && !maps.always && nodeRuns) {
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
      const raw = await runChild(job, { ...started, env: { ...applied.env, ...(maps ? maps.env : {}) }, timeoutMs });
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
    const notApplied = target ? chosenSettings.filter((s) => !target.settings[s].applies) : [];
    const { grade: value, reason } = grade(example.runs, { notApplied });
    example.grade = value;
    example.gradeReason = reason;
    if (example.sourceMapRuns) example.sourceMapRuns.sort((a, b) => order(a) - order(b));
    const ran = chosenSettings.includes(SOURCE_MAP_SETTING) && !notApplied.includes(SOURCE_MAP_SETTING);
    example.sourceMaps = sourceMapsOf(example, { entry, maps: mapsOf.get(target) ?? null, ran });
  });

  return {
    problem,
    op: spec.op,
    ...spec.options,
    latency,
    timeoutMs,
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
function exampleReport(entry, target, spec) {
  const report = {
    name: entry.name,
    ...(target ? { runtime: target.spec } : {}),
    file: shortFile(entry.file),
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
    report.failingCall = { ranges: locateCalls(fs.readFileSync(entry.file, 'utf8'), spec.op), error: null };
  } catch (error) {
    report.failingCall = { ranges: [], error: error.message };
  }
  if (entry.transpiled) {
    try {
      report.original.ranges = locateCalls(fs.readFileSync(entry.transpiled.source, 'utf8'), spec.op);
    } catch (error) {
      report.original.error = error.message;
    }
  }
  return report;
}

// ---------------------------------------------------------------------------
// Rows for the table.

const OUTCOME_LABELS = { hung: 'T/O', crash: 'CRASH', unsupported: 'UNSUPPORTED' };
const STATUS_LABELS = { unsupported: 'UNSUPPORTED' };
// The cell of a setting a runtime cannot apply, which was not run.
const NOT_APPLIED = 'n/a';

/** The text of one cell: outcome, then the line distance ('-': file not named, '?': call not located). */
function cellOf(run) {
  if (!run) return '';
  const label = OUTCOME_LABELS[run.outcome] ?? run.outcome;
  if (!SURFACED.includes(run.outcome)) return label;
  const distance = run.distance !== null ? String(run.distance) : run.namesFile ? '?' : '-';
  const late = run.end === 'timeout' ? ' T/O' : '';
  return `${label} ${distance}${late}`;
}

// The source-map level of a row's example, and for csv its reason.
function sourceMapFields(example) {
  const maps = example.sourceMaps;
  return { sourceMaps: maps ? maps.level : null, 'source maps reason': maps ? maps.reason : null };
}

/**
 * One row per example and setting (with runtimes: per example, runtime and
 * setting, the runtime's label in `runtime`): each case's outcome and
 * distance (a cell string for people, and separate fields for programs), how
 * many traces reach back to the caller, the example's grade and its
 * source-map level (sourceMaps; null where not measured). A setting
 * the runtime cannot apply reads n/a; an example it cannot run, UNSUPPORTED.
 */
function toRows(report) {
  const runtimes = new Map((report.runtimes ?? []).map((r) => [r.spec, r]));
  const rows = [];
  for (const example of report.examples) {
    const runtime = runtimes.get(example.runtime);
    const head = { example: example.name, ...(runtime ? { runtime: runtime.label } : {}) };
    if (example.status !== 'probed') {
      const label = STATUS_LABELS[example.status] ?? example.status;
      const row = { ...head, setting: '', complete: '', grade: '', sourceMaps: '', reason: example.gradeReason ?? example.status };
      for (const c of report.cases) Object.assign(row, { [c.key]: label, [`${c.key} outcome`]: example.status, [`${c.key} distance`]: null });
      rows.push(row);
      continue;
    }
    for (const setting of report.settings.map((s) => s.name)) {
      const row = { ...head, setting };
      if (runtime && !runtime.settings[setting].applies) {
        for (const c of report.cases) Object.assign(row, { [c.key]: NOT_APPLIED, [`${c.key} outcome`]: NOT_APPLIED, [`${c.key} distance`]: null });
        Object.assign(row, { complete: '', grade: example.grade, ...sourceMapFields(example), reason: example.gradeReason });
        rows.push(row);
        continue;
      }
      const runs = example.runs.filter((r) => r.setting === setting);
      for (const c of report.cases) {
        const run = runs.find((r) => r.case === c.key);
        row[c.key] = cellOf(run);
        row[`${c.key} outcome`] = run ? run.outcome : null;
        row[`${c.key} distance`] = run ? run.distance : null;
      }
      row.complete = `${runs.filter((r) => r.reach === 'caller').length}/${runs.length}`;
      row.grade = example.grade;
      Object.assign(row, sourceMapFields(example));
      row.reason = example.gradeReason;
      rows.push(row);
    }
  }
  return rows;
}

module.exports = {
  SETTING_NAMES,
  CASES,
  PROBLEMS,
  locateCalls,
  parseStack,
  measureTrace,
  outcomeOf,
  grade,
  sourceMapLevel,
  probe,
  prepareRuntimes,
  toRows,
  cellOf,
};
