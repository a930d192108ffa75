'use strict';

const fs = require('node:fs');
const path = require('node:path');

// A driver's declaration (lib/drivers/<name>/index.js) checked when it is
// found, as bench-node checks its plugins: a member that is missing or of the
// wrong type fails at load time, in one line naming the driver and the
// member, not deep inside a run.

/**
 * One parameter of a driver: a CLI option of bench, a column of asyncmark
 * list, a key of a job's params.
 * @typedef {object} ParamSpec
 * @property {string} name the key in params; its option is --<name> in kebab case
 * @property {'integer'|'number'|'choice'} type
 * @property {string} description one line, for --help and asyncmark list
 * @property {string[]} [choices] the values a choice takes (type 'choice' only, and there required)
 * @property {number} [min] the least value (integer and number, and there required)
 * @property {number} [max] the greatest value (integer and number, and there required)
 * @property {boolean} [minExclusive] min itself is refused
 * @property {boolean} [list] a comma-separated list of values gives a grid
 * @property {number} [test] the largest value bench --test keeps
 * @property {Object<string, Array<string>>} [when] applies only while another parameter has one of these values
 * @property {boolean} [interleaved] its values run side by side within each run, not as grid cells
 * @property {*} [absent] the value left out of a job's params (with interleaved)
 */

/**
 * What a driver declares, in its folder's index.js.
 * @typedef {object} Driver
 * @property {string} name the folder's name; what scenarios, registries and results lines name
 * @property {string} description one line, for asyncmark list
 * @property {string} help what one run does and when it checks out, a paragraph of bench --help
 * @property {string} child the absolute path of its child script: one run, reported over IPC
 * @property {string[]} execArgv the Node flags its child runs with
 * @property {ParamSpec[]} params its parameters
 * @property {{ metric: string, title: string, unit: string, description: string }} time
 *   the metric compared with the baseline, and how the tables name it
 * @property {string[]} [extra] its other metrics, summarized as medians
 * @property {string[]} charts the charts of its report section (their kinds are the report's)
 * @property {{ param: string, model: 'power'|'exponential', label: string } | null} growth the parameter time and memory
 *   are fitted against, how, and the title of that axis in the charts; null for a driver without a size axis
 * @property {Array<{ key: string, title?: string }>} listColumns the columns of its examples in asyncmark list
 * @property {{ params: object, metrics: object }} schema the JSON Schema of its params and metrics
 *   (its schema.json), composed into the results schema by lib/results
 * @property {function} columns the columns of its summary table, from the report's column parts (its columns.js)
 * @property {function} entryFaults (entry, registry) → a list of what is wrong with a registry entry of its
 *   problems, empty when nothing is (its entry.js)
 * @property {string} [browserChild] the absolute path of its child under a browser runtime
 * @property {string} [browserWhyNot] why it has no browser child, for the cells of a browser runtime
 * @property {string[]} [calls] how its examples are called, where they are not the batch conventions
 * @property {string[]} [families] how its examples are written, where they are not the DoxBee style families
 * @property {{ invocations: string, per: string, timed: string[], roundSize: Function, rounds?: object }} [counted] that
 *   its child repeats its measured region job.repeat times, so bench --measure instructions can count it
 *   (lib/runner/count.js): invocations, the metric a count is divided by; per, what one invocation is called in
 *   tables; timed, its metrics that are times (n/a in a counted run); roundSize(job), invocations per repetition;
 *   rounds, { warm, counted } repetitions where they are not chosen from roundSize
 */

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const isText = (value) => typeof value === 'string' && value.length > 0;
const isTexts = (value) => Array.isArray(value) && value.every(isText);
const isFile = (value) => isText(value) && path.isAbsolute(value) && fs.existsSync(value);
const isNumber = (value) => typeof value === 'number' && Number.isFinite(value);
const isBoolean = (value) => typeof value === 'boolean';

const TEXT = 'a non-empty string';
const TEXTS = 'an array of non-empty strings';
const FILE = 'the absolute path of an existing file';

// Each member a driver may declare: whether it must, and what it must be.
const MEMBERS = {
  name: { required: true, check: isText, expected: TEXT },
  description: { required: true, check: isText, expected: TEXT },
  help: { required: true, check: isText, expected: TEXT },
  child: { required: true, check: isFile, expected: FILE },
  execArgv: { required: true, check: (value) => Array.isArray(value) && value.every(isText), expected: TEXTS },
  params: { required: true, check: Array.isArray, expected: 'an array of parameters' },
  time: { required: true, check: isObject, expected: 'an object { metric, title, unit, description }' },
  extra: { required: false, check: isTexts, expected: TEXTS },
  charts: { required: true, check: isTexts, expected: TEXTS },
  growth: {
    required: true,
    check: (value) => value === null || (isObject(value) && isText(value.param) && ['power', 'exponential'].includes(value.model) && isText(value.label)),
    expected: "null or { param, model: 'power' | 'exponential', label }",
  },
  listColumns: {
    required: true,
    check: (value) =>
      Array.isArray(value) && value.length > 0 && value.every((c) => isObject(c) && isText(c.key) && (c.title === undefined || isText(c.title))),
    expected: 'a non-empty array of { key, title? }',
  },
  schema: {
    required: true,
    check: (value) => isObject(value) && isObject(value.params) && isObject(value.metrics) && Object.keys(value).length === 2,
    expected: 'an object { params, metrics } of JSON Schemas (its schema.json)',
  },
  columns: { required: true, check: (value) => typeof value === 'function', expected: "a function of the report's column parts (its columns.js)" },
  entryFaults: {
    required: true,
    check: (value) => typeof value === 'function',
    expected: 'a function (entry, registry) → what is wrong with it (its entry.js)',
  },
  browserChild: { required: false, check: isFile, expected: FILE },
  browserWhyNot: { required: false, check: isText, expected: TEXT },
  calls: { required: false, check: isTexts, expected: TEXTS },
  families: { required: false, check: isTexts, expected: TEXTS },
  counted: {
    required: false,
    check: (value) =>
      isObject(value) &&
      isText(value.invocations) &&
      isText(value.per) &&
      isTexts(value.timed) &&
      typeof value.roundSize === 'function' &&
      (value.rounds === undefined || (isObject(value.rounds) && Number.isInteger(value.rounds.warm) && Number.isInteger(value.rounds.counted))),
    expected: 'an object { invocations, per, timed, roundSize(job), rounds? { warm, counted } }',
  },
};

