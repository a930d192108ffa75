'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { resolveRuntimes } = require('../../lib/runtimes');
const { ownCodeFlags } = require('../../lib/runtimes/probe');
const { describeVersions } = require('../../lib/runtimes/versions');
const { compiledPreload, mirrorName, ownFiles, ROOT, STALE_MS } = require('../../lib/runtimes/compiled-child/build');
const { plan, runSession, readResults } = require('../../lib/runner/session');
const drivers = require('../../lib/drivers');
const batch = require('../../lib/drivers/batch');
const problems = require('../../examples');

// Node before asyncmark's own version: the versions npm has, said briefly;
// which files are compiled for an old Node (never an example); and one old
// Node for real, Node 6 (34 MB on disk), installed once into the runtime
// cache as bench --runtime node@6 would (ASYNCMARK_TEST_OFFLINE=1 skips it).

describe('runtimes: the versions npm has, briefly', () => {
  const VERSIONS = ['0.0.0', '0.8.6', '0.8.28', '0.10.48', '0.11.16', '0.12.18', '4.9.1', '5.12.0', '6.17.1', '9.0.0', '9.11.2', '26.1.0', '27.0.0-pre'];

  it('names the release lines as runs, and the releases of the line asked for', () => {
    assert.equal(describeVersions('node', VERSIONS, '3'), 'node 0.0, 0.8–0.12, 4–6, 9, 26');
    assert.equal(describeVersions('node', VERSIONS, '9.11.1'), 'node 0.0, 0.8–0.12, 4–6, 9, 26; of 9: 9.0.0 to 9.11.2 (2 releases)');
    assert.equal(describeVersions('node', VERSIONS, '0.9'), 'node 0.0, 0.8–0.12, 4–6, 9, 26');
    assert.equal(describeVersions('node', [], '3'), 'npm has no release of node');
  });
});

describe('runtimes: a version npm does not have', () => {
  let dir;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-npm-versions-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  // A fake npm: every install fails as npm does for a version it lacks, and
  // `npm view node versions --json` lists a few.
  function fakeNpm(versions) {
    const script = path.join(dir, `npm-${versions ? 'lists' : 'silent'}`);
    const view = versions ? `echo '${JSON.stringify(versions)}'; exit 0` : 'exit 1';
    fs.writeFileSync(
      script,
      `#!/bin/sh\nif [ "$1" = "view" ]; then ${view}; fi\necho 'npm error code ETARGET' >&2\necho "npm error notarget No matching version found for $7." >&2\nexit 1\n`,
      { mode: 0o755 },
    );
    return { command: script, args: [] };
  }

  it('is refused in one line naming the release lines npm has and the releases of the line asked for', async () => {
    const npm = fakeNpm(['0.10.48', '0.12.18', '4.9.1', '9.0.0', '9.11.2', '26.1.0']);
    await assert.rejects(resolveRuntimes('node@9.11.1', { cache: path.join(dir, 'cache'), npm }), (error) => {
      assert.equal(error.name, 'UsageError');
      assert.equal(
        error.message,
        '--runtime: "node@9.11.1" cannot be installed: No matching version found for node@9.11.1. (ETARGET); expected a release npm has (node 0.10–0.12, 4, 9, 26; of 9: 9.0.0 to 9.11.2 (2 releases))',
      );
      return true;
    });
    await assert.rejects(resolveRuntimes('node@3', { cache: path.join(dir, 'cache'), npm }), /expected a release npm has \(node 0\.10–0\.12, 4, 9, 26\)$/);
  });

  it('names every runtime allowed instead when npm cannot list the versions', async () => {
    await assert.rejects(
      resolveRuntimes('node@3', { cache: path.join(dir, 'cache'), npm: fakeNpm(null) }),
      /; expected a release npm has, or another runtime: node \(the one running asyncmark\)/,
    );
  });
});

