'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const scenarios = require('../../bench/scenarios');
const { reportHooks } = require('../../lib/report/hooks');

// What a problem adds to the report lives in examples/<problem>/report.js
// (test/generic-modules.test.js checks that no generic module names one).
const EXAMPLES = path.join(__dirname, '..', '..', 'examples');

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
});
