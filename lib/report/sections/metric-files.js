'use strict';

// The complexity and debuggability files (`asyncmark complexity --format json`,
// `asyncmark debuggability --format json`) as table rows. Pure, and tolerant:
// the report shows whatever columns those files carry, so either metric can
// grow without a change here. A row is matched to an example by its `example`
// field, else `name`, else the base name of `file`.

const { OUTCOME_LABELS, shownExamples, debuggabilityRows, keptNote } = require('./debuggability-rows');

const IDENTITY_KEYS = ['example', 'name'];

function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function rowsOf(json) {
  if (Array.isArray(json)) return json;
  if (!isPlainObject(json)) return null;
  for (const key of ['rows', 'examples', 'results', 'data']) {
    if (Array.isArray(json[key])) return json[key];
  }
  // { "callbacks-original": { tokens: 310, ... }, ... }
  const entries = Object.entries(json);
  if (entries.length > 0 && entries.every(([, value]) => isPlainObject(value))) {
    return entries.map(([example, value]) => ({ example, ...value }));
  }
  return null;
}

function exampleOf(row) {
  for (const key of IDENTITY_KEYS) if (typeof row[key] === 'string' && row[key] !== '') return row[key];
  if (typeof row.file === 'string') return row.file.replace(/^.*[\\/]/, '').replace(/\.[cm]?js$/, '');
  return null;
}

