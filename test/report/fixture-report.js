'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { buildReport } = require('../../lib/report');
const drivers = require('../../lib/drivers');
const registries = require('../../examples');
const { reportHooks, floors } = require('../../lib/problems');

// The report tests' inputs: the hand-made results files (see
// test/fixtures/report/make-results.js) and complexity and debuggability
// files in the shapes their commands print. Reports are built once per format
// and shared, since rendering charts takes a moment.

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'report');
const RESULTS = path.join(FIXTURES, 'results.jsonl');
// The instrument-weight scenario's runs in the same environment.
const INSTRUMENT = path.join(FIXTURES, 'instrument.jsonl');
const COMPLEXITY = path.join(FIXTURES, 'complexity.json');
const DEBUGGABILITY = path.join(FIXTURES, 'debuggability.json');

const EXAMPLES = ['async-await', 'callbacks-original', 'promises-bluebird', 'promises-native'];
const SCENARIOS = ['doxbee-sequential', 'doxbee-errors'];

// What bench/commands/report.js hands every report: the drivers' and problems' declarations
// (the problems' registries, their report hooks and the scenarios' floors).
const DECLARATIONS = { drivers, registries, hooks: reportHooks(), floors: floors() };

const GENERATOR = {
  command: 'asyncmark report --in test/fixtures/report/results.jsonl',
  argv: ['report', '--in', 'test/fixtures/report/results.jsonl'],
  node: 'v20.0.0-test',
  cpu: 'Test CPU',
  time: '2025-01-16T00:00:00.000Z',
};

function read(file) {
  return { name: path.relative(path.join(__dirname, '..', '..'), file), text: fs.readFileSync(file, 'utf8') };
}

function fixtureInput(overrides = {}) {
  return {
    ...DECLARATIONS,
    results: [read(RESULTS)],
    complexity: read(COMPLEXITY),
    debuggability: read(DEBUGGABILITY),
    format: 'markdown',
    generator: GENERATOR,
    links: { guide: '../README.md', complexity: '../complexity.md', debuggability: '../debuggability.md' },
    ...overrides,
  };
}

const built = new Map();

/** The fixture's report in `format`, built once. */
function fixtureReport(format = 'markdown') {
  if (!built.has(format)) built.set(format, buildReport(fixtureInput({ format })));
  return built.get(format);
}

/** Every chart the HTML page shows, in page order: the summary's, then each section's. */
function pageCharts(model) {
  return [
    model.summary.forest,
    model.summary.scatter,
    ...model.sections.flatMap((section) => [...section.tables.map((t) => t.forest), ...section.charts]),
  ].filter(Boolean);
}

module.exports = {
  RESULTS,
  INSTRUMENT,
  COMPLEXITY,
  DEBUGGABILITY,
  EXAMPLES,
  SCENARIOS,
  GENERATOR,
  DECLARATIONS,
  read,
  fixtureInput,
  fixtureReport,
  pageCharts,
};
