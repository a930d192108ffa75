'use strict';

// The compute driver's child: measures, verifies every value, and reports a
// misbehaving function in its cell. Behaviour and counts only, never time.

const assert = require('node:assert/strict');
const path = require('node:path');
const { runInChild } = require('../../lib/runner/spawn');
const compute = require('../../lib/drivers/compute');
const { expectedFib } = require('../../lib/drivers/compute/loop');

const run = (job, options = {}) => runInChild(job, { script: compute.child, execArgv: compute.execArgv, timeoutMs: 20000, ...options });
const fixture = (dir, name, call) => ({
  problem: 'fib',
  example: name,
  entry: { name, file: path.join(__dirname, '..', 'fixtures', dir, `${name}.js`), call },
  params: { n: 10, minTime: 20 },
});

describe('compute driver', function () {
  this.timeout(30000);

  it('knows fib by iteration', () => {
    assert.deepEqual([0, 1, 2, 3, 10, 78].map(expectedFib), [0, 1, 1, 2, 55, 8944394323791464]);
  });

  for (const [problem, example] of [
    ['fib', 'sync'],
    ['fib', 'async'],
    ['slicing', 'next-tick'],
    ['slicing', 'chunked'],
  ]) {
    it(`measures and verifies ${problem}/${example}`, async () => {
      const result = await run({ problem, example, params: { n: 12, k: 50, minTime: 20 } });
      assert.equal(result.status, 'ok', result.error);
      const m = result.metrics;
      assert.ok(m.calls >= 1);
      for (const key of ['callMs', 'opsPerSec', 'coresUsed', 'latenessP99Ms', 'maxRssMB', 'cpuUserMs']) assert.equal(typeof m[key], 'number', key);
      assert.ok(m.beats >= 0);
    });
  }

  it('reports a wrong value as INVALID, naming it', async () => {
    const result = await run(fixture('fib', 'off-at-zero', 'sync'));
    assert.equal(result.status, 'ok', 'fib(10) is right even with that base case');
    const zero = await run({ ...fixture('fib', 'off-at-zero', 'sync'), params: { n: 0, minTime: 20 } });
    assert.equal(zero.status, 'invalid');
    assert.equal(zero.error, 'fib(0) returned 1, expected 0');
  });

  it('reports a function that answers twice as DOUBLE', async () => {
    const result = await run(fixture('compute', 'calls-back-twice', 'callback'));
    assert.equal(result.status, 'double');
    assert.match(result.error, /answered more than once/);
  });

  it('reports a function that never answers, without waiting for the timeout', async () => {
    const result = await run(fixture('compute', 'never-answers', 'callback'));
    assert.equal(result.status, 'invalid');
    assert.match(result.error, /never answered/);
  });
});
