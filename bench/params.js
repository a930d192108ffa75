'use strict';

const { Option } = require('commander');
const { UsageError, parseNumber, parseNumbers, parseChoice, parseNames } = require('./usage');
const { rangeOf } = require('../lib/parameters');

// The command line of every driver's parameters, generated from their
// declarations (lib/drivers/*/index.js): the bench options, their help, their
// validation and their --test values. Nothing here names a parameter.

/** "minTime" -> "--min-time" */
function flag(name) {
  return `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** The value a scenario gives, as an option takes it ("100,1000"), for help and asyncmark list. */
function optionText(value) {
  return Array.isArray(value) ? value.join(',') : String(value);
}

/**
 * One option per parameter name across the drivers; where two drivers share
 * a name (n), the description says what it means to each.
 * @param {object} drivers by name
 * @param {object} scenarios by name
 * @returns {Option[]}
 */
function optionsFor(drivers, scenarios) {
  const byName = new Map();
  for (const driver of Object.values(drivers)) {
    for (const spec of driver.params) {
      if (!byName.has(spec.name)) byName.set(spec.name, []);
      byName.get(spec.name).push({ driver, spec });
    }
  }
  return [...byName.entries()].map(([name, uses]) => {
    const meanings = uses.map(({ driver, spec }) => {
      const where = Object.values(scenarios).filter((s) => s.driver === driver.name && name in s.params && !(s.fixed ?? []).includes(name));
      const defaults = [...new Set(where.map((s) => optionText(s.params[name])))];
      const list = spec.list ? '; a comma-separated list gives a grid' : '';
      const def = defaults.length === 1 ? ` (default: ${defaults[0]})` : defaults.length ? ` (default: per scenario, see asyncmark list)` : '';
      const prefix = uses.length > 1 ? `${driver.name}: ` : '';
      const applies = where.length < Object.values(scenarios).filter((s) => s.driver === driver.name).length ? ` [${where.map((s) => s.name).join(', ')}]` : '';
      const choices = spec.type === 'choice' ? ` (one of: ${spec.choices.join(', ')})` : '';
      return `${prefix}${spec.description}${choices}${list}${def}${applies}`;
    });
    const argument = uses.some((u) => u.spec.list) ? 'list' : uses[0].spec.type === 'choice' ? 'name' : 'value';
    // A one-letter form where a declaration gives one (-n for n).
    const short = uses.map((u) => u.spec.short).find(Boolean);
    // Validated by resolveParams, so that every refusal reads the same.
    return new Option(`${short ? `-${short}, ` : ''}${flag(name)} <${argument}>`, meanings.join('. '));
  });
}

function parseValue(spec, text) {
  const parameter = flag(spec.name);
  if (spec.type === 'choice') return spec.list ? parseNames(parameter, text, spec.choices) : parseChoice(parameter, text, spec.choices);
  return spec.list ? parseNumbers(parameter, text, rangeOf(spec)) : parseNumber(parameter, text, rangeOf(spec));
}

// "constant or jitter"
function either(values) {
  return values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}

/**
 * The scenario's parameters with the options given, validated. Throws
 * UsageError (one line, exit 2) before anything runs.
 * @param {object} scenario { name, driver, params, fixed? }
 * @param {object} driver its declaration
 * @param {object} options commander's parsed options
 * @param {object} scenarios all of them, to say where a parameter applies
 * @returns {object} params: lists for the grid, single values otherwise
 */
function resolveParams(scenario, driver, options, scenarios) {
  const params = { ...scenario.params };
  const fixed = scenario.fixed ?? [];
  const specs = new Map(driver.params.map((spec) => [spec.name, spec]));
  const given = Object.keys(options).filter((key) => options[key] !== undefined);
  // Every parameter of any driver is an option; one this scenario does not take is refused.
  const allNames = new Set(Object.values(scenarios).flatMap((s) => Object.keys(s.params)));
  for (const name of given.filter((key) => allNames.has(key) || specs.has(key))) {
    if (!specs.has(name) || !(name in scenario.params) || fixed.includes(name)) {
      const takers = Object.values(scenarios)
        .filter((s) => name in s.params && !(s.fixed ?? []).includes(name))
        .map((s) => s.name);
      throw new UsageError(`${flag(name)}: applies to ${takers.length ? either(takers) : 'no scenario'}, not ${scenario.name}`);
    }
    params[name] = parseValue(specs.get(name), options[name]);
  }
  // A parameter that applies only with another's value (t with constant latency).
  for (const [name, spec] of specs) {
    if (!spec.when || !(name in params)) continue;
    const [other, values] = Object.entries(spec.when)[0];
    // A scenario without the other parameter (the client problem has no workload) takes it always.
    if (!(other in params) || values.includes(params[other])) continue;
    if (given.includes(name)) {
      throw new UsageError(`${flag(name)}: applies only with ${flag(other)} ${either(values)}, not ${params[other]}`);
    }
    // Kept out of the cell, so cells are not split by a value nobody reads.
    delete params[name];
  }
  return params;
}

/** The cheap --test grid: the first value of every list, cut to the spec's test value. */
function testParams(params, driver) {
  const result = { ...params };
  for (const spec of driver.params) {
    if (!(spec.name in result)) continue;
    const value = result[spec.name];
    const first = Array.isArray(value) ? value[0] : value;
    const cut = spec.test === undefined ? first : Math.min(spec.test, first);
    result[spec.name] = Array.isArray(value) ? [cut] : cut;
  }
  return result;
}

module.exports = { flag, optionsFor, resolveParams, testParams, optionText };
