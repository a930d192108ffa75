'use strict';

const path = require('node:path');
const { problems, problemNamed } = require('./problems');
const { isVerifiable } = require('./problem-members');
const { cases, describeCase, observe, checkCase, describeDifference } = require('./conformance');

// An example of one's own, held to the conformance suite of a problem: every
// case the registered examples face (lib/conformance/cases.js), against the
// same reference's observation of it. The run is in this process, as the
// tests run it; what is printed of a verdict (renderVerdict) is pure.

// The problems with a conformance suite: those whose model declares
// conformance's members. The instrument problem's model has DoxBee's I/O but
// none of them: it weighs the engine, not a style.
const VERIFIABLE = problems()
  .filter((problem) => isVerifiable(problem.model))
  .map((problem) => problem.name);

// How an example given by its file is called, when its options do not say:
// every registered example of a flavour is called so, and catches a
// synchronous throw unless it is plain callbacks (the generator runners over
// callbacks, such as generators-resume, catch, and must say so).
function callFor(io) {
  if (io === 'callbacks' || io === 'callbacks-ctx') return 'callback';
  if (io === 'observables') return 'observable';
  return 'promise';
}

function throwsFor(call) {
  return call === 'callback' ? 'escapes' : 'caught';
}

/**
 * A registry entry for a file outside the registries, named after the file.
 * @param {string} file its path
 * @param {object} style { io, call?, throws?, onFailure?, cancel? }; a missing call or
 *   throws is inferred (callFor, throwsFor), onFailure is fail-fast unless given,
 *   cancel (lib/conformance/cancel.js CANCEL_MEANS) is none unless given
 */
function entryForFile(file, { io, call = callFor(io), throws = throwsFor(call), onFailure = 'fail-fast', cancel }) {
  const absolute = path.resolve(file);
  const entry = { name: path.basename(file, '.js'), file: absolute, call, io, throws, onFailure, libraries: [], load: () => require(absolute) };
  // As in a registry: an entry without `cancel` has no means to cancel.
  if (cancel !== undefined) entry.cancel = cancel;
  return entry;
}

/**
 * The conformance suite of one problem, its reference observed once per case
 * however many examples are verified against it.
 * @param {string} problem one of VERIFIABLE
 */
function createVerifier(problem) {
  if (!VERIFIABLE.includes(problem)) throw new RangeError(`problem must be one of ${VERIFIABLE.join(', ')}; got ${problem}`);
  const { registry, model } = problemNamed(problem);
  const reference = registry.examples.find((e) => e.name === registry.reference);
  const observations = new Map();

  // The reference as observed without async context: a case in one must give
  // the same trace as without. A case is known by all it says, not by its
  // name, which need not tell every case of a problem apart.
  async function referenceFor({ context, ...spec }) {
    const key = JSON.stringify(spec);
    if (!observations.has(key)) observations.set(key, await observe(reference, spec, { problem }));
    return observations.get(key);
  }

  /** One case: checkCase's { problems, traces }; a case that could not run (its factory threw) is a problem. */
  async function compareCase(entry, spec) {
    let observation;
    try {
      observation = await observe(entry, spec, { problem });
    } catch (error) {
      return { problems: [`the case did not run: ${error instanceof Error ? error.message : String(error)}`], traces: [] };
    }
    return checkCase(entry, spec, observation, await referenceFor(spec), { problem });
  }

  /**
   * Every case, one at a time.
   * @returns {Promise<{ problem, reference, example, total, passed, failures }>} failures:
   *   [{ name (describeCase), spec, problems, traces }], in the order of the cases
   */
  async function verify(entry) {
    const failures = [];
    const all = cases(model);
    for (const spec of all) {
      const { problems: found, traces } = await compareCase(entry, spec);
      if (found.length > 0) failures.push({ name: describeCase(spec, model), spec, problems: found, traces });
    }
    return { problem, reference: reference.name, example: entry.name, total: all.length, passed: all.length - failures.length, failures };
  }

  return { problem, reference, compareCase, verify };
}

// One trace event in a line: its type and operation, then its arguments and
// whatever else it carries (value, error, upload).
function eventText(event) {
  if (event === null) return '(nothing: the trace has ended)';
  const { type, op, args, ...rest } = event;
  const parts = [op ? `${type} ${op}` : type];
  if (args !== undefined) parts.push(JSON.stringify(args));
  for (const [key, value] of Object.entries(rest)) parts.push(`${key}=${JSON.stringify(value)}`);
  return parts.join(' ');
}

