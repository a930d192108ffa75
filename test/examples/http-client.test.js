'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const espree = require('espree');
const httpClient = require('../../examples/http-client');
const { styles2018 } = require('../../examples/http-client/report');
const fixtures = require('../fixtures/http-client');
const { FAMILIES } = require('../../lib/registry');
const { loadProblems, failureProblems } = require('../fixtures/http-client/observe');

const REQUESTS = 25;

// Bodies of every size the driver may ask for: none, a few bytes sent chunked
// without a content-length (so that only counting gets them right), and one
// that arrives in many chunks.
const BODIES = [
  { body: 0, chunked: false, label: 'empty bodies' },
  { body: 5, chunked: true, label: '5-byte chunked bodies' },
  { body: 100000, chunked: false, label: '100000-byte bodies' },
];

const FAILURES = [
  { how: 500, message: /\b500\b/, label: 'the 5th request is answered 500' },
  { how: 'cut', message: /./, label: 'the 5th response is cut off mid-body' },
  { how: 'refused', message: /ECONNREFUSED/, label: 'the connection is refused' },
];

// fetch's connections belong to the runtime's pool, which keeps idle ones
// alive after the call; the examples on node:http destroy their own agent.
const pooledWith = (entry, keepAlive) => entry.name === 'fetch' && keepAlive;

describe('http-client registry', () => {
  it('has the four examples, each with valid fields', () => {
    assert.equal(httpClient.problem, 'http-client');
    assert.equal(httpClient.driver, 'http-load');
    assert.equal(httpClient.reference, 'recursive-callback');
    assert.deepEqual(
      httpClient.examples.map(({ name, family, call, libraries }) => ({ name, family, call, libraries })),
      [
        { name: 'recursive-callback', family: 'callbacks', call: 'callback', libraries: [] },
        { name: 'promise-chain', family: 'promises', call: 'promise', libraries: [] },
        { name: 'async-await', family: 'async-await', call: 'promise', libraries: [] },
        { name: 'fetch', family: 'async-await', call: 'promise', libraries: [] },
      ],
    );
    for (const entry of httpClient.examples) {
      assert.ok(FAMILIES.includes(entry.family), entry.name);
      assert.equal(typeof entry.load(), 'function', entry.name);
    }
  });
});

// kaizhu256 ran his three clients on Node 0.11 to 10 (lib/published/figures.json);
// asyncmark runs them from Node 6, whose syntax is ES2015's, and the
// async/await one from Node 8 (ES2017: Node 7.6 has async functions but
// not a trailing comma in a call). An example written in newer syntax would
// show UNSUPPORTED there though no async construct needs it (`??=` is Node 15).
describe("http-client: the 2018 experiment's examples", () => {
  const parsesAs = (file, ecmaVersion) => {
    try {
      espree.parse(fs.readFileSync(file, 'utf8'), { ecmaVersion, sourceType: 'script' });
      return null;
    } catch (error) {
      return error.message;
    }
  };
  const OLDEST = [
    { name: styles2018.callback, node: 6, ecmaVersion: 2015 },
    { name: styles2018.promise, node: 6, ecmaVersion: 2015 },
    { name: styles2018.asyncAwait, node: 8, ecmaVersion: 2017 },
  ];

  for (const { name, node, ecmaVersion } of OLDEST) {
    it(`${name} is written in the JavaScript Node ${node} parses`, () => {
      const entry = httpClient.examples.find((example) => example.name === name);
      assert.equal(parsesAs(entry.file, ecmaVersion), null);
    });
  }

  it('catches a planted file in newer syntax', () => {
    assert.match(parsesAs(path.join(__dirname, '..', 'fixtures', 'http-client', 'newer-syntax.js'), 2017), /Unexpected token/);
  });
});

describe('http-client examples', () => {
  for (const entry of httpClient.examples) {
    describe(entry.name, () => {
      for (const keepAlive of [true, false]) {
        for (const concurrency of [1, 4]) {
          for (const { body, chunked, label } of BODIES) {
            it(`makes ${REQUESTS} requests, ${concurrency} at a time, keepAlive ${keepAlive}, ${label}`, async () => {
              const pooled = pooledWith(entry, keepAlive);
              assert.deepEqual(await loadProblems(entry, { requests: REQUESTS, concurrency, keepAlive, body, chunked, pooled }), []);
            });
          }
        }
      }

      it('makes one request at a time over one kept-alive connection by default', async () => {
        assert.deepEqual(await loadProblems(entry, { requests: 10, body: 5, pooled: pooledWith(entry, true) }), []);
      });

      it('makes all requests at once when fewer than the concurrency', async () => {
        assert.deepEqual(await loadProblems(entry, { requests: 3, concurrency: 4, keepAlive: false, body: 5 }), []);
      });

      for (const { how, message, label } of FAILURES) {
        for (const concurrency of [1, 4]) {
          for (const keepAlive of [true, false]) {
            const after = how === 'refused' ? '' : ', and issues no request after it';
            it(`fails once when ${label}, ${concurrency} at a time, keepAlive ${keepAlive}${after}`, async () => {
              const pooled = pooledWith(entry, keepAlive);
              assert.deepEqual(await failureProblems(entry, { how, message, concurrency, keepAlive, pooled }), []);
            });
          }
        }
      }
    });
  }
});

describe('the http-client checks can fail', () => {
  it('rejects a load one request short', async () => {
    assert.deepEqual(await loadProblems(fixtures.oneShort, { requests: REQUESTS, concurrency: 1, keepAlive: true, body: 5 }), [
      'one-short: result { responses: 24, bytes: 120 }, expected { responses: 25, bytes: 125 }',
      'one-short: the server saw 24 requests, expected 25',
    ]);
  });

  it('rejects a load that fires every request at once', async () => {
    const problems = await loadProblems(fixtures.tooManyInFlight, { requests: REQUESTS, concurrency: 4, keepAlive: false, body: 5 });
    assert.equal(problems.length, 1, problems.join('\n'));
    assert.match(problems[0], /^too-many-in-flight: at most (\d+) requests in flight, expected 4$/);
    assert.ok(Number(problems[0].match(/at most (\d+)/)[1]) > 4);
  });

  it('rejects a load that keeps connections alive when told not to', async () => {
    assert.deepEqual(await loadProblems(fixtures.ignoresKeepAlive, { requests: REQUESTS, concurrency: 4, keepAlive: false, body: 5 }), [
      'ignores-keep-alive: 25 requests over 4 connections without keep-alive, expected one each',
    ]);
  });

  it('rejects a load that adds up content-length headers instead of counting bytes', async () => {
    // With a content-length on every body it passes: only the chunked bodies catch it.
    assert.deepEqual(await loadProblems(fixtures.trustsContentLength, { requests: REQUESTS, concurrency: 4, keepAlive: true, body: 5 }), []);
    assert.deepEqual(await loadProblems(fixtures.trustsContentLength, { requests: REQUESTS, concurrency: 4, keepAlive: true, body: 5, chunked: true }), [
      'trusts-content-length: result { responses: 25, bytes: NaN }, expected { responses: 25, bytes: 125 }',
    ]);
  });

  it('rejects a load that calls back on the failure and again when it ends', async () => {
    assert.deepEqual(await failureProblems(fixtures.doubleCallback, { how: 500, message: /\b500\b/ }), ['double-callback: called back 2 times']);
    const refused = await failureProblems(fixtures.doubleCallback, { how: 'refused', message: /ECONNREFUSED/, concurrency: 4 });
    assert.deepEqual(refused, ['double-callback: called back 2 times']);
  });
});
