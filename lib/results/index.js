'use strict';

const Ajv = require('ajv');
const { composeSchema } = require('./schema');

// The results file: JSON lines, one run each, in the schema of
// run.schema.json (a common envelope) with the parameters and metrics of the
// run's driver (lib/drivers/<name>/schema.json), composed here from the
// drivers' declarations the caller hands in (lib/drivers, which this module
// does not load). This module owns that schema and is the one reader of the files:
// the session (to resume), the report, compare and the docs pipeline read through it.
// Pure: text in, runs and the reasons for any line not used out.

const ENVELOPE = require('./run.schema.json');
const SCHEMA = ENVELOPE.$id;

// Each set of declarations is composed and compiled once.
const compiled = new WeakMap();

function compiledFor(drivers) {
  if (drivers === null || typeof drivers !== 'object') throw new TypeError("lib/results: the drivers' declarations (lib/drivers) are needed, by name");
  if (!compiled.has(drivers)) {
    const schema = composeSchema(ENVELOPE, Object.values(drivers));
    compiled.set(drivers, { schema, validator: new Ajv({ allErrors: false, strictTypes: false, validateFormats: false }).compile(schema) });
  }
  return compiled.get(drivers);
}

/**
 * The schema of a results line: the envelope with one branch per driver.
 * @param {Object<string, object>} drivers the drivers' declarations by name (lib/drivers)
 */
function resultsSchema(drivers) {
  return compiledFor(drivers).schema;
}

// asyncmark/run@1 had one driver, and its lines name none: they are all of this one.
const FIRST_DRIVER = 'batch';

/**
 * A line of an earlier version, read as the current one: asyncmark/run@1 had
 * only the batch driver, and stored the baseline its session chose, which is
 * now chosen when reporting.
 */
function upgrade(run) {
  if (run && run.schema === 'asyncmark/run@1') {
    const { baseline, ...rest } = run;
    return { ...rest, schema: SCHEMA, driver: FIRST_DRIVER };
  }
  return run;
}

/**
 * Why a parsed line is not a run of the schema, in a few words; null when it is.
 * @param {{ drivers: Object<string, object> }} declarations the drivers by name (lib/drivers)
 */
function problemWith(run, { drivers } = {}) {
  const { validator } = compiledFor(drivers);
  if (run === null || typeof run !== 'object' || Array.isArray(run)) return 'not a JSON object';
  if (run.schema !== SCHEMA) return `schema is ${JSON.stringify(run.schema)}, expected "${SCHEMA}" (or asyncmark/run@1)`;
  if (validator(run)) return null;
  const [first] = validator.errors;
  return `${first.instancePath ? first.instancePath.slice(1).replace(/\//g, '.') : 'the line'} ${first.message}`;
}

function isJson(text) {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The cut-off last line of a results file's text, if it has one: text after
 * the last newline that is not JSON. A write interrupted by a crash or a full
 * disk leaves such a line; it is expected of a session cut short, so readers
 * warn of it, unlike a bad line that has its newline.
 * @param {string} text the file's contents
 * @returns {{ line: number, bytes: number } | null} its line number, from 1, and its length in bytes
 */
function cutOffLine(text) {
  const start = text.lastIndexOf('\n') + 1;
  const tail = text.slice(start);
  if (tail.trim() === '' || isJson(tail)) return null;
  return { line: text.slice(0, start).split('\n').length, bytes: Buffer.byteLength(tail) };
}

/**
 * The runs of one results file's text. A line that cannot be used is never
 * dropped quietly: it is listed in `skipped` with its reason.
 * @param {string} text the file's contents
 * @param {string} source the file's name, used in the reasons for skipped lines
 * @param {{ drivers: Object<string, object> }} declarations the drivers by name (lib/drivers)
 * @returns {{ runs: object[], skipped: Array<{ source, line, reason }>, lines: number }}
 */
function parseResults(text, source, { drivers } = {}) {
  compiledFor(drivers);
  const runs = [];
  const skipped = [];
  let count = 0;
  const cut = cutOffLine(String(text));
  String(text)
    .split('\n')
    .forEach((raw, index) => {
      const line = raw.trim();
      if (line === '') return;
      count++;
      if (cut && index + 1 === cut.line) {
        skipped.push({ source, line: index + 1, reason: `a cut-off last line (${cut.bytes} bytes), as an interrupted write leaves` });
        return;
      }
      let run;
      try {
        run = upgrade(JSON.parse(line));
      } catch {
        skipped.push({ source, line: index + 1, reason: 'not a JSON line' });
        return;
      }
      const reason = problemWith(run, { drivers });
      if (reason) skipped.push({ source, line: index + 1, reason });
      else runs.push({ ...run, source });
    });
  return { runs, skipped, lines: count };
}

/**
 * What makes a run the one run it is: its session, and the cell and
 * repetition it measured (scenario, example, parameters, run index, runtime,
 * and the environment it ran in, which names the runtime and the machine).
 * The same line read from two files, or twice from one, has the same key.
 */
function runKey({ session, scenario, example, params, run, runtime, env }) {
  const sorted = (object) => Object.fromEntries(Object.entries(object ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return JSON.stringify([session, scenario, example, sorted(params), run, runtime ?? null, sorted(env)]);
}

/**
 * Each run once: the first of runs with the same runKey is kept, so that
 * pooling a file with itself (or with a copy) counts nothing twice.
 * @param {object[]} runs
 * @returns {{ runs: object[], dropped: number }}
 */
function dropDuplicates(runs) {
  const seen = new Set();
  const unique = [];
  for (const run of runs) {
    const key = runKey(run);
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(run);
  }
  return { runs: unique, dropped: runs.length - unique.length };
}

module.exports = { SCHEMA, FIRST_DRIVER, resultsSchema, upgrade, problemWith, parseResults, cutOffLine, isJson, runKey, dropDuplicates };
