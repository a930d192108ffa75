'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runCli } = require('./capture');
const { plantRuntime } = require('../fixtures/runtimes/plant');

// bench --runtime: every example under each runtime, from the cache (here a
// planted "bun" that is really the node running the tests, so nothing is
// downloaded), each runtime an environment of its own in the results.

describe('asyncmark bench --runtime', function () {
  this.timeout(120000);
  let cache;
  let saved;
  beforeEach(() => {
    cache = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-bench-runtime-'));
    saved = process.env.ASYNCMARK_RUNTIMES;
    process.env.ASYNCMARK_RUNTIMES = cache;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.ASYNCMARK_RUNTIMES;
    else process.env.ASYNCMARK_RUNTIMES = saved;
    fs.rmSync(cache, { recursive: true, force: true });
  });

  it('runs every example under each runtime, records each, and keeps them apart', async () => {
    const log = path.join(cache, 'runs.log');
    plantRuntime(cache, { spec: 'bun', version: '9.9.9', delegate: true, log });
    const out = path.join(cache, 'r.jsonl');
    const { code, stdout, stderr } = await runCli(
      'bench',
      '--runtime',
      'node,bun',
      '--examples',
      'callbacks-original,async-await',
      '--n',
      '5',
      '--runs',
      '2',
      '--out',
      out,
      '--quiet',
    );
    assert.equal(code, 0, stderr);
    const lines = fs
      .readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.equal(lines.length, 8);
    assert.deepEqual(
      lines.map((l) => `${l.run}:${l.example}:${l.runtime}`),
      [
        '0:callbacks-original:node',
        '0:callbacks-original:bun',
        '0:async-await:node',
        '0:async-await:bun',
        '1:async-await:bun',
        '1:async-await:node',
        '1:callbacks-original:bun',
        '1:callbacks-original:node',
      ],
    );
    assert.ok(lines.every((l) => l.status === 'ok'));
    assert.deepEqual(lines.find((l) => l.runtime === 'bun').env.runtime, { name: 'bun', version: '9.9.9' });
    // The children of "bun" ran under its binary: 4 runs, besides the probes.
    assert.ok(
      fs
        .readFileSync(log, 'utf8')
        .split('\n')
        .filter((l) => l === 'run').length >= 4,
    );
    // One table per runtime, the one that is not Node named by itself.
    assert.match(stdout, /doxbee-sequential: n=5, .*, bun 9\.9\.9 on /);
    assert.match(stdout, /doxbee-sequential: n=5, .*, node v\d+\.\d+\.\d+ on /);
  });

  it('refuses a runtime it cannot have before anything runs, in one line', async () => {
    const bad = await runCli('bench', '--runtime', 'cobol', '--no-out', '--quiet');
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /^asyncmark: --runtime: "cobol" is not allowed; expected /);
    assert.equal(bad.stderr.trim().split('\n').length, 1);
    const missing = await runCli('bench', '--runtime', './no-such-binary', '--no-out', '--quiet');
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /--runtime: .*no-such-binary/);
  });
});
