'use strict';

const assert = require('node:assert/strict');
const { alive } = require('./alive');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const spawn = require('../../lib/runner/spawn');
const batch = require('../../lib/drivers/batch');

// The batch driver's child runs every job here that names no script of its own.
const runInChild = (job, options) => spawn.runInChild(job, { script: batch.child, execArgv: batch.execArgv, ...options });

const fixture = (name) => ({
  problem: 'doxbee',
  example: name,
  entry: { name, file: path.join(__dirname, '..', 'fixtures', 'runner', `${name}.js`), call: 'callback', io: 'callbacks' },
  params: { n: 10, latency: 'tick', e: 0, seed: 1 },
  warmup: false,
});

// Misbehaving examples are reported in their cell; the runner goes on.
describe('runner: one run in a child process', () => {
  it('measures and verifies a real example', async () => {
    const result = await runInChild({ problem: 'doxbee', example: 'callbacks-original', params: { n: 20, latency: 'tick', e: 0, seed: 1 } });
    assert.equal(result.status, 'ok', result.error);
    const m = result.metrics;
    assert.equal(m.invocations, 20);
    assert.equal(m.failed, 0);
    assert.equal(m.operations, 20 * 8);
    for (const key of ['wallMs', 'cpuUserMs', 'maxRssMB', 'heapBeforeMB', 'heapPeakMB', 'elu', 'latencyP50Ms', 'latencyP99Ms']) {
      assert.equal(typeof m[key], 'number', key);
    }
    assert.ok(m.heapPeakMB >= m.heapBeforeMB);
    assert.ok(m.latencyP50Ms <= m.latencyP99Ms);
  });

  it('counts injected failures and checks that every one was heard', async () => {
    const result = await runInChild({
      problem: 'doxbee',
      example: 'async-await',
      params: { n: 50, latency: 'tick', e: 0.2, seed: 3 },
      childOptions: { fileExists: true },
    });
    assert.equal(result.status, 'ok', result.error);
    assert.ok(result.metrics.failed > 0);
  });

  it('reports a crash with its error line and stderr tail', async () => {
    const result = await runInChild(fixture('crashes'));
    assert.equal(result.status, 'crash');
    assert.match(result.error, /fixture crash/);
    assert.match(result.stderrTail, /fixture crash/);
    assert.equal(result.metrics, null);
  });

  it('reports a hang as T/O and kills the child', async () => {
    let pid;
    const job = fixture('hangs');
    const result = await runInChild(job, {
      timeoutMs: 500,
      onSpawn: (child) => {
        pid = child.pid;
      },
    });
    assert.equal(result.status, 'timeout');
    assert.ok(pid > 0);
    assert.equal(alive(pid), false);
  });

  it('keeps the result of a child that reported and then hung at exit, and ends it', async () => {
    let pid;
    const result = await runInChild(fixture('hangs-at-exit'), {
      timeoutMs: 20000,
      exitGraceMs: 300,
      onSpawn: (child) => {
        pid = child.pid;
      },
    });
    assert.equal(result.status, 'ok', result.error);
    assert.equal(result.metrics.invocations, 10);
    assert.equal(alive(pid), false);
  });

  it('still reports T/O when a child hangs before it reports', async () => {
    const result = await runInChild(fixture('hangs'), { timeoutMs: 500, exitGraceMs: 100 });
    assert.equal(result.status, 'timeout');
  });

  // A run's whole process tree ends with the run, however it ends.
  const helperPid = (stderr) => Number(/started helper (\d+)/.exec(stderr)[1]);
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  it('ends a process the example started when the run times out', async () => {
    const result = await runInChild(fixture('spawns-and-hangs'), { timeoutMs: 1500 });
    assert.equal(result.status, 'timeout');
    const pid = helperPid(result.stderrTail);
    await sleep(100);
    assert.equal(alive(pid), false, `helper ${pid} outlived the run`);
  });

  it('ends a process the example started when the run finishes', async () => {
    const result = await runInChild(fixture('spawns-and-finishes'), { timeoutMs: 10000 });
    assert.equal(result.status, 'invalid');
    const pid = helperPid(result.stderrTail);
    await sleep(100);
    assert.equal(alive(pid), false, `helper ${pid} outlived the run`);
  });

  it('reports an example that never calls back and leaves nothing pending', async () => {
    const result = await runInChild(fixture('forgets'), { timeoutMs: 5000 });
    assert.equal(result.status, 'invalid');
    assert.match(result.error, /not every invocation called back/);
  });

  it('reports a double callback', async () => {
    const result = await runInChild(fixture('twice'));
    assert.equal(result.status, 'double');
    assert.match(result.error, /10 invocation\(s\) called back more than once/);
  });

  it('rejects a run that skips its I/O, however fast', async () => {
    const result = await runInChild(fixture('skips'));
    assert.equal(result.status, 'invalid');
    assert.match(result.error, /0 transactions begun for 10 uploads/);
  });

  it('reports running out of memory as OOM even when a long stack follows the line that says so', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-oom-'));
    const script = path.join(dir, 'oom.js');
    fs.writeFileSync(
      script,
      "process.stderr.write('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\\n' + ' 1: 0xabc native frame\\n'.repeat(400), () => process.exit(134));\n",
    );
    const result = await runInChild({}, { script, execArgv: [] });
    fs.rmSync(dir, { recursive: true, force: true });
    assert.equal(result.status, 'oom');
    assert.match(result.error, /^child ended with exit code 134: FATAL ERROR: Reached heap limit Allocation failed/);
  });

  it('reports running out of memory as OOM', async () => {
    const result = await runInChild(fixture('grows'), { execArgv: ['--max-old-space-size=16'] });
    assert.equal(result.status, 'oom');
    assert.match(result.error, /heap/i);
  });
});
