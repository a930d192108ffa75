'use strict';

// The compute driver in real headless browsers: fib(10) on the main thread
// and in a Web Worker of Chromium and Firefox, verified in the browser, with
// what a browser cannot measure null; an example that is wrong only in a
// browser rejected there; examples that need Node refused with the reason.
// Each run starts a browser (a second or more): the runs are few and short.
// In CI (CI=true) these may not be skipped: .ci/run installs both browsers.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { runInChild } = require('../../lib/runner/spawn');
const { launch } = require('../../lib/runner/launch');
const { plan, runSession } = require('../../lib/runner/session');
const compute = require('../../lib/drivers/compute');
const { bundle } = require('../../lib/drivers/compute/browser-child');
const { resolveRuntimes } = require('../../lib/runtimes');
const scenarios = require('../../bench/scenarios');
const { parseResults } = require('../../lib/results');
const drivers = require('../../lib/drivers');

// The lines as the results file's one reader takes them: every one a valid run.
function readBack(lines) {
  const { runs, skipped } = parseResults(lines.map((line) => `${JSON.stringify({ schema: 'asyncmark/run@2', ...line })}\n`).join(''), 'test', { drivers });
  assert.deepEqual(skipped, []);
  return runs;
}

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'browsers');
const NULL_METRICS = [
  'cpuUserMs',
  'cpuSystemMs',
  'maxRssMB',
  'heapBeforeMB',
  'heapPeakMB',
  'gcCount',
  'gcMs',
  'elu',
  'loopDelayP50Ms',
  'loopDelayP99Ms',
  'coresUsed',
];
const NUMBER_METRICS = ['wallMs', 'calls', 'callMs', 'callP50Ms', 'opsPerSec', 'beats', 'latenessP50Ms', 'latenessP99Ms'];

function runIn(runtime, job) {
  const full = { problem: 'fib', params: { n: 10, minTime: 20 }, runtime: runtime.spec, browser: runtime.browser, timeoutMs: 60000, ...job };
  return runInChild(full, { timeoutMs: 60000, script: compute.child, ...launch(compute, runtime) });
}