const TIME = ['metric', 'title', 'unit', 'description'];
const PARAM_KEYS = ['name', 'type', 'description', 'choices', 'min', 'max', 'minExclusive', 'list', 'test', 'when', 'interleaved', 'absent', 'short'];

// The first thing wrong with one parameter, as [its member, what it must be],
// or [its member, null, what is allowed] for a member it may not declare; or null.
function paramProblem(spec) {
  if (!isObject(spec)) return ['', 'an object { name, type, description, ... }'];
  const unknown = Object.keys(spec).find((key) => !PARAM_KEYS.includes(key));
  if (unknown) return [`.${unknown}`, null, `a parameter declares only ${PARAM_KEYS.join(', ')}`];
  if (!isText(spec.name)) return ['.name', TEXT];
  if (!['integer', 'number', 'choice'].includes(spec.type)) return ['.type', "'integer', 'number' or 'choice'"];
  if (!isText(spec.description)) return ['.description', TEXT];
  if (spec.short !== undefined && !/^[a-z]$/.test(spec.short)) return ['.short', "one lower-case letter, its option's short form (-n)"];
  if (spec.type === 'choice') {
    if (!isTexts(spec.choices) || spec.choices.length === 0) return ['.choices', 'a non-empty array of strings'];
  } else {
    if (!isNumber(spec.min)) return ['.min', 'a finite number'];
    if (!isNumber(spec.max) || spec.max < spec.min) return ['.max', `a finite number, at least min (${spec.min})`];
  }
  for (const key of ['minExclusive', 'list', 'interleaved']) if (spec[key] !== undefined && !isBoolean(spec[key])) return [`.${key}`, 'true or false'];
  if (spec.test !== undefined && !isNumber(spec.test)) return ['.test', 'a finite number'];
  if (spec.when !== undefined && !(isObject(spec.when) && Object.values(spec.when).every(isTexts))) return ['.when', 'an object of parameter name → values'];
  return null;
}

// The first thing wrong with a declaration, as paramProblem says it; or null.
function declarationProblem(declaration, folder) {
  if (!isObject(declaration)) return ['', 'an object, exported by its index.js'];
  const unknown = Object.keys(declaration).find((key) => !(key in MEMBERS));
  if (unknown) return [unknown, null, `a driver declares only ${Object.keys(MEMBERS).join(', ')}`];
  for (const [member, { required, check, expected }] of Object.entries(MEMBERS)) {
    if (declaration[member] === undefined) {
      if (required) return [member, expected];
    } else if (!check(declaration[member])) {
      return [member, expected];
    }
  }
  if (declaration.name !== path.basename(folder)) return ['name', `its folder's name, ${path.basename(folder)}`];
  for (const [i, spec] of declaration.params.entries()) {
    const problem = paramProblem(spec);
    if (problem) return [`params[${i}]${problem[0]}`, ...problem.slice(1)];
  }
  const names = declaration.params.map((spec) => spec.name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice) return ['params', `parameters of distinct names (${twice} is declared twice)`];
  const field = TIME.find((key) => !isText(declaration.time[key]));
  if (field) return [`time.${field}`, TEXT];
  if (declaration.growth && !names.includes(declaration.growth.param)) return ['growth.param', `one of its parameters (${names.join(', ')})`];
  return null;
}

// A value as an error message shows it: short, on one line.
function briefJson(value) {
  if (value === undefined) return 'missing';
  const text = typeof value === 'function' ? 'a function' : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

// The value at a member's path ("params[2].type", "time.metric").
function valueAt(declaration, member) {
  return member
    .split(/[.[\]]+/)
    .filter(Boolean)
    .reduce((value, key) => (value === null || value === undefined ? undefined : value[key]), declaration);
}

/**
 * Checks a driver's declaration; throws one Error naming the driver, the
 * member and what it must be.
 * @param {Driver} declaration what the folder's index.js exports
 * @param {string} folder the driver's folder
 * @returns {Driver} the declaration
 */
function validateDriver(declaration, folder) {
  const problem = declarationProblem(declaration, folder);
  if (!problem) return declaration;
  const [member, expected, allowed] = problem;
  const where = path.relative(process.cwd(), path.join(folder, 'index.js')) || folder;
  const name = isObject(declaration) && isText(declaration.name) ? declaration.name : path.basename(folder);
  const what =
    expected === null
      ? `is not a member it may declare (${allowed})`
      : `must be ${expected}; it is ${briefJson(member === '' ? declaration : valueAt(declaration, member))}`;
  throw new Error(`driver ${name} (${where}): ${member || 'its declaration'} ${what}`);
}

module.exports = { validateDriver };
