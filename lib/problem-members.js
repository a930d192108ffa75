'use strict';

// The members a problem folder declares (lib/problems.js documents each), as
// data, and the checks that hold a loaded file to them, as bench-node's
// validatePlugins holds a plugin: the first member missing or of the wrong
// type is one error naming the file and the member. A type ending in ? is
// optional.

const REGISTRY = { problem: 'string', driver: 'string', reference: 'string', examples: 'array', order: 'number?', fewestExamples: 'number?' };
const ENTRY = { name: 'string', file: 'string', load: 'function', libraries: 'array' };
const SCENARIO = {
  name: 'string',
  problem: 'string',
  driver: 'string',
  description: 'string',
  params: 'object',
  fixed: 'array?',
  order: 'number?',
  childOptions: 'object?',
  usage: 'array?',
  counted: 'object?',
  main: 'object?',
  againstDatabase: 'object?',
  floor: 'object?',
};
// A scenario's floor (checkFloor): an example of another scenario, counted beside it.
const FLOOR = { scenario: 'string', example: 'string' };
const PROBE = { op: 'string', options: 'object', args: 'array', callSites: 'object' };
const MODEL = {
  FAILABLE: 'array',
  path: 'function',
  OPERATIONS: 'object',
  BASES: 'object',
  createIO: 'function',
  invocationArgs: 'function',
  contextStore: 'function',
  checkRun: 'function',
  BARE: 'object?',
  OPTIONS: 'array?',
  database: 'function?',
};
// What conformance reads: a model that has CASE_ARGS is verifiable, and must have the rest.
const CONFORMANCE = {
  CASE_ARGS: 'array',
  VARIED_ARGS: 'array',
  uploadOf: 'function',
  renumberIds: 'function',
  afterFailure: 'function',
  uploadName: 'function',
  UPLOAD_NAMED_BY: 'string',
  expectedResult: 'function?',
  BRANCHES: 'array?',
  describeBranch: 'function?',
  CONCURRENT: 'object?',
  FIRE_AND_FORGET: 'array?',
  CANCEL: 'object?',
};
const OPERATION = { op: 'string?', args: 'function', value: 'function', owns: 'function' };

// What a problem adds to the report (examples/<problem>/report.js); every hook is optional.
const REPORT = { headline: 'string?', article2013: 'object?', styles2018: 'object?', families: 'array?' };

const SHAPES = { registry: REGISTRY, scenario: SCENARIO, probe: PROBE, report: REPORT };

function typeOf(value) {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value;
}

function article(type) {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function briefValue(value) {
  if (typeof value === 'function') return 'a function';
  if (value === undefined) return 'undefined';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${typeOf(value)} ${text.slice(0, 37)}...` : text;
}

function fail(where, member, what, value) {
  throw new TypeError(`${where}: ${member} must be ${what}; got ${briefValue(value)}`);
}

// Each member of `members` on `object` (named `label` in the message).
function checkShape(where, object, members, label) {
  for (const [member, declared] of Object.entries(members)) {
    const optional = declared.endsWith('?');
    const type = optional ? declared.slice(0, -1) : declared;
    const value = object?.[member];
    if (optional && value === undefined) continue;
    if (typeOf(value) !== type) fail(where, `${label}.${member}`, article(type), value);
  }
}

/**
 * Checks a registry, scenario or probe. `expected` is what some members must
 * equal: for a registry, the folder's name; for a scenario, its file's name,
 * problem and driver.
 */
function checkMembers(where, object, kind, expected) {
  checkShape(where, object, SHAPES[kind], kind);
  if (kind === 'registry') {
    if (object.problem !== expected) fail(where, 'registry.problem', `the folder's name, ${expected}`, object.problem);
    object.examples.forEach((entry, i) => checkShape(where, entry, ENTRY, `registry.examples[${i}]`));
    if (!object.examples.some((e) => e.name === object.reference)) fail(where, 'registry.reference', 'the name of one of its examples', object.reference);
  }
  if (kind === 'scenario') {
    for (const [member, value] of Object.entries(expected)) {
      if (object[member] !== value) fail(where, `scenario.${member}`, value, object[member]);
    }
  }
}

/**
 * Checks a scenario's floor against every discovered scenario: the scenario
 * it names exists and has the declaring scenario's driver, the example is one
 * of its problem's, and each parameter of its grid is one the declaring
 * scenario has too, so that the floor can be counted at the declaring
 * scenario's values. The first fault is one error naming the file.
 * @param {string} where the declaring scenario's file, relative to the repository
 * @param {object} scenario the declaring scenario (its floor: { scenario, example })
 * @param {Object<string, object>} scenarios every scenario by name
 * @param {Object<string, object>} registries every problem's registry by name
 */
function checkFloor(where, scenario, scenarios, registries) {
  const { floor } = scenario;
  // Not Object.hasOwn: a run's child loads this module under Node 6 too.
  const has = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
  checkShape(where, floor, FLOOR, 'scenario.floor');
  const named = has(scenarios, floor.scenario) ? scenarios[floor.scenario] : null;
  if (!named || floor.scenario === scenario.name) fail(where, 'scenario.floor.scenario', 'the name of another discovered scenario', floor.scenario);
  if (named.driver !== scenario.driver)
    fail(where, 'scenario.floor.scenario', `a scenario of the ${scenario.driver} driver (${floor.scenario} is ${named.driver}'s)`, floor.scenario);
  const examples = registries[named.problem].examples.map((entry) => entry.name);
  if (!examples.includes(floor.example))
    fail(where, 'scenario.floor.example', `an example of ${named.problem}, the problem of ${floor.scenario}`, floor.example);
  const missing = Object.keys(named.params).filter((name) => !has(scenario.params, name));
  if (missing.length > 0)
    fail(where, 'scenario.floor.scenario', `a scenario whose parameters this one has too (it lacks ${missing.join(', ')})`, floor.scenario);
}

/** Checks a model (model.js): its members, each operation's spec, and conformance's members if it has any. */
function checkModel(where, model) {
  checkShape(where, model, MODEL, 'model');
  for (const [className, methods] of Object.entries(model.OPERATIONS)) {
    if (typeof model.BASES[className] !== 'function') fail(where, `model.BASES.${className}`, 'a class (OPERATIONS has it)', model.BASES[className]);
    for (const [method, spec] of Object.entries(methods)) checkShape(where, spec, OPERATION, `model.OPERATIONS.${className}.${method}`);
  }
  if (isVerifiable(model)) checkShape(where, model, CONFORMANCE, 'model');
}

/** Whether conformance can verify a problem's examples: its model declares conformance's members. */
function isVerifiable(model) {
  return Boolean(model) && model.CASE_ARGS !== undefined;
}

module.exports = { checkMembers, checkModel, checkFloor, isVerifiable };