describe('compute driver in browsers', function () {
  this.timeout(120000);
  const runtimes = {};

  before(async function () {
    for (const runtime of await resolveRuntimes('chromium,chromium-worker,firefox,firefox-worker')) {
      if (runtime.browser.missing && process.env.CI) throw new Error(`${runtime.browser.missing}: in CI this test may not be skipped (.ci/run installs it)`);
      if (!runtime.browser.missing) runtimes[runtime.spec] = runtime;
    }
  });

  for (const spec of ['chromium', 'chromium-worker', 'firefox', 'firefox-worker']) {
    it(`runs and verifies fib(10) in ${spec}, with n/a for what a browser cannot measure`, async function () {
      if (!runtimes[spec]) this.skip();
      const result = await runIn(runtimes[spec], { example: 'sync' });
      assert.equal(result.status, 'ok', `${result.error} ${result.stderrTail}`);
      for (const key of NULL_METRICS) assert.equal(result.metrics[key], null, key);
      for (const key of NUMBER_METRICS) assert.equal(typeof result.metrics[key], 'number', key);
      assert.ok(result.metrics.calls >= 1);
      const engine = runtimes[spec].browser.engine;
      assert.match(result.reported.browser, engine === 'chromium' ? /^(Headless)?Chrome\/\d+\./ : /^firefox\/\d+\./);
      assert.equal(result.reported.crossOriginIsolated, true);
    });
  }

  it('rejects an example that returns a wrong value only in the browser', async function () {
    if (!runtimes['chromium-worker']) this.skip();
    const entry = { name: 'wrong-in-browsers', file: path.join(FIXTURES, 'wrong-in-browsers.js'), call: 'sync' };
    const underNode = await runInChild(
      { problem: 'fib', example: entry.name, entry, params: { n: 10, minTime: 20 } },
      { script: compute.child, execArgv: compute.execArgv },
    );
    assert.equal(underNode.status, 'ok', 'the fixture is right under Node');
    const result = await runIn(runtimes['chromium-worker'], { example: entry.name, entry });
    assert.equal(result.status, 'invalid');
    assert.equal(result.error, 'fib(10) returned 56, expected 55');
  });

  it('reports an example that bundles but cannot load in a browser as UNSUPPORTED, with the error', async function () {
    if (!runtimes.chromium) this.skip();
    const entry = { name: 'throws-on-load', file: path.join(FIXTURES, 'throws-on-load.js'), call: 'sync' };
    const result = await runIn(runtimes.chromium, { example: entry.name, entry });
    assert.equal(result.status, 'unsupported');
    assert.equal(result.error, 'chromium cannot load throws-on-load: ReferenceError: process is not defined');
  });

  it('refuses the examples that need Node APIs, with esbuild’s reason, starting no browser', async () => {
    const record = { spec: 'chromium', name: 'chromium', browser: { engine: 'chromium', thread: 'main', path: '/nonexistent/chromium', missing: null } };
    for (const [example, missing] of [
      ['worker-sync', 'node:worker_threads'],
      ['worker-async', 'node:worker_threads'],
      ['pool-split', 'node:os'],
    ]) {
      const result = await runIn(record, { example });
      assert.equal(result.status, 'unsupported', example);
      assert.equal(
        result.error,
        `chromium cannot load ${example}: esbuild cannot bundle it for a browser: Could not resolve "${missing}" in examples/fib/${example}.js`,
      );
    }
  });

  it('still has a reason for the batch driver to have no browser child: the fakes do not bundle for a browser', async () => {
    const built = await bundle(path.join(__dirname, '..', '..', 'lib', 'fakes', 'index.js'));
    // A Node built-in: node:util (promisify), node:async_hooks (the context), assert (thunkify).
    assert.match(built.error, /^Could not resolve "(node:[a-z_]+|assert)"/);
  });

  it('records a missing browser’s cells as UNSUPPORTED and goes on with the others', async () => {
    const saved = process.env.FIREFOX_PATH;
    process.env.FIREFOX_PATH = '/nonexistent/firefox';
    let resolved;
    try {
      resolved = await resolveRuntimes('node,firefox-worker');
    } finally {
      if (saved === undefined) delete process.env.FIREFOX_PATH;
      else process.env.FIREFOX_PATH = saved;
    }
    const jobs = plan({ scenario: scenarios.fib, driver: compute, examples: ['sync'], params: { n: 10, minTime: 20 }, runs: 1, runtimes: resolved });
    const lines = await runSession(jobs, { driver: compute, timeoutMs: 60000 });
    assert.deepEqual(
      lines.map((line) => [line.runtime, line.status, line.error]),
      [
        ['node', 'ok', null],
        ['firefox-worker', 'unsupported', 'firefox is not installed at /nonexistent/firefox ($FIREFOX_PATH) (Debian package firefox-esr)'],
      ],
    );
    assert.deepEqual(lines[1].env.runtime, { name: 'firefox-worker', version: null, browser: null });
    assert.equal(readBack(lines).length, 2);
  });

  it('records the runtime and the browser’s own version in the results line', async function () {
    if (!runtimes.chromium) this.skip();
    const jobs = plan({ scenario: scenarios.fib, driver: compute, examples: ['sync'], params: { n: 10, minTime: 20 }, runs: 1, runtimes: [runtimes.chromium] });
    const [line] = await runSession(jobs, { driver: compute, timeoutMs: 60000 });
    assert.equal(line.status, 'ok', line.error);
    assert.equal(line.runtime, 'chromium');
    assert.equal(line.env.runtime.name, 'chromium');
    assert.equal(line.env.runtime.version, runtimes.chromium.version);
    assert.ok(line.env.runtime.browser.endsWith(`/${runtimes.chromium.version}`), line.env.runtime.browser);
    assert.equal(line.env.node, null);
    assert.ok(!('browser' in line), 'the line does not carry how the child was started');
    assert.ok(fs.existsSync(runtimes.chromium.path));
    assert.equal(readBack([line]).length, 1);
  });
});
