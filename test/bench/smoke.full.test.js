'use strict';

// npm run test:full: the examples smoke.test.js leaves out of each scenario
// (smoke-cases.js), so that between the two every example runs in every scenario.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const scenarios = Object.values(require('../../bench/scenarios'));
const { smokeExamples, smokeTest } = require('./smoke-cases');

describe('asyncmark bench --test runs every example in every scenario', function () {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-smoke-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const scenario of scenarios) {
    const { rest } = smokeExamples(scenario);
    if (rest.length > 0) smokeTest(scenario, rest, dir);
  }
});