describe('runtimes: what is compiled for an old Node', () => {
  it('is asyncmark’s own code: every file of lib/ and the machinery of the problems, never an example', () => {
    const files = new Set(ownFiles());
    const examples = Object.values(problems).flatMap((registry) => registry.examples.map((entry) => path.relative(ROOT, fs.realpathSync(entry.file))));
    assert.ok(examples.length > 30);
    for (const file of examples) assert.ok(!files.has(file), `${file} is an example and must not be compiled`);
    assert.ok(files.has(path.join('lib', 'drivers', 'batch', 'child.js')));
    assert.ok(files.has(path.join('examples', 'doxbee', 'model.js')));
    assert.ok(![...files].some((file) => file.startsWith(path.join('examples', 'libraries'))), 'the libraries the examples share are example code');
  });

  it('is compiled per checkout: two clones of the same sources get two mirrors, since the preload maps files by their place', () => {
    const parts = { esbuildVersion: '0.1', target: 'node6.17.1', files: ['lib/a.js'], sources: ['1'], uncompiled: [Buffer.from('p')] };
    assert.notEqual(mirrorName({ ...parts, root: '/work/one' }), mirrorName({ ...parts, root: '/work/two' }));
    assert.equal(mirrorName({ ...parts, root: '/work/one' }), mirrorName({ ...parts, root: '/work/one' }));
  });

  it('writes its checkout into the mirror and deletes this checkout’s mirrors unused for a day, never another’s', () => {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-mirrors-'));
    try {
      const compiled = path.join(cache, 'compiled');
      const plant = (name, root) => {
        fs.mkdirSync(path.join(compiled, name), { recursive: true });
        fs.writeFileSync(path.join(compiled, name, 'mirror.json'), JSON.stringify({ root }));
        const old = new Date(Date.now() - STALE_MS - 60000);
        fs.utimesSync(path.join(compiled, name), old, old);
      };
      plant('node6.17.1-000000000000', ROOT);
      plant('node6.17.1-111111111111', '/another/clone');
      plant('node8.17.0-222222222222', ROOT);
      const preload = compiledPreload('6.17.1', { cache });
      const mirror = JSON.parse(fs.readFileSync(path.join(path.dirname(preload), 'mirror.json'), 'utf8'));
      assert.equal(mirror.root, ROOT);
      assert.deepEqual(fs.readdirSync(compiled).sort(), [path.basename(path.dirname(preload)), 'node6.17.1-111111111111', 'node8.17.0-222222222222'].sort());
    } finally {
      fs.rmSync(cache, { recursive: true, force: true });
    }
  });
});

