'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const scenarios = require('../../bench/scenarios');
const drivers = require('../../lib/drivers');
const { reportHooks } = require('../../lib/report/hooks');

// What a problem adds to the report lives in examples/<problem>/report.js; the
// generic report modules name no problem, scenario or driver.
const REPORT = path.join(__dirname, '..', '..', 'lib', 'report');
const EXAMPLES = path.join(__dirname, '..', '..', 'examples');

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(file) : file.endsWith('.js') ? [file] : [];
  });
}

// The names a generic module must not hold as a string of its own.
const NAMES = [
  ...fs
    .readdirSync(EXAMPLES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name),
  ...Object.keys(scenarios),
  ...Object.keys(drivers),
];

/** The names `text` holds as a quoted string: 'doxbee', "fib", `http-load`. */
function namedIn(text) {
  return NAMES.filter((name) => ['"', "'", '`'].some((quote) => text.includes(`${quote}${name}${quote}`)));
}

describe('report: hooks of the problems', () => {
  it('finds each examples/<problem>/report.js, named by its folder', () => {
    const hooks = reportHooks();
    const doxbee = hooks.find((h) => h.problem === 'doxbee');
    assert.equal(doxbee.headline, 'doxbee-sequential');
    assert.deepEqual(doxbee.article2013, { timeScenario: 'doxbee-sequential', ioScenario: 'doxbee-io-bound' });
    assert.equal(hooks.find((h) => h.problem === 'http-client').styles2018.measured2018, true);
    for (const h of hooks) assert.ok(fs.existsSync(path.join(EXAMPLES, h.problem, 'report.js')), h.problem);
  });

  it('every scenario a hook names exists', () => {
    for (const h of reportHooks()) {
      const named = [h.headline, h.floor?.scenario, ...(h.floor?.under ?? []), h.article2013?.timeScenario, h.article2013?.ioScenario, h.styles2018?.scenario];
      for (const scenario of named.filter(Boolean)) assert.ok(scenarios[scenario], `${h.problem}: ${scenario}`);
    }
  });

  it('no generic report module names a problem, a scenario or a driver', () => {
    const found = filesUnder(REPORT).flatMap((file) => namedIn(fs.readFileSync(file, 'utf8')).map((name) => `${path.relative(REPORT, file)}: ${name}`));
    assert.deepEqual(found, []);
  });

  it('the check finds a planted name', () => {
    assert.deepEqual(namedIn("const HEADLINE = 'doxbee-sequential';"), ['doxbee-sequential']);
    assert.deepEqual(namedIn('if (cell.driver === "compute") {}'), ['compute']);
  });
});