function scalar(value) {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

// Nested objects become dotted columns, one level deep; lists of scalars are
// joined. Anything deeper is left out of the table.
function flatten(row) {
  const flat = {};
  for (const [key, value] of Object.entries(row)) {
    if (scalar(value)) flat[key] = value;
    else if (Array.isArray(value) && value.every(scalar)) flat[key] = value.join(', ');
    else if (isPlainObject(value)) {
      for (const [inner, innerValue] of Object.entries(value)) {
        if (scalar(innerValue)) flat[`${key}.${inner}`] = innerValue;
      }
    }
  }
  return flat;
}

// `asyncmark debuggability --format json` writes a report whose examples carry
// their runs (docs/explanation/debuggability.md). It reads best as that command's own
// table (lib/report/sections/debuggability-rows.js): one row per example and stack
// setting, each failure case's cell the outcome and then the line distance,
// the traces that reach the caller, and the grade, with each grade's reason
// under the table.
function isDebuggabilityReport(json) {
  return (
    isPlainObject(json) &&
    Array.isArray(json.cases) &&
    Array.isArray(json.examples) &&
    json.examples.some((example) => isPlainObject(example) && Array.isArray(example.runs))
  );
}

// What the columns of the two files mean (docs/explanation/complexity.md and
// docs/explanation/debuggability.md say it at length), for the report's glossaries.
const COLUMN_MEANINGS = {
  problem: 'The problem the example solves: its folder under examples/.',
  file: "The example's source file.",
  tokens: "Tokens of the source, comments excluded, split operators merged (Esprima): the 2013 article's measure. Fewer is shorter, not necessarily clearer.",
  score: 'tokens divided by the fewest tokens among the examples compared: 1 is the shortest.',
  lines: 'Lines holding code.',
  nesting: 'Deepest function nesting (the "pyramid"); code outside any function is 0.',
  functions: 'Function literals.',
  cyclomatic: 'Cyclomatic complexity: decision points + 1, whole file.',
  errorSites: 'Explicit error-handling sites: tests of an error value, guards, catch clauses and handlers the author wrote.',
  lexer: 'Which lexer produced the tokens (espree for syntax Esprima 4 cannot read).',
  parser: 'Which parser produced the syntax tree for the other measures.',
  generatedFrom:
    'For a transpiled example (npm run build:transpiled): the example it was compiled from. Its counts are of the code that runs, helpers included, which nobody writes.',
  runtime: 'The runtime the example was probed under (debuggability --runtime).',
  setting: "Stack-trace setting: none (no async stack traces), node (Node's defaults), long (Node's defaults plus bluebird's and Q's long stack traces).",
  'callback/timer':
    'Failure case, graded: the I/O passes the error to the callback (or rejects), the error created in the raw timer callback, like a callback driver.',
  'callback/continuation': 'Failure case, graded: the same, the error created in an async continuation, like a driver written with async functions.',
  sync: 'Failure case, graded: the I/O throws synchronously at the call.',
  'timer/timer': 'Failure case, shown, not graded: the I/O throws inside its own timer (a driver bug), so no style can catch it.',
  'timer/continuation': 'Failure case, shown, not graded: the same, thrown from an async continuation.',
  'to caller': "Runs whose trace is complete, reaching the code that started the upload, of the row's runs.",
  'source maps':
    "Source-map level, 1 to 5, measured under Node's default setting with and without source maps: 5 the trace names the failing line of the file written without them; 4 only with them, and the compiled file's failing call is named without; 3 only with them; 2 source maps do not lead to the line, the compiled file's call is named; 1 neither.",
  grade:
    "Debuggability grade, 1 to 5, higher is better: 5 the trace names the failing line in every graded case under every setting; 4 it does under Node's defaults, but fragile; 3 only with long stack traces; 2 it names the example's file somewhere; 1 never.",
};

/** What a metric file's column means, or null for a column this does not know. */
function columnMeaning(key) {
  return Object.hasOwn(COLUMN_MEANINGS, key) ? COLUMN_MEANINGS[key] : null;
}

// The cells of a debuggability table's failure cases, for its glossary.
const DEBUGGABILITY_CELLS = [
  {
    term: 'caller 0',
    text: "How the error surfaced, then the distance in lines from the trace's nearest frame in the example to the failing call. caller: the caller got the error; thrown: upload() threw; uncaught: an uncaught exception; unhandled: an unhandled rejection. 0: the trace names the failing line.",
  },
  { term: 'caller -', text: "It surfaced, but the trace does not name the example's file at all." },
  { term: 'caller ?', text: "The example's file is named, but its failing call could not be located, so there is no distance." },
  { term: 'success, silent', text: 'The caller was told the upload succeeded; or nobody heard of the error.' },
  {
    term: `${OUTCOME_LABELS.hung}, ${OUTCOME_LABELS.crash}`,
    text: 'The probe still ran at its timeout and was killed; or its process ended without finishing.',
  },
];

// A file of `debuggability --runtime` holds each example once per runtime
// (its `runtime`, a spec of `runtimes`): those rows say which, and a setting
// the runtime could not apply reads n/a.
function debuggabilityTable(json) {
  const cases = json.cases.map((c) => c.key).filter((key) => typeof key === 'string');
  const rows = debuggabilityRows(json, { fromFile: true });
  const notes = [];
  const shown = shownExamples(json, { fromFile: true });
  for (const { example, label, showsRuns } of shown) {
    const who = label === null ? example.name : `${example.name} under ${label}`;
    if (!showsRuns) {
      if (example.status === 'unsupported' && example.gradeReason) notes.push(`${example.name} under ${label}: UNSUPPORTED (${example.gradeReason})`);
      continue;
    }
    if (example.gradeReason) notes.push(`${who}: ${example.grade ?? 'no grade'} (${example.gradeReason})`);
    if (isPlainObject(example.sourceMaps) && example.sourceMaps.reason) {
      notes.push(`${who}, source maps: ${example.sourceMaps.level ?? 'no level'} (${example.sourceMaps.reason})`);
    }
  }
  const kept = keptNote(json);
  if (kept) notes.push(kept);
  const byRuntime = shown.some(({ label }) => label !== null);
  // A file written before source-map levels were measured has no such column.
  const withLevels = json.examples.some((example) => isPlainObject(example) && isPlainObject(example.sourceMaps));
  const columns = [...(byRuntime ? ['runtime'] : []), 'setting', ...cases, 'to caller', 'grade', ...(withLevels ? ['source maps'] : [])];
  return { rows, columns, notes, cells: DEBUGGABILITY_CELLS };
}

/**
 * @param {unknown} json the parsed file
 * @returns {{ rows: object[], columns: string[], notes: string[] }} each row
 *   has `example`; columns are the keys shown, in order of first appearance
 * @throws {Error} when the file holds no rows this can read
 */
function metricRows(json) {
  if (isDebuggabilityReport(json)) {
    const table = debuggabilityTable(json);
    if (table.rows.length > 0) return table;
  }
  const raw = rowsOf(json);
  if (!raw) throw new Error('expected a JSON array of rows, or an object with a "rows" array');
  const rows = [];
  for (const item of raw) {
    if (!isPlainObject(item)) continue;
    const example = exampleOf(item);
    if (!example) continue;
    const flat = flatten(item);
    for (const key of IDENTITY_KEYS) delete flat[key];
    rows.push({ example, ...flat });
  }
  if (rows.length === 0) throw new Error('no row names an example (expected an "example" or "name" field)');
  // The file path only repeats the example's name when the rows have one.
  const named = raw.every((item) => !isPlainObject(item) || IDENTITY_KEYS.some((key) => typeof item[key] === 'string'));
  const columns = [];
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (key === 'example' || (named && key === 'file') || columns.includes(key)) continue;
      columns.push(key);
    }
  }
  return { rows, columns, notes: [] };
}

/** The first column named exactly one of `names`, else the first matching `pattern`. */
function findColumn(columns, names, pattern) {
  for (const name of names) if (columns.includes(name)) return name;
  return pattern ? (columns.find((column) => pattern.test(column)) ?? null) : null;
}

/**
 * One value per example of `column`: the value itself when the example has one
 * row or all its rows agree; else how often each value occurs ("A×3, C×1").
 */
function valueByExample(rows, column) {
  const values = new Map();
  for (const row of rows) {
    if (row[column] === undefined || row[column] === null || row[column] === '') continue;
    if (!values.has(row.example)) values.set(row.example, []);
    values.get(row.example).push(row[column]);
  }
  const result = new Map();
  for (const [example, list] of values) {
    const counts = new Map();
    for (const value of list) counts.set(value, (counts.get(value) ?? 0) + 1);
    if (counts.size === 1) result.set(example, list[0]);
    else {
      const sorted = [...counts.entries()].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      result.set(example, sorted.map(([value, count]) => `${value}×${count}`).join(', '));
    }
  }
  return result;
}

module.exports = { metricRows, findColumn, valueByExample, columnMeaning };
