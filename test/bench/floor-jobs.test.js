'use strict';

// The floor's counted runs (bench/floor-jobs.js): a session that counts CPU
// work plans the floor its scenario declares beside its examples, at its
// parameters, runtimes and runs, as jobs of the floor's scenario; a timed
// session never does. Planning only: nothing is run or counted here.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const bench = require('../../bench/commands/bench');
const { floorJobs } = require('../../bench/floor-jobs');
const scenarios = require('../../bench/scenarios');
const registries = require('../../examples');
const drivers = require('../../lib/drivers');
const { jobKey, readResults, runSession } = require('../../lib/runner/session');

const DECLARATIONS = { scenarios, registries };
const EXAMPLES = 'callbacks-original,promises-native,async-await';
const settingsOf = (options) => bench.resolveOptions({ scenario: 'doxbee-sequential', examples: EXAMPLES, out: false, ...options });
const { scenario: FLOOR_SCENARIO, example: FLOOR } = scenarios['doxbee-sequential'].floor;
const jobText = (job) => `${job.scenario} ${job.problem} ${job.example} run ${job.run} ${JSON.stringify(job.params)}${job.runtime ? ` ${job.runtime}` : ''}`;

describe('bench plans the counted floor a scenario declares', () => {
  it('with --measure instructions: the floor at each n, as many runs as the examples, in the same rounds, under its own scenario', () => {
    const settings = settingsOf({ measure: 'instructions', n: '100,1000', runs: '2' });
    const jobs = bench.sessionPlan(settings);
    const floor = jobs.filter((job) => job.scenario === FLOOR_SCENARIO);
    assert.deepEqual(floor.map(jobText), [
      `${FLOOR_SCENARIO} ${scenarios[FLOOR_SCENARIO].problem} ${FLOOR} run 0 {"n":100,"latency":"constant","t":1,"e":0,"seed":1}`,
      `${FLOOR_SCENARIO} ${scenarios[FLOOR_SCENARIO].problem} ${FLOOR} run 1 {"n":100,"latency":"constant","t":1,"e":0,"seed":1}`,
      `${FLOOR_SCENARIO} ${scenarios[FLOOR_SCENARIO].problem} ${FLOOR} run 0 {"n":1000,"latency":"constant","t":1,"e":0,"seed":1}`,
      `${FLOOR_SCENARIO} ${scenarios[FLOOR_SCENARIO].problem} ${FLOOR} run 1 {"n":1000,"latency":"constant","t":1,"e":0,"seed":1}`,
    ]);
    // The examples' jobs are the grid's, unchanged; the floor's child gets its scenario's options.
    assert.equal(jobs.length - floor.length, 3 * 2 * 2);
    assert.deepEqual(floor[0].childOptions, scenarios[FLOOR_SCENARIO].childOptions);
  });

  it('with --measure both: planned apart (counted after the timed rounds, never timed); with time, never', () => {
    const both = settingsOf({ measure: 'both', n: '100' });
    assert.ok(bench.sessionPlan(both).every((job) => job.scenario === 'doxbee-sequential'));
    assert.deepEqual(
      floorJobs(both, DECLARATIONS).jobs.map((job) => `${job.example} ${job.params.n} ${job.run}`),
      [0, 1, 2].map((run) => `${FLOOR} 100 ${run}`),
    );
    const timed = settingsOf({ n: '100' });
    assert.equal(floorJobs(timed, DECLARATIONS), null);
    assert.ok(bench.sessionPlan(timed).every((job) => job.scenario === 'doxbee-sequential'));
  });

  it('under each runtime of --runtime, with --test cut as the examples are', () => {
    const runtimes = [{ spec: 'node@24', name: 'node', version: '24.15.0' }];
    const found = floorJobs({ ...settingsOf({ measure: 'instructions', test: true }), runtimes }, DECLARATIONS);
    assert.deepEqual(found.jobs.map(jobText), [
      `${FLOOR_SCENARIO} ${scenarios[FLOOR_SCENARIO].problem} ${FLOOR} run 0 {"n":10,"latency":"constant","t":1,"e":0,"seed":1} node@24`,
    ]);
    assert.equal(found.jobs[0].test, true);
  });

  it('says in one line why a floor is not counted where its scenario fixes a parameter at another value, and plans none', () => {
    const found = floorJobs(settingsOf({ measure: 'instructions', latency: 'load' }), DECLARATIONS);
    assert.deepEqual(found, {
      note: `the floor ${FLOOR} (${FLOOR_SCENARIO}) not counted: ${FLOOR_SCENARIO} fixes latency at constant, and this session runs load`,
    });
  });

  it('plans nothing for a scenario that declares no floor', () => {
    const settings = bench.resolveOptions({ scenario: 'doxbee-errors', measure: 'instructions', out: false });
    assert.equal(floorJobs(settings, DECLARATIONS), null);
    assert.ok(bench.sessionPlan(settings).every((job) => job.scenario === 'doxbee-errors'));
  });
});

