'use strict';

// Runs every scenario in --test mode and checks the shape of what comes out
// (smoke-cases.js): one example of each kind, and each one a run records as
// unsupported or unavailable; smoke.full.test.js runs the rest in npm run test:full.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runCli } = require('./capture');
const scenarios = Object.values(require('../../bench/scenarios'));
const { smokeExamples, smokeTest } = require('./smoke-cases');

describe('asyncmark bench --test runs every scenario', function () {
  this.timeout(120000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-smoke-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const scenario of scenarios) smokeTest(scenario, smokeExamples(scenario).quick, dir);

  it('resumes: runs already in the file are not run again', async () => {
    const out = path.join(dir, 'resume.jsonl');
    const args = ['bench', '--examples', 'callbacks-original,async-await', '--test', '--out', out, '--quiet'];
    await runCli(...args);
    const first = fs.readFileSync(out, 'utf8');
    const { code, stdout } = await runCli(...args, '--resume');
    assert.equal(code, 0);
    assert.equal(fs.readFileSync(out, 'utf8'), first);
    assert.match(stdout, /async-await/);
  });

  it('prints json and csv', async () => {
    const json = await runCli('bench', '--examples', 'callbacks-original', '--test', '--no-out', '--format', 'json');
    const parsed = JSON.parse(json.stdout);
    assert.equal(parsed.cells.length, 1);
    assert.equal(parsed.cells[0].example, 'callbacks-original');
    const csv = await runCli('bench', '--examples', 'callbacks-original', '--test', '--no-out', '--format', 'csv');
    assert.match(csv.stdout.split('\n')[0], /^scenario,example,/);
  });
});
