'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { plan, jobKey, readResults, runSession } = require('../../lib/runner/session');
const batch = require('../../lib/drivers/batch');
const { summarize, envKey } = require('../../lib/summary');
const { envLabel } = require('../../lib/report/display');
const { lacking } = require('../../lib/runtimes/syntax');
const drivers = require('../../lib/drivers');
const registries = require('../../examples');

// Runs under a runtime of --runtime: the node running the tests, presented as
// runtimes of other names and without some capabilities, so that what the
// session does with each (which binary, which flags, which metrics are n/a,
// which environment the line records) shows without installing anything.

const DOXBEE = { name: 'doxbee-sequential', problem: 'doxbee', childOptions: { fileExists: false } };
const PARAMS = { n: [3], latency: 'constant', t: 0, e: 0, seed: 1 };
const ALL = { ipcFork: true, exposeGc: true, gcObserver: true, resourceUsage: true };

function runtime(spec, name, capabilities = ALL) {
  return { spec, name, version: `${name}-test-1.0`, path: process.execPath, node: process.version, v8: process.versions.v8, capabilities };
}

describe('runner: sessions across runtimes', () => {
  let dir;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-runtimes-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('interleaves runtimes within each example, rotating both orders run by run', () => {
    const runtimes = [runtime('r1', 'node'), runtime('r2', 'bun')];
    const jobs = plan({ driver: batch, scenario: DOXBEE, examples: ['a', 'b'], params: { n: [1] }, runs: 3, runtimes });
    assert.deepEqual(
      jobs.map((j) => `${j.run}${j.example}${j.runtime}`),
      ['0ar1', '0ar2', '0br1', '0br2', '1br2', '1br1', '1ar2', '1ar1', '2ar1', '2ar2', '2br1', '2br2'],
    );
    // Without runtimes, the plan is what it always was.
    assert.ok(plan({ driver: batch, scenario: DOXBEE, examples: ['a'], params: { n: [1] }, runs: 1 }).every((j) => !('runtime' in j) && !('runner' in j)));
  });

  it('keys a run by its runtime too, so that resume tells runtimes apart', () => {
    const job = { scenario: 's', example: 'x', params: { n: 1 }, run: 0 };
    assert.notEqual(jobKey({ ...job, runtime: 'bun' }), jobKey({ ...job, runtime: 'deno' }));
    assert.equal(jobKey(job), jobKey({ ...job, runtime: undefined }));
  });

  it('records the runtime and its environment, and null for what the runtime cannot measure', async () => {
    const full = runtime('node@test', 'node');
    const bare = runtime('./bare', 'custom', { ipcFork: true, exposeGc: false, gcObserver: false, resourceUsage: false });
    const file = path.join(dir, 'r.jsonl');
    const jobs = plan({
      driver: batch,
      scenario: { ...DOXBEE, driver: 'batch' },
      examples: ['callbacks-original'],
      params: PARAMS,
      runs: 2,
      runtimes: [full, bare],
    });
    const lines = await runSession(jobs, { driver: batch, out: file, timeoutMs: 30000 });
    assert.deepEqual(
      lines.map((l) => [l.status, l.runtime]),
      [
        ['ok', 'node@test'],
        ['ok', './bare'],
        ['ok', './bare'],
        ['ok', 'node@test'],
      ],
    );
    for (const line of lines) {
      assert.ok(!('runner' in line) && !('capabilities' in line));
      const measuredAll = line.runtime === 'node@test';
      assert.deepEqual(line.env.runtime, measuredAll ? { name: 'node', version: 'node-test-1.0' } : { name: 'custom', version: 'custom-test-1.0' });
      assert.equal(line.metrics.maxRssMB === null, !measuredAll);
      assert.equal(line.metrics.gcCount === null, !measuredAll);
      assert.equal(line.metrics.gcMs === null, !measuredAll);
      assert.ok(line.metrics.wallMs > 0);
    }
    // The lines read back, and each runtime is an environment of its own,
    // named by itself; Node keeps the name runs made before --runtime had.
    assert.equal(readResults(file, { drivers }).length, 4);
    const summary = summarize(lines, { drivers, registries });
    assert.equal(summary.envs.length, 2);
    const keys = lines.map((l) => envKey(l.env));
    assert.ok(keys.includes(`${process.version} on ${lines[0].env.cpu}`));
    assert.ok(keys.includes(`custom custom-test-1.0 on ${lines[0].env.cpu}`));
    assert.match(envLabel(lines.find((l) => l.runtime === './bare').env), /^custom custom-test-1\.0 on /);
    // The summary's environments keep their runtime, so the report labels them alike.
    assert.deepEqual(summary.envs.map((env) => envLabel(env)).sort(), [...new Set(lines.map((l) => envLabel(l.env)))].sort());
    assert.match(envLabel(summary.envs.find((env) => env.key.startsWith('custom'))), /^custom custom-test-1\.0 on /);
    const bareCell = summary.cells.find((c) => c.env.startsWith('custom'));
    assert.equal(bareCell.maxRssMB, null);
    assert.equal(bareCell.gcMs, null);
  });

  it('marks a run UNSUPPORTED, with the reason, when its runtime cannot load the example', async () => {
    const file = path.join(dir, 'broken.js');
    // Syntax no runtime has, standing in for syntax one lacks (`await using` on Node 20).
    fs.writeFileSync(file, "'use strict';\nmodule.exports = (io) => { let x = #; };\n");
    const entry = { name: 'broken', file, io: 'callbacks', call: 'callback', family: 'callbacks' };
    const jobs = plan({
      driver: batch,
      scenario: { ...DOXBEE, driver: 'batch' },
      examples: ['broken'],
      added: [entry],
      params: PARAMS,
      runs: 1,
      runtimes: [runtime('node@old', 'node')],
    });
    const [line] = await runSession(jobs, { driver: batch, timeoutMs: 30000 });
    assert.equal(line.status, 'unsupported');
    assert.match(line.error, /^node@old cannot load broken: SyntaxError: /);
    // Under the node running asyncmark, the same file is a crash.
    const [crash] = await runSession(
      plan({ driver: batch, scenario: { ...DOXBEE, driver: 'batch' }, examples: ['broken'], added: [entry], params: PARAMS, runs: 1 }),
      {
        driver: batch,
        timeoutMs: 30000,
      },
    );
    assert.equal(crash.status, 'crash');
  });

  it('marks a run of an example that needs a syntax UNSUPPORTED, with the reason, where its runtime lacks it, and starts no child', async () => {
    const scenario = { ...DOXBEE, driver: 'batch' };
    const needs = { 'async-await-using': 'await using' };
    const without = { ...runtime('node@22', 'node'), version: '22.0.0', syntax: { awaitUsing: false } };
    const [line] = await runSession(plan({ driver: batch, scenario, examples: ['async-await-using'], needs, params: PARAMS, runs: 1, runtimes: [without] }), {
      driver: batch,
      timeoutMs: 30000,
    });
    assert.deepEqual([line.status, line.metrics, line.stderrTail], ['unsupported', null, '']);
    assert.equal(line.error, 'needs `await using` (explicit resource management): Node 24+, Bun 1.x, Deno 2.x; this is node@22 (node 22.0.0)');
    assert.ok(!('needs' in line), 'the line is like any other');
    // Under the node running asyncmark: UNSUPPORTED where it cannot parse the syntax, measured where it can.
    const [here] = await runSession(plan({ driver: batch, scenario, examples: ['async-await-using'], needs, params: PARAMS, runs: 1 }), {
      driver: batch,
      timeoutMs: 30000,
    });
    const reason = lacking('await using', null);
    assert.deepEqual([here.status, here.error], reason ? ['unsupported', reason] : ['ok', null]);
  });
});
