'use strict';

const assert = require('node:assert/strict');
const http = require('node:http');
const httpServer = require('../../examples/http-server');
const fixtures = require('../fixtures/http-server');
const {
  request,
  serveInChild,
  answersProblems,
  malformedProblems,
  leaveProblems,
  descriptorProblems,
  leftoverProblems,
} = require('../fixtures/http-server/observe');

const { response } = httpServer;

// Tiny work, and two workers, so that the tests stay small.
const SMALL = { fibN: 10, t: 1, workers: 2 };
const CASES = [
  { ...SMALL, workload: 'read', bytes: 1000 },
  // More than one chunk of the response, and of a stream's read.
  { ...SMALL, workload: 'read', bytes: 70000 },
  { ...SMALL, workload: 'read', bytes: 0 },
  { ...SMALL, workload: 'compute' },
  { ...SMALL, workload: 'wait' },
];
// Large enough that a client leaving after the first chunk leaves mid-response.
const LARGE = { ...SMALL, workload: 'read', bytes: 8 * 1024 * 1024 };

const named = ({ workload, bytes }) => (workload === 'read' ? `read ${bytes} bytes` : workload);
const onLinux = process.platform === 'linux';

describe('http-server registry', () => {
  it('has the eight examples, each with valid fields', () => {
    assert.equal(httpServer.problem, 'http-server');
    assert.equal(httpServer.driver, 'http-load');
    assert.deepEqual(httpServer.workloads, ['read', 'compute', 'wait']);
    assert.deepEqual(
      httpServer.examples.map((entry) => entry.name),
      ['async-callbacks', 'sync', 'async-await', 'stream', 'cluster-sync', 'cluster-async', 'cluster-sliced', 'worker-pool'],
    );
    assert.ok(httpServer.examples.some((entry) => entry.name === httpServer.reference));
    for (const entry of httpServer.examples) {
      assert.ok(['sync', 'async'].includes(entry.family), `${entry.name}: family ${entry.family}`);
      assert.ok(['process', 'cluster', 'pool'].includes(entry.where), `${entry.name}: where ${entry.where}`);
      assert.equal(typeof entry.load(), 'function', `${entry.name} exports serve`);
    }
    assert.deepEqual(httpServer.examples.find((entry) => entry.name === 'worker-pool').libraries, ['piscina']);
  });

  it('says what every answer must be', () => {
    assert.deepEqual(response({ workload: 'read', bytes: 1000 }), { bytes: 1000, text: null });
    assert.deepEqual(response({ workload: 'read', bytes: 0 }), { bytes: 0, text: null });
    assert.deepEqual(response({ workload: 'compute', fibN: 10 }), { bytes: 2, text: '55' });
    assert.deepEqual(response({ workload: 'compute' }), { bytes: 4, text: '6765' }, 'fibN 20 by default');
    assert.deepEqual(response({ workload: 'compute', fibN: 0 }), { bytes: 1, text: '0' });
    assert.deepEqual(response({ workload: 'wait', t: 10 }), { bytes: 2, text: 'ok' });
    assert.throws(() => response({ workload: 'sleep' }), /^Error: unknown workload sleep$/);
  });
});

describe('http-server examples', () => {
  for (const entry of httpServer.examples) {
    describe(entry.name, () => {
      for (const params of CASES) {
        it(`answers ${named(params)}, also four at once over keep-alive, and frees its port on close()`, async () => {
          assert.deepEqual(await answersProblems(entry, params), []);
        });
      }

      it('answers 400 to a malformed request, then serves the next', async () => {
        assert.deepEqual(await malformedProblems(entry, CASES[0]), []);
      });

      it('lives on when a client goes away mid-response, and serves the next', async () => {
        assert.deepEqual(await leaveProblems(entry, LARGE), []);
      });

      if (entry.where !== 'cluster') {
        it('leaves no descriptor open, even when clients go away mid-response', async function () {
          if (!onLinux) this.skip();
          assert.deepEqual(await descriptorProblems(entry, LARGE), []);
        });
      }

      if (entry.where !== 'process') {
        it(`starts ${SMALL.workers} workers and leaves none running after close()`, async () => {
          assert.deepEqual(await leftoverProblems(entry, CASES[0]), []);
        });
      }
    });
  }

  it('refuses an unknown workload', async () => {
    for (const entry of httpServer.examples) {
      if (entry.where === 'cluster') continue;
      await assert.rejects(entry.load()({ workload: 'sleep' }), /^Error: unknown workload sleep$/, entry.name);
    }
  });

  it('rejects with the error of listening on a port already taken', async () => {
    const taken = http.createServer();
    await new Promise((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      for (const entry of httpServer.examples) {
        if (entry.where === 'cluster') continue;
        await assert.rejects(entry.load()({ ...SMALL, port: taken.address().port }), { code: 'EADDRINUSE' }, entry.name);
      }
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe('the http-server checks can fail', () => {
  it('rejects a body one byte short, sent chunked so that it looks complete', async () => {
    assert.deepEqual(await answersProblems(fixtures.shortBody, CASES[0]), [
      'short-body: content-length undefined, expected 1000',
      'short-body: a body of 999 bytes, expected 1000',
    ]);
  });

  it("rejects a body of the right length and the wrong text: the 2015 article's leaves, which answer 1", async () => {
    assert.deepEqual(await answersProblems(fixtures.leavesOne, CASES[3]), ['leaves-one: body "89", expected "55"']);
  });

  it('rejects a server that never closes /dev/urandom', async function () {
    if (!onLinux) this.skip();
    // The descriptors it leaks stay open in this process: seven of them.
    assert.deepEqual(await descriptorProblems(fixtures.leakyFd, LARGE), [
      'leaky-fd: 7 descriptors of /dev/urandom left open after 7 requests',
      'leaky-fd: 7 more descriptors open after close() than before serve()',
    ]);
  });

  it('rejects a server whose process dies when a client goes away', async () => {
    // Whether the next request is refused or cut off depends on when it dies.
    const problems = await leaveProblems(fixtures.crashOnDisconnect, LARGE);
    assert.ok(
      problems.includes('crash-on-disconnect: the server process died (exit code 1) Error [ERR_STREAM_PREMATURE_CLOSE]: Premature close'),
      problems.join('\n'),
    );
  });
});

describe('the broken servers of the http-load driver tests', () => {
  it('crash-on-request listens, and its process dies at the first request', async () => {
    const server = await serveInChild(fixtures.crashOnRequest, CASES[0]);
    await assert.rejects(request(server.port), { code: 'ECONNRESET' });
    const { code, stderr } = await server.ended;
    assert.equal(code, 1);
    assert.match(stderr, /Error: crash-on-request: planted failure/);
  });

  it('hang listens and never answers; close() ends the waiting request', async () => {
    const { port, close } = await fixtures.hang.load()(CASES[0]);
    const req = http.get({ host: '127.0.0.1', port, agent: false });
    const outcome = new Promise((resolve) => {
      req.once('response', () => resolve('answered'));
      req.once('error', (error) => resolve(error.code));
    });
    await new Promise((resolve) => req.once('socket', (socket) => socket.once('connect', resolve)));
    await close();
    assert.equal(await outcome, 'ECONNRESET');
  });
});
