'use strict';

const problems = require('../../examples');
const scenarios = require('../scenarios');
const { formatRows } = require('../../lib/format');

function describeDefaults(defaults) {
  return Object.entries(defaults)
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join(',') : value}`)
    .join(' ');
}

function action() {
  const out = [];
  out.push('scenarios');
  out.push(formatRows(Object.values(scenarios).map((s) => ({
    name: s.name,
    problem: s.problem,
    defaults: describeDefaults(s.defaults),
    description: s.description,
  })), [{ key: 'name' }, { key: 'problem' }, { key: 'defaults' }, { key: 'description' }], 'table'));
  for (const [name, registry] of Object.entries(problems)) {
    out.push(`examples of ${name} (reference: ${registry.reference})`);
    out.push(formatRows(registry.examples.map((e) => ({
      name: e.name,
      family: e.family,
      call: e.call,
      io: e.io,
      libraries: e.libraries.join(', ') || '-',
      throws: e.throws,
    })), [{ key: 'name' }, { key: 'family' }, { key: 'call' }, { key: 'io', title: 'I/O flavour' }, { key: 'libraries' }, { key: 'throws', title: 'sync throw' }], 'table'));
  }
  process.stdout.write(out.join('\n'));
}

function register(program) {
  program
    .command('list')
    .description('list the scenarios with their parameters, and every example of every problem')
    .action(action);
}

module.exports = { register };