// The events of a trace from `from` to `to` (exclusive), numbered, the one at
// `mark` pointed at; what is left out before and after is counted.
function traceLines(events, { from, to, mark }) {
  const lines = [];
  const width = String(Math.max(events.length - 1, 0)).length;
  if (from > 0) lines.push(`      … ${from === 1 ? 'event 0' : `events 0-${from - 1}`} not shown`);
  for (let i = from; i < Math.min(to, events.length); i++) {
    lines.push(`    ${i === mark ? '>' : ' '} ${String(i).padStart(width)} ${eventText(events[i])}`);
  }
  if (mark >= events.length) lines.push(`    > ${String(mark).padStart(width)} (nothing)`);
  if (to < events.length) lines.push(`      … ${events.length - to} more`);
  return lines;
}

// The fields in which two events of the same kind differ ("args.blobId,
// args.id"), when there are both; nothing to add otherwise.
function differingFields({ expected, actual }) {
  if (!expected || !actual || expected.type !== actual.type || expected.op !== actual.op) return [];
  const differ = (a, b) => JSON.stringify(a) !== JSON.stringify(b);
  const keys = (a, b) => [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])];
  const fields = [];
  for (const key of keys(expected, actual)) {
    if (!differ(expected[key], actual[key])) continue;
    const nested = key === 'args' && expected.args && actual.args && typeof expected.args === 'object' && typeof actual.args === 'object';
    if (nested)
      fields.push(
        ...keys(expected.args, actual.args)
          .filter((k) => differ(expected.args[k], actual.args[k]))
          .map((k) => `args.${k}`),
      );
    else fields.push(key);
  }
  return fields.length ? [fields.join(', ')] : [];
}

// One trace that differs from the expected one: the first difference, then
// both traces around it (or whole, with full).
function traceDifferenceLines({ label, expected, actual, difference }, { full, context }) {
  const { index } = difference;
  const from = full ? 0 : Math.max(0, index - context);
  const to = (events) => (full ? events.length : index + context + 1);
  return [
    `  ${label ? `${label}: ` : ''}first difference at event ${index}`,
    `    expected: ${eventText(difference.expected)}`,
    `    actual:   ${eventText(difference.actual)}`,
    ...differingFields(difference).map((fields) => `    differs in: ${fields}`),
    `  expected trace (${expected.length} events):`,
    ...traceLines(expected, { from, to: to(expected), mark: index }),
    `  actual trace (${actual.length} events):`,
    ...traceLines(actual, { from, to: to(actual), mark: index }),
  ];
}

/**
 * A verdict as text: each failing case (which case, the first difference of
 * its trace and both traces around it, its other problems), then "N of M
 * cases pass". Pure.
 * @param {object} verdict as verify returns it
 * @param {object} [options] { full: whole traces; context: events shown either side (3) }
 */
function renderVerdict(verdict, { full = false, context = 3 } = {}) {
  const lines = [];
  for (const failure of verdict.failures) {
    lines.push(`FAIL ${failure.name}`);
    const differing = failure.traces.filter((trace) => trace.difference);
    // The trace differences are shown below; the rest are said in a line each.
    const shown = new Set(differing.map((t) => (t.label ? `${t.label}: ` : '') + describeDifference(t.difference)));
    for (const problem of failure.problems.filter((p) => !shown.has(p))) lines.push(`  ${problem}`);
    for (const trace of differing) lines.push(...traceDifferenceLines(trace, { full, context }));
    lines.push('');
  }
  lines.push(summaryLine(verdict));
  return `${lines.join('\n')}\n`;
}

function summaryLine({ passed, total }) {
  return `${passed} of ${total} cases pass`;
}

/**
 * The first failing case of a verdict in one line, or null when it passes:
 * what bench --add refuses a file with. Its first trace difference is told by
 * the events' kinds (and the fields that differ, where those are alike); the
 * whole events are asyncmark verify's to print.
 */
function firstFailure(verdict) {
  const failure = verdict.failures[0];
  if (!failure) return null;
  const trace = failure.traces.find((t) => t.difference);
  if (!trace) return `${failure.name}: ${failure.problems[0]}`;
  const { index, expected, actual } = trace.difference;
  const head = (event) => (event === null ? 'nothing' : [event.type, event.op].filter(Boolean).join(' '));
  const fields = differingFields(trace.difference).map((list) => ` (differs in ${list})`);
  return `${failure.name}: ${trace.label ? `${trace.label}: ` : ''}event ${index} expected ${head(expected)}, got ${head(actual)}${fields.join('')}`;
}

module.exports = { VERIFIABLE, callFor, throwsFor, entryForFile, createVerifier, renderVerdict, firstFailure, eventText };
