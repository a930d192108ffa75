'use strict';

// Runs every scenario in --test mode (first value of each list, tiny n, one
// run) and checks the shape of what comes out, never its speed.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runCli } = require('./capture');
const scenarios = require('../../bench/scenarios');
const problems = require('../../examples');
const { problemWith } = require('../../lib/results');
const drivers = require('../../lib/drivers');
const { lacking } = require('../../lib/runtimes/syntax');

// A child a run, one run an example: the limit is by the examples a scenario runs
// (doxbee's 47 took over 120 s under coverage beside another test file on a loaded machine).
const CHILD_MS = 10000;

describe('asyncmark bench --test runs every scenario', function () {
  this.timeout(120000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-smoke-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const scenario of Object.values(scenarios)) {
    it(scenario.name, async function () {
      this.timeout(Math.max(120000, CHILD_MS * problems[scenario.problem].examples.length));
      const out = path.join(dir, `${scenario.name}.jsonl`);
      const { code, stdout, stderr } = await runCli('bench', '--scenario', scenario.name, '--test', '--out', out, '--quiet');
      assert.equal(code, 0, stderr);
      const examples = problems[scenario.problem].examples.map((e) => e.name);
      // An example that cannot run here is recorded as such, with its reason.
      const unavailable = new Map(problems[scenario.problem].examples.filter((e) => e.unavailable).map((e) => [e.name, e.unavailable]));
      // One in a syntax this node cannot parse is UNSUPPORTED, with the reason, and no child is started.
      const unparsed = new Map(problems[scenario.problem].examples.filter((e) => lacking(e.needs, null)).map((e) => [e.name, lacking(e.needs, null)]));
      const lines = fs
        .readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      assert.equal(lines.length, examples.length);
      for (const line of lines) {
        assert.equal(problemWith(line, { drivers }), null);
        if (unavailable.has(line.example)) assert.deepEqual([line.status, line.error], ['unavailable', unavailable.get(line.example)]);
        else if (unparsed.has(line.example)) assert.deepEqual([line.status, line.error], ['unsupported', unparsed.get(line.example)]);
        else assert.equal(line.status, 'ok', `${line.example}: ${line.error}`);
        assert.equal(line.scenario, scenario.name);
      }
      assert.deepEqual(lines.map((l) => l.example).sort(), [...examples].sort());
      for (const name of examples) assert.match(stdout, new RegExp(`^${name} `, 'm'));
    });
  }

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