describe('runtimes: Node 6, for real', function () {
  this.timeout(5 * 60 * 1000);
  let node6;
  let dir;
  before(async function () {
    if (process.env.ASYNCMARK_TEST_OFFLINE) this.skip();
    // Under nyc (npm test's coverage run) every child gets nyc's preload
    // through NODE_OPTIONS, which Node 6 honours but cannot parse; npm test
    // runs this file again without coverage.
    if (process.env.NYC_CONFIG) this.skip();
    [node6] = await resolveRuntimes('node@6', { onProgress: (line) => process.stderr.write(`      ${line}\n`) });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-node6-'));
  });
  after(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

  it('installs and is probed: it runs asyncmark’s code compiled for it, and lacks what Node 6 lacks', () => {
    assert.match(node6.version, /^6\.\d+\.\d+$/);
    assert.equal(node6.flags.compiledChild, node6.version);
    assert.equal(node6.capabilities.ipcFork, true);
    assert.equal(node6.capabilities.commonJs, true);
    // No perf_hooks before 8.5, no resourceUsage before 12.6.
    assert.equal(node6.capabilities.gcObserver, false);
    assert.equal(node6.capabilities.loopUtilization, false);
    assert.equal(node6.capabilities.resourceUsage, false);
    assert.deepEqual(node6.syntax, { asyncFunctions: false, awaitUsing: false, using: false });
  });

  it('runs the callbacks, n/a where it cannot measure, and shows async/await UNSUPPORTED with the reason', async () => {
    const jobs = plan({
      driver: batch,
      scenario: { name: 'doxbee-sequential', problem: 'doxbee', driver: 'batch', childOptions: { fileExists: false } },
      examples: ['callbacks-original', 'async-await'],
      params: { n: [3], latency: 'constant', t: 0, e: 0, seed: 1 },
      runs: 1,
      runtimes: [node6],
    });
    const lines = await runSession(jobs, { driver: batch, out: path.join(dir, 'r.jsonl'), timeoutMs: 60000 });
    const by = Object.fromEntries(lines.map((line) => [line.example, line]));
    assert.equal(by['callbacks-original'].status, 'ok', by['callbacks-original'].error);
    assert.equal(by['callbacks-original'].metrics.invocations, 3);
    assert.ok(by['callbacks-original'].metrics.wallMs > 0);
    for (const metric of ['maxRssMB', 'gcCount', 'elu', 'loopDelayP99Ms']) assert.equal(by['callbacks-original'].metrics[metric], null, metric);
    assert.equal(by['async-await'].status, 'unsupported');
    assert.match(
      by['async-await'].error,
      /^node@6 cannot load async-await: SyntaxError: .*; this runtime parses none of: async functions and await \(Node 7\.6\+/,
    );
  });

  it('resolves `node:` requires of built-ins for the examples too, and never a package by the bare name', () => {
    // bluebird is a package beside the examples, not a built-in: "node:bluebird" must stay unknown.
    const script = [
      'const load = require(process.argv[1]);',
      "let planted = 'found';",
      "try { require('node:bluebird'); } catch (error) { planted = error.code; }",
      "console.log(typeof load, require('node:http') === require('http'), planted);",
    ].join('\n');
    const example = path.join(ROOT, 'examples', 'http-client', 'recursive-callback.js');
    const result = spawnSync(node6.path, [...ownCodeFlags(node6), '-e', script, example], { encoding: 'utf8', timeout: 30000, cwd: ROOT });
    assert.equal(result.stdout.trim(), 'function true MODULE_NOT_FOUND', result.stderr);
  });

  it('closes the idle connections of a server and keeps the busy one (closeIdleConnections, Node 18.2), as the target server needs', () => {
    const script = path.join(__dirname, '..', 'fixtures', 'runtimes', 'close-connections.js');
    const closes = (...args) => {
      const result = spawnSync(node6.path, [...ownCodeFlags(node6), script, ...args], { encoding: 'utf8', timeout: 30000 });
      assert.equal(result.stderr, '');
      return JSON.parse(result.stdout);
    };
    assert.deepEqual(closes(), { afterIdle: { idle: true, busy: false }, afterAll: { busy: true } });
    // Planted: a closeIdleConnections that closes every connection is caught.
    assert.deepEqual(closes('planted').afterIdle, { idle: true, busy: true });
  });

  it('runs the 2018 callback and promise HTTP clients, n/a for the peak RSS it cannot read, and the async/await one UNSUPPORTED', async () => {
    const httpLoad = require('../../lib/drivers/http-load');
    const jobs = plan({
      driver: httpLoad,
      scenario: { name: 'http-client', problem: 'http-client', driver: 'http-load' },
      examples: ['recursive-callback', 'promise-chain', 'async-await'],
      params: { requests: [5], c: 2, keepAlive: 'on', bytes: 10 },
      runs: 1,
      runtimes: [node6],
    });
    const lines = await runSession(jobs, { driver: httpLoad, out: path.join(dir, 'http.jsonl'), timeoutMs: 60000 });
    const by = Object.fromEntries(lines.map((line) => [line.example, line]));
    for (const example of ['recursive-callback', 'promise-chain']) {
      assert.equal(by[example].status, 'ok', by[example].error);
      assert.equal(by[example].metrics.bodyBytes, 50);
      assert.equal(by[example].metrics.maxRssMB, null);
    }
    assert.equal(by['async-await'].status, 'unsupported');
    // Read back as every report reads it: a line its driver's schema refuses would be skipped.
    assert.equal(readResults(path.join(dir, 'http.jsonl'), { drivers }).length, lines.length);
  });

  it('shows a run with async_hooks UNSUPPORTED on Node 6, which has none, and runs it on the node running the tests', async () => {
    const jobs = plan({
      driver: batch,
      scenario: { name: 'doxbee-sequential', problem: 'doxbee', driver: 'batch', childOptions: { fileExists: false } },
      examples: ['callbacks-original'],
      params: { n: [3], latency: 'constant', t: 0, e: 0, seed: 1, hooks: ['init', 'all'] },
      runs: 1,
      runtimes: [node6, null],
    });
    const lines = await runSession(jobs, { driver: batch, out: path.join(dir, 'hooks.jsonl'), timeoutMs: 60000 });
    const outcome = lines.map((line) => `${line.runtime ?? 'node'} ${line.params.hooks} ${line.status}`).sort();
    assert.deepEqual(outcome, ['node all ok', 'node init ok', 'node@6 all unsupported', 'node@6 init unsupported']);
    assert.match(lines.find((line) => line.runtime === 'node@6').error, /^--hooks (init|all) needs async_hooks \(Node 8 or later\); this is Node v6\./);
  });
});
