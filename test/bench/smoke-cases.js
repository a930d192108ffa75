'use strict';

// Runs scenarios in --test mode (first value of each list, tiny n, one run)
// and checks the shape of what comes out, never its speed. Shared by
// smoke.test.js (npm test) and smoke.full.test.js (npm run test:full).

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { runCli } = require('./capture');
const problems = require('../../examples');
const { problemWith } = require('../../lib/results');
const drivers = require('../../lib/drivers');
const { lacking } = require('../../lib/runtimes/syntax');
const { oneOfEachKind } = require('../kinds');

// A child a run, one run an example: the limit is by the examples a scenario runs
// (doxbee's 47 took over 120 s under coverage beside another test file on a loaded machine).
const CHILD_MS = 10000;

/**
 * Which examples of a scenario npm test runs: one of each io and call kind
 * (test/kinds.js), so that every adapter and calling convention goes through
 * each scenario's bench pipeline, and every example that a run records other
 * than ok (one this node cannot parse, one that cannot run here). What each
 * example does is tested in this process by test/examples; npm run test:full
 * runs the rest here too (smoke.full.test.js), every example in a child of
 * every scenario. Under coverage a child costs about a second, and DoxBee's
 * first scenario alone was 47 of them.
 * @param {object} scenario from bench/scenarios
 * @returns {{ quick: string[], rest: string[] }} example names
 */
function smokeExamples(scenario) {
  const examples = problems[scenario.problem].examples;
  const kinds = oneOfEachKind(examples).names;
  const quick = examples.filter((e) => kinds.includes(e.name) || e.unavailable || lacking(e.needs, null)).map((e) => e.name);
  return { quick, rest: examples.map((e) => e.name).filter((name) => !quick.includes(name)) };
}

/**
 * A test that runs a scenario's examples in one bench --test session and checks each line.
 * @param {object} scenario from bench/scenarios
 * @param {string[]} examples the names to run (all of its problem's, or some)
 * @param {string} dir where the results file is written
 */
function smokeTest(scenario, examples, dir) {
  it(`${scenario.name} (${examples.length} examples)`, async function () {
    this.timeout(Math.max(120000, CHILD_MS * examples.length));
    const registry = problems[scenario.problem].examples.filter((e) => examples.includes(e.name));
    const out = path.join(dir, `${scenario.name}.jsonl`);
    const { code, stdout, stderr } = await runCli('bench', '--scenario', scenario.name, '--examples', examples.join(','), '--test', '--out', out, '--quiet');
    assert.equal(code, 0, stderr);
    // An example that cannot run here is recorded as such, with its reason.
    const unavailable = new Map(registry.filter((e) => e.unavailable).map((e) => [e.name, e.unavailable]));
    // One in a syntax this node cannot parse is UNSUPPORTED, with the reason, and no child is started.
    const unparsed = new Map(registry.filter((e) => lacking(e.needs, null)).map((e) => [e.name, lacking(e.needs, null)]));
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

module.exports = { smokeExamples, smokeTest };
