'use strict';

// The http-load driver's child: a server in its own process, a bounded load,
// every answer verified, every server process summed and gone afterwards. A
// misbehaving server or client is reported in its cell. Behaviour and counts
// only, never time.

const assert = require('node:assert/strict');
const path = require('node:path');
const { runInChild } = require('../../lib/runner/spawn');
const httpLoad = require('../../lib/drivers/http-load');
const processes = require('../../lib/drivers/http-load/processes');
const { alive } = require('../runner/alive');

const FIXTURES = path.join(__dirname, '..', 'fixtures');
const SERVER = { workload: 'compute', fibN: 10, requests: 20, c: 2 };

// Runs one job, and lists every process of its group that is still alive
// afterwards: the driver's child leads a group of its own (see spawn.js).
async function run(job, options = {}) {
  let pid = null;
  const result = await runInChild(job, {
    script: httpLoad.child,
    execArgv: httpLoad.execArgv,
    timeoutMs: 20000,
    onSpawn: (child) => {
      pid = child.pid;
    },
    ...options,
  });
  return { ...result, left: processesOfGroup(pid) };
}

function processesOfGroup(pgid) {
  if (!processes.supported()) return [];
  const fs = require('node:fs');
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(fields[2]) === pgid && alive(Number(pid));
      } catch {
        return false;
      }
    });
}

const fixture = (dir, name, params = SERVER, extra = {}) => ({
  problem: 'keepAlive' in params ? 'http-client' : 'http-server',
  example: name,
  entry: { name, file: path.join(FIXTURES, dir, `${name}.js`), ...extra },
  params,
});

