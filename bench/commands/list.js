'use strict';

const { afterHelp } = require('../help-text');
const problems = require('../../examples');
const scenarios = require('../scenarios');
const drivers = require('../../lib/drivers');
const { formatRows } = require('../../lib/report/render/rows');
const { TERMINAL_WIDTH, wrapText } = require('../../lib/report/render/wrap');
const { flag, optionText } = require('../params');
const { dependencies } = require('../../package.json');
const { lacking } = require('../../lib/runtimes/syntax');

// asyncmark list: the scenarios with their driver and parameters, every
// driver's parameters (generated from lib/drivers, as bench's options are),
// and every example of every problem.

function describeParams(scenario) {
  const own = Object.entries(scenario.params)
    .map(([key, value]) => `${key}=${optionText(value)}${(scenario.fixed ?? []).includes(key) ? ' (fixed)' : ''}`)
    .join(' ');
  // The grid that replaces it under a real database (bench --db).
  const database = scenario.againstDatabase ? Object.entries(scenario.againstDatabase.params).map(([key, value]) => `${key}=${optionText(value)}`) : [];
  return database.length ? `${own}; with --db: ${database.join(' ')}` : own;
}

function describeRange(spec) {
  if (spec.type === 'choice') return spec.choices.join(' | ');
  const low = `${spec.minExclusive ? '>' : '>='} ${spec.min}`;
  return `${spec.type}, ${low}, <= ${spec.max}${spec.list ? ', a list' : ''}`;
}

// A library as name@version, the version package.json pins; one it does not
// pin (it cannot be installed here) says so.
function describeLibrary(name) {
  return dependencies[name] ? `${name}@${dependencies[name]}` : `${name} (not installed)`;
}

function action() {
  const out = [];
  out.push('scenarios');
  out.push(
    formatRows(
      Object.values(scenarios).map((s) => ({
        name: s.name,
        driver: s.driver,
        problem: s.problem,
        params: describeParams(s),
        description: s.description,
      })),
      [{ key: 'name' }, { key: 'driver' }, { key: 'problem' }, { key: 'params' }, { key: 'description' }],
      'table',
      { width: TERMINAL_WIDTH },
    ),
  );
  for (const driver of Object.values(drivers)) {
    out.push(wrapText(`parameters of the ${driver.name} driver: ${driver.description}`));
    out.push(
      formatRows(
        driver.params.map((spec) => ({
          option: flag(spec.name),
          values: describeRange(spec),
          scenarios:
            Object.values(scenarios)
              .filter((s) => s.driver === driver.name && spec.name in s.params && !(s.fixed ?? []).includes(spec.name))
              .map((s) => s.name)
              .join(', ') || '-',
          description: spec.description,
        })),
        [{ key: 'option' }, { key: 'values' }, { key: 'scenarios' }, { key: 'description' }],
        'table',
        { width: TERMINAL_WIDTH },
      ),
    );
  }
  for (const [name, registry] of Object.entries(problems)) {
    out.push(`examples of ${name} (driver: ${registry.driver}; reference: ${registry.reference})`);
    out.push(
      formatRows(
        registry.examples.map((e) => ({ where: '-', call: '-', ...e, libraries: e.libraries.map(describeLibrary).join(', ') || '-' })),
        drivers[registry.driver].listColumns,
        'table',
        { width: TERMINAL_WIDTH },
      ),
    );
    const unavailable = registry.examples.filter((e) => e.unavailable);
    if (unavailable.length) out.push(`${unavailable.map((e) => wrapText(`${e.name} cannot run here: ${e.unavailable}`, TERMINAL_WIDTH, '  ')).join('\n')}\n`);
    // Written in a syntax this node cannot parse: it runs under a --runtime that can.
    const unsupported = registry.examples.filter((e) => lacking(e.needs, null));
    if (unsupported.length)
      out.push(
        `${unsupported
          .map((e) =>
            wrapText(`${e.name} is UNSUPPORTED on this node: ${lacking(e.needs, null)} (bench and debuggability run it under --runtime)`, TERMINAL_WIDTH, '  '),
          )
          .join('\n')}\n`,
      );
  }
  process.stdout.write(out.join('\n'));
}

function register(program) {
  program
    .command('list')
    .description("list the scenarios with their driver and parameters, every driver's parameters, and every example of every problem")
    .addHelpText('after', afterHelp({ examples: ['npx asyncmark list', 'npx asyncmark list | less'] }))
    .action(action);
}

module.exports = { register };