describe("bench --resume skips the floor's counted runs already in the file", () => {
  // What a counted run does not time (the batch driver's schema has them null).
  const UNTIMED = [
    'wallMs',
    'cpuUserMs',
    'cpuSystemMs',
    'maxRssMB',
    'gcCount',
    'gcMs',
    'elu',
    'loopDelayP50Ms',
    'loopDelayP99Ms',
    'latencyP50Ms',
    'latencyP90Ms',
    'latencyP99Ms',
  ];
  // A counted results line of a planned job, as a session writes it.
  const lineOf = (job) => ({
    schema: 'asyncmark/run@2',
    session: 'planted',
    time: '2026-01-01T00:00:00.000Z',
    scenario: job.scenario,
    problem: job.problem,
    driver: job.driver,
    example: job.example,
    params: job.params,
    run: job.run,
    measure: 'instructions',
    status: 'ok',
    error: null,
    stderrTail: '',
    metrics: {
      ...Object.fromEntries(UNTIMED.map((name) => [name, null])),
      heapBeforeMB: 10,
      heapPeakMB: 14,
      invocations: job.params.n,
      failed: 0,
      operations: 8 * job.params.n,
      instructions: 2e6,
      instructionsPerInvocation: 20000,
    },
    env: {
      node: process.version,
      v8: process.versions.v8,
      platform: 'linux',
      release: '6',
      arch: 'x64',
      cpu: 'X',
      cpus: 2,
      memoryGB: 8,
      packages: {},
      asyncmark: '0.1.0',
      commit: 'planted',
    },
  });

  it('reads them as ordinary lines of the floor scenario, and starts no child for them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-floor-'));
    try {
      const out = path.join(dir, 'runs.jsonl');
      const settings = settingsOf({ measure: 'instructions', n: '100', runs: '1' });
      const jobs = bench.sessionPlan(settings);
      fs.writeFileSync(out, jobs.map((job) => JSON.stringify(lineOf(job)) + '\n').join(''));
      const read = readResults(out, { drivers });
      const floor = read.find((line) => line.scenario === FLOOR_SCENARIO);
      assert.equal(floor.example, FLOOR);
      // Every planned job, as the session measures it, is found in the file: none would run again.
      const done = new Set(read.map(jobKey));
      assert.ok(jobs.every((job) => done.has(jobKey({ ...job, measure: 'instructions' }))));
      const skipped = [];
      const lines = await runSession(jobs, {
        driver: settings.driver,
        drivers,
        out,
        resume: true,
        measure: 'instructions',
        timeoutMs: 1000,
        onRun: (line, how) => skipped.push(`${line.example} ${how.skipped}`),
      });
      assert.equal(lines.length, jobs.length);
      assert.ok(skipped.includes(`${FLOOR} true`) && skipped.every((each) => each.endsWith(' true')), skipped.join(', '));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