describe('http-load driver', function () {
  this.timeout(60000);

  for (const workload of ['read', 'compute', 'wait']) {
    it(`measures and verifies a correct server (${workload})`, async () => {
      const result = await run(fixture('http-load', 'tiny', { workload, bytes: 5000, fibN: 10, t: 1, requests: 20, c: 3 }));
      assert.equal(result.status, 'ok', result.error);
      const m = result.metrics;
      assert.equal(m.requests, 20);
      assert.equal(m.bodyBytes, workload === 'read' ? 20 * 5000 : workload === 'compute' ? 20 * 2 : 20 * 2);
      for (const key of ['durationMs', 'requestsPerSec', 'latencyP50Ms', 'latencyP99Ms', 'loadCpuMs', 'loadCores']) assert.equal(typeof m[key], 'number', key);
      assert.ok(m.latencyP50Ms <= m.latencyP99Ms && m.latencyP99Ms <= m.latencyMaxMs);
      assert.deepEqual([m.errors, m.timeouts, m.non2xx], [0, 0, 0]);
      if (processes.supported()) {
        assert.equal(m.serverProcesses, 1);
        assert.equal(typeof m.serverCpuMs, 'number');
        assert.ok(m.serverRssMB > 0);
        assert.equal(m.maxRssMB, m.serverRssMB, 'the code under test is the server');
      }
      assert.deepEqual(result.left, [], 'no process of the run is left');
    });
  }

  it('sums every process of a cluster, and leaves none behind', async () => {
    const result = await run({ problem: 'http-server', example: 'cluster-sync', params: { workload: 'read', bytes: 1000, workers: 2, requests: 20, c: 4 } });
    assert.equal(result.status, 'ok', result.error);
    if (processes.supported()) assert.equal(result.metrics.serverProcesses, 3, 'the primary and two workers');
    assert.deepEqual(result.left, []);
  });

  it('reports answers with another status as INVALID', async () => {
    const result = await run(fixture('http-load', 'status-500'));
    assert.equal(result.status, 'invalid');
    assert.match(result.error, /20 answer\(s\) with a status other than 200/);
  });

  it('reports a wrong body as INVALID, naming it', async () => {
    const result = await run(fixture('http-load', 'wrong-text'));
    assert.equal(result.status, 'invalid');
    assert.match(result.error, /wrong body, the first: the body "34", expected "55"/);
  });

  it('reports a body shorter than promised as INVALID', async () => {
    const result = await run(fixture('http-server', 'short-body', { workload: 'read', bytes: 5000, requests: 20, c: 2 }));
    assert.equal(result.status, 'invalid');
    assert.match(result.error, /a body of 4999 bytes, expected 5000/);
  });

  it('reports a server that leaves /dev/urandom open as INVALID (the 2019 code)', async function () {
    if (!processes.supported()) this.skip();
    const result = await run(fixture('http-server', 'leaky-fd', { workload: 'read', bytes: 1000, requests: 20, c: 2 }));
    assert.equal(result.status, 'invalid');
    assert.match(result.error, /left 20 file\(s\) open after the load: \/dev\/urandom/);
  });

  it('reports a server that dies on a request as CRASH, with its error', async () => {
    const result = await run(fixture('http-server', 'crash-on-request'));
    assert.equal(result.status, 'crash');
    assert.match(result.error, /^the server ended with exit code 1 during the load: \w*Error/);
    assert.deepEqual(result.left, []);
  });

  it('waits for an answer as long as the run may last: a server that never answers is T/O, and leaves no process behind', async () => {
    // The session tells the child its time limit; the load's own timeout is no shorter.
    const result = await run({ ...fixture('http-server', 'hang'), timeoutMs: 3000 }, { timeoutMs: 3000 });
    assert.equal(result.status, 'timeout');
    assert.deepEqual(result.left, []);
  });

  it('reports a server whose close() never ends as INVALID, and ends it', async () => {
    const result = await run(fixture('http-load', 'never-closes'));
    assert.equal(result.status, 'invalid');
    assert.match(result.error, /did not stop within 5 s of close\(\)/);
    assert.deepEqual(result.left, []);
  });

  it('keeps a run whose server closed and then hung in its exit, and ends that process', async () => {
    const result = await run(fixture('http-load', 'hangs-at-exit'));
    assert.equal(result.status, 'ok', result.error);
    assert.deepEqual(result.left, []);
  });

  it('reports a server that leaves a process behind as INVALID, and ends it', async function () {
    if (!processes.supported()) this.skip();
    const result = await run(fixture('http-load', 'leaves-a-process'));
    assert.equal(result.status, 'invalid');
    assert.match(result.error, /server process\(es\) \d+ outlived close\(\)/);
    assert.deepEqual(result.left, []);
  });

  it('reports a close() that fails as INVALID', async () => {
    const result = await run(fixture('http-load', 'close-rejects'));
    assert.equal(result.status, 'invalid');
    assert.equal(result.error, 'close() failed: cannot close');
    assert.deepEqual(result.left, []);
  });

  it('reports a close() that closes nothing as INVALID', async () => {
    const result = await run(fixture('http-load', 'close-does-nothing'));
    assert.equal(result.status, 'invalid');
    assert.match(result.error, /^the port \d+ still accepts connections after close\(\)$/);
    assert.deepEqual(result.left, []);
  });

  it('reports a server listening beyond 127.0.0.1 as INVALID', async function () {
    if (!processes.supported()) this.skip();
    const result = await run(fixture('http-load', 'any-host'));
    assert.equal(result.status, 'invalid');
    assert.match(result.error, /^the server listens beyond 127\.0\.0\.1: 0\.0\.0\.0:\d+$/);
  });

  it('reports a cluster worker that dies during the load as CRASH, with its error', async function () {
    if (!processes.supported()) this.skip();
    const result = await run(fixture('http-load', 'cluster-worker-crashes', { ...SERVER, requests: 40, workers: 2 }));
    assert.equal(result.status, 'crash');
    assert.match(result.error, /^server process\(es\) [\d, ]+ ended during the load: Error: worker fell over on its 5th request$/);
    assert.deepEqual(result.left, []);
  });

  describe('with a client example as the load', () => {
    const CLIENT = { requests: 20, c: 2, keepAlive: 'on', bytes: 100 };

    it('measures and verifies a correct client, timing the client and not the server', async () => {
      const result = await run({ problem: 'http-client', example: 'async-await', params: CLIENT });
      assert.equal(result.status, 'ok', result.error);
      const m = result.metrics;
      assert.equal(m.bodyBytes, 20 * 100);
      assert.equal(m.latencyP99Ms, null, 'a client is its own load: no latency per request');
      assert.equal(m.maxRssMB, m.loadRssMB, 'the code under test is the client');
      assert.deepEqual(result.left, []);
    });

    it('reports a client that issues one request too few as INVALID', async () => {
      const result = await run(fixture('http-client', 'one-short', CLIENT, { call: 'callback' }));
      assert.equal(result.status, 'invalid');
      assert.match(result.error, /the server saw 19 requests, 20 were asked for/);
    });

    it('reports a client that calls back twice as DOUBLE', async () => {
      const result = await run(fixture('http-load', 'calls-back-twice', CLIENT, { call: 'callback' }));
      assert.equal(result.status, 'double');
      // Its warm-up load calls back twice too.
      assert.match(result.error, /^2 callback\(s\) called more than once$/);
    });
  });
});
