'use strict';

// lib/runtimes: naming, finding, installing and probing runtimes. Fake
// runtimes (shell scripts planted in a temporary cache) and a fake npm keep
// every test but one off the network; that one installs a real Node.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');
const { parsesHere } = require('../../lib/runtimes/syntax');
const { resolveRuntimes, listRuntimes, cacheFolder, parseSpec, parseSpecs, ALLOWED, CAPABILITIES, compareVersions } = require('../../lib/runtimes');
const { npmCommand, npmEnv, npmReason } = require('../../lib/runtimes/npm');
const { readVersion } = require('../../lib/runtimes/probe');
const { UsageError } = require('../../lib/usage-error');
const { plantRuntime, writeBinary } = require('../fixtures/runtimes/plant');

const FAKE_NPM = path.join(__dirname, '..', 'fixtures', 'runtimes', 'fake-npm.js');
const fakeNpm = (mode) => ({ command: process.execPath, args: [FAKE_NPM, mode] });
// An npm that must not be called: a test that reuses an install would fail loudly.
const NO_NPM = fakeNpm('fails');

function tempDir(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-runtimes-'));
  t.dirs.push(dir);
  return dir;
}

// How many times a fake runtime was run with `what` ("run": a probe; "version": --version).
function lines(file, what = 'run') {
  return fs.existsSync(file)
    ? fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line === what).length
    : 0;
}

const ALL_TRUE = Object.fromEntries(CAPABILITIES.map((key) => [key, true]));
const NODE_FLAGS = { exposeGc: ['--expose-gc'], commonJs: [], compiledChild: null, commonJsMissing: null };
// A fake that delegates to the node running the tests parses what that node parses.
const HERE_SYNTAX = { asyncFunctions: true, awaitUsing: parsesHere('await using'), using: parsesHere('using') };
const ALL_FALSE = Object.fromEntries(CAPABILITIES.map((key) => [key, false]));

describe('runtimes: naming one', () => {
  it('reads node, a Node, Bun or Deno release, and a path', () => {
    assert.deepEqual(parseSpec('node'), { spec: 'node', name: 'node', current: true });
    assert.deepEqual(parseSpec('node@26'), { spec: 'node@26', name: 'node', range: '26', package: 'node@26' });
    assert.deepEqual(parseSpec('node@22.12'), { spec: 'node@22.12', name: 'node', range: '22.12', package: 'node@22.12' });
    assert.deepEqual(parseSpec('node@20.19.0'), { spec: 'node@20.19.0', name: 'node', range: '20.19.0', package: 'node@20.19.0' });
    assert.deepEqual(parseSpec('bun'), { spec: 'bun', name: 'bun', range: 'latest', package: 'bun@latest' });
    assert.deepEqual(parseSpec('deno@2.9.6'), { spec: 'deno@2.9.6', name: 'deno', range: '2.9.6', package: 'deno@2.9.6' });
    assert.deepEqual(parseSpec('./bin/my-node', { cwd: '/work' }), { spec: './bin/my-node', name: 'custom', path: '/work/bin/my-node' });
    assert.deepEqual(parseSpec('/opt/node/bin/node'), { spec: '/opt/node/bin/node', name: 'custom', path: '/opt/node/bin/node' });
  });

  it('refuses anything else with one line naming the parameter, the value and what is allowed', () => {
    for (const bad of ['nodejs', 'node@', 'node@v22', 'node@22.x', 'node@lts', 'node@22@1', 'bun@latest', 'Node@22', 'safari', '']) {
      assert.throws(
        () => parseSpec(bad),
        (error) => error instanceof UsageError && error.message === `--runtime: ${JSON.stringify(bad)} is not allowed; expected ${ALLOWED}`,
        bad,
      );
    }
    assert.throws(() => parseSpec('deno@x', { parameter: '--install' }), /^UsageError: --install: "deno@x" is not allowed; expected node \(the one running/);
    assert.doesNotMatch(ALLOWED, /\n/);
  });

  it('takes a list as typed or as an array, each runtime once', () => {
    assert.deepEqual(
      parseSpecs('node,node@26, bun').map((s) => s.spec),
      ['node', 'node@26', 'bun'],
    );
    assert.deepEqual(
      parseSpecs(['deno']).map((s) => s.spec),
      ['deno'],
    );
    assert.throws(() => parseSpecs('node@26,bun,node@26'), { message: '--runtime: "node@26" is given twice; expected each runtime once' });
    assert.throws(() => parseSpecs('./a,a/../a', { cwd: '/x' }), { message: '--runtime: "a/../a" is given twice; expected each runtime once' });
    assert.throws(() => parseSpecs('node,,bun'), { message: `--runtime: "node,,bun" is not allowed; expected a comma-separated list of ${ALLOWED}` });
    assert.throws(() => parseSpecs([]), UsageError);
  });

  it('orders versions as numbers', () => {
    assert.deepEqual(['22.10.0', '22.9.1', '20.19.0', '26.0.0'].sort(compareVersions), ['20.19.0', '22.9.1', '22.10.0', '26.0.0']);
  });
});

describe('runtimes: the cache folder', () => {
  it('is $ASYNCMARK_RUNTIMES, else $XDG_CACHE_HOME/asyncmark/runtimes, else ~/.cache/asyncmark/runtimes', () => {
    const home = '/home/someone';
    assert.equal(cacheFolder({ env: { ASYNCMARK_RUNTIMES: '/data/rt', XDG_CACHE_HOME: '/xdg' }, home }), '/data/rt');
    assert.equal(cacheFolder({ env: { ASYNCMARK_RUNTIMES: 'rt' }, home, cwd: '/work' }), '/work/rt');
    assert.equal(cacheFolder({ env: { XDG_CACHE_HOME: '/xdg' }, home }), '/xdg/asyncmark/runtimes');
    assert.equal(cacheFolder({ env: {}, home }), '/home/someone/.cache/asyncmark/runtimes');
    // The XDG spec: an empty or relative XDG_CACHE_HOME is ignored; so is an empty ASYNCMARK_RUNTIMES.
    assert.equal(cacheFolder({ env: { XDG_CACHE_HOME: 'cache', ASYNCMARK_RUNTIMES: '' }, home }), '/home/someone/.cache/asyncmark/runtimes');
  });
});

describe('runtimes: npm', () => {
  const exists = (files) => (file) => files.includes(file);

  it("is npm's own npm-cli.js when npm started us, else the npm beside this node, else npm on PATH", () => {
    const cli = '/usr/lib/node_modules/npm/bin/npm-cli.js';
    assert.deepEqual(npmCommand({ env: { npm_execpath: cli }, execPath: '/opt/node/bin/node', exists: exists([cli]) }), {
      command: '/opt/node/bin/node',
      args: [cli],
    });
    // yarn and pnpm set npm_execpath to themselves.
    const yarn = { npm_execpath: '/usr/lib/node_modules/yarn/bin/yarn.js' };
    assert.deepEqual(npmCommand({ env: yarn, execPath: '/opt/node/bin/node', exists: exists([yarn.npm_execpath, '/opt/node/bin/npm']) }), {
      command: '/opt/node/bin/npm',
      args: [],
    });
    assert.deepEqual(npmCommand({ env: {}, execPath: '/opt/node/bin/node', exists: exists([]) }), { command: 'npm', args: [] });
  });

  it('runs without what an npm run that started us would redirect the install with', () => {
    const env = npmEnv({ PATH: '/bin', npm_config_prefix: '/usr', npm_config_local_prefix: '/work', npm_config_cache: '/c', npm_package_name: 'asyncmark' });
    assert.deepEqual(env, { PATH: '/bin', npm_config_cache: '/c' });
  });

  it("says in one line why npm failed, from npm's error lines", () => {
    const notarget = ['npm error code ETARGET', 'npm error notarget No matching version found for node@99.', 'npm error notarget In most cases…'].join('\n');
    assert.equal(npmReason(notarget), 'No matching version found for node@99. (ETARGET)');
    const offline = [
      'npm error code ECONNREFUSED',
      'npm error syscall connect',
      'npm error errno ECONNREFUSED',
      'npm error FetchError: request to http://127.0.0.1:9/node failed, reason: connect ECONNREFUSED 127.0.0.1:9',
      'npm error     at ClientRequest.<anonymous> (/usr/lib/node_modules/npm/node_modules/minipass-fetch/lib/index.js:130:14)',
    ].join('\n');
    assert.equal(npmReason(offline), 'FetchError: request to http://127.0.0.1:9/node failed, reason: connect ECONNREFUSED 127.0.0.1:9');
    assert.equal(
      npmReason('npm ERR! code E404\nnpm ERR! 404 Not Found - GET https://registry.npmjs.org/nodd'),
      '404 Not Found - GET https://registry.npmjs.org/nodd (E404)',
    );
    assert.equal(npmReason('npm warn something\n'), null);
  });
});

describe('runtimes: reading a version', function () {
  this.timeout(20000);
  before(function () {
    this.dirs = [];
  });
  after(function () {
    for (const dir of this.dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads each kind as it prints it, and a custom binary by its first x.y.z', async function () {
    const dir = tempDir(this);
    const binary = (name, versionLine) => writeBinary(path.join(dir, name), { versionLine });
    assert.equal(await readVersion(binary('node', 'v26.10.0'), 'node'), '26.10.0');
    assert.equal(await readVersion(binary('bun', '1.4.5'), 'bun'), '1.4.5');
    assert.equal(await readVersion(binary('deno', 'deno 2.9.6 (stable, release, x86_64-unknown-linux-gnu)'), 'deno'), '2.9.6');
    assert.equal(await readVersion(binary('mine', 'my-node 1.2.3-beta (built today)'), 'custom'), '1.2.3-beta');
    assert.equal(await readVersion(binary('plain', 'whatever'), 'custom'), 'whatever');
    await assert.rejects(readVersion(binary('wrong', '1.4.5'), 'node'), /printed "1\.4\.5", not a node version/);
    await assert.rejects(readVersion(path.join(dir, 'absent'), 'custom'), /--version failed: no such file/);
  });
});

describe('runtimes: found in the cache, probed and reused', function () {
  this.timeout(60000);
  before(function () {
    this.dirs = [];
  });
  after(function () {
    for (const dir of this.dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reuses an installed runtime without npm, probes it once per version, and probes again when its version changes', async function () {
    const cache = tempDir(this);
    const log = path.join(cache, 'runs.log');
    const binary = plantRuntime(cache, { spec: 'node@22', version: '22.99.0', delegate: true, log });
    const [first] = await resolveRuntimes('node@22', { cache, npm: NO_NPM });
    assert.deepEqual(first, {
      spec: 'node@22',
      name: 'node',
      version: '22.99.0',
      path: binary,
      installed: true,
      bytes: 1234,
      capabilities: ALL_TRUE,
      flags: NODE_FLAGS,
      syntax: HERE_SYNTAX,
    });
    const probes = lines(log);
    assert.ok(probes >= 3, `the probes ran the binary (${probes} times)`);
    assert.deepEqual(await resolveRuntimes(['node@22'], { cache, npm: NO_NPM, install: false }), [first]);
    assert.equal(lines(log), probes, 'a second resolve reads the probes from the cache');
    plantRuntime(cache, { spec: 'node@22', version: '22.99.1', delegate: true, log });
    const [second] = await resolveRuntimes('node@22', { cache, npm: NO_NPM });
    assert.equal(second.version, '22.99.1');
    assert.equal(lines(log), 2 * probes, 'a new version is probed again');
    // A probe recorded by other probe code (planted: an older probeCode) is probed again, so that a
    // fixed probe reaches the runtimes probed before it.
    const record = path.join(cache, 'node@22', 'asyncmark-probe.json');
    const cached = JSON.parse(fs.readFileSync(record, 'utf8'));
    assert.match(cached.probeCode, /^[0-9a-f]{16}$/);
    fs.writeFileSync(record, JSON.stringify({ ...cached, probeCode: '0000000000000000' }));
    await resolveRuntimes('node@22', { cache, npm: NO_NPM });
    assert.equal(lines(log), 3 * probes, 'older probe code: probed again');
  });

  it('finds a capability missing when the runtime cannot do it', async function () {
    const cache = tempDir(this);
    plantRuntime(cache, { spec: 'bun', version: '1.4.5' });
    const [bun] = await resolveRuntimes('bun', { cache, npm: NO_NPM });
    assert.equal(bun.version, '1.4.5');
    assert.deepEqual(bun.capabilities, ALL_FALSE);
    assert.deepEqual(bun.flags, { exposeGc: null, commonJs: null, compiledChild: null, commonJsMissing: null });
    assert.deepEqual(bun.syntax, { asyncFunctions: false, awaitUsing: false, using: false });
  });

  it('takes the running node and a binary of your own as they are, probing each', async function () {
    const cache = tempDir(this);
    const mine = writeBinary(path.join(cache, 'elsewhere', 'my-node'), { versionLine: 'v27.0.0-pre', delegate: true, log: path.join(cache, 'runs.log') });
    const [node, custom] = await resolveRuntimes(['node', path.relative(process.cwd(), mine).replace(/^(?!\.)/, './')], { cache, npm: NO_NPM });
    assert.deepEqual(node, {
      spec: 'node',
      name: 'node',
      version: process.versions.node,
      path: process.execPath,
      installed: false,
      bytes: null,
      capabilities: ALL_TRUE,
      flags: NODE_FLAGS,
      syntax: HERE_SYNTAX,
    });
    assert.equal(custom.name, 'custom');
    assert.equal(custom.version, '27.0.0-pre');
    assert.equal(custom.path, mine);
    assert.equal(custom.installed, false);
    assert.deepEqual(custom.capabilities, ALL_TRUE);
  });

  it('refuses what it cannot have before running anything: a missing or non-executable path, a runtime not installed', async function () {
    const cache = tempDir(this);
    const log = path.join(cache, 'runs.log');
    plantRuntime(cache, { spec: 'node@22', version: '22.99.0', delegate: true, log });
    const plain = path.join(cache, 'plain');
    fs.writeFileSync(plain, 'not a program', { mode: 0o644 });
    await assert.rejects(resolveRuntimes(`node@22,${plain}`, { cache, npm: NO_NPM }), {
      name: 'UsageError',
      message: `--runtime: ${JSON.stringify(plain)} is not allowed; expected the path of an executable file (${plain}: not executable)`,
    });
    await assert.rejects(resolveRuntimes(['node@22', cache], { cache, npm: NO_NPM }), { message: new RegExp(`\\(${cache}: not a file\\)$`) });
    await assert.rejects(resolveRuntimes(['node@22', './no/such/node'], { cache, npm: NO_NPM }), {
      message: /"\.\/no\/such\/node" is not allowed; .*: no such file\)$/,
    });
    await assert.rejects(resolveRuntimes('node@22,deno', { cache, install: false }), {
      name: 'UsageError',
      message: '--runtime: "deno" is not installed; expected an installed runtime (asyncmark runtimes --install deno)',
    });
    assert.equal(lines(log), 0, 'nothing was probed before the refusal');
    assert.equal(lines(log, 'version'), 0, 'nothing was run before the refusal');
  });

  it('refuses an install whose binary no longer runs, saying how to mend it', async function () {
    const cache = tempDir(this);
    const binary = plantRuntime(cache, { spec: 'deno', version: '2.9.6' });
    fs.rmSync(binary);
    await assert.rejects(resolveRuntimes('deno', { cache, npm: NO_NPM }), {
      message: new RegExp(
        `^--runtime: "deno" is installed in ${path.join(cache, 'deno')} but does not run \\(.*no such file\\); expected a working runtime: remove that folder`,
      ),
    });
  });

  it('lists the running node first, then every install by name and version; not temporary folders, not strangers; a broken one in its place, with its error', async function () {
    const cache = tempDir(this);
    plantRuntime(cache, { spec: 'deno', version: '2.9.6' });
    plantRuntime(cache, { spec: 'node@26', version: '26.10.0' });
    plantRuntime(cache, { spec: 'bun', version: '1.4.5' });
    plantRuntime(cache, { spec: 'node@22', version: '22.23.3' });
    fs.rmSync(plantRuntime(cache, { spec: 'node@20', version: '20.19.5' }));
    plantRuntime(cache, { spec: '.install-node@24-1-abcd', name: 'node', version: '24.0.0' });
    fs.mkdirSync(path.join(cache, 'stranger'));
    const listed = await listRuntimes({ cache });
    assert.deepEqual(
      listed.map((r) => `${r.spec} ${r.version}`),
      ['node ' + process.versions.node, 'node@20 20.19.5', 'node@22 22.23.3', 'node@26 26.10.0', 'bun 1.4.5', 'deno 2.9.6'],
    );
    const broken = listed.find((r) => r.spec === 'node@20');
    assert.match(broken.error, /no such file/);
    assert.equal(broken.capabilities, null);
    assert.deepEqual(await listRuntimes({ cache: path.join(cache, 'absent') }), [listed[0]]);
  });
});

describe('runtimes: installing', function () {
  this.timeout(60000);
  before(function () {
    this.dirs = [];
  });
  after(function () {
    for (const dir of this.dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  // What is in the cache but the probes of the running node.
  const contents = (cache) => fs.readdirSync(cache).filter((name) => name !== 'probes');

  it('installs into a temporary folder with npm, then renames it: arguments, record and progress', async function () {
    const cache = tempDir(this);
    const progress = [];
    const [node] = await resolveRuntimes('node@22', { cache, npm: fakeNpm('installs'), onProgress: (line) => progress.push(line) });
    const folder = path.join(cache, 'node@22');
    assert.equal(node.version, '22.99.0');
    assert.equal(node.path, path.join(folder, 'node_modules/node/bin/node'));
    assert.equal(node.installed, true);
    assert.deepEqual(contents(cache), ['node@22']);
    const args = JSON.parse(fs.readFileSync(path.join(folder, 'npm-args.json'), 'utf8'));
    assert.equal(args[0], 'install');
    assert.equal(args[1], '--prefix');
    assert.match(args[2], new RegExp(`^${cache}/\\.install-node@22-${process.pid}-[0-9a-f]+$`));
    assert.deepEqual(args.slice(3), ['--no-save', '--no-audit', '--no-fund', 'node@22']);
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
    assert.deepEqual(manifest.allowScripts, { node: true });
    const record = JSON.parse(fs.readFileSync(path.join(folder, 'asyncmark-runtime.json'), 'utf8'));
    assert.deepEqual(
      { ...record, installedAt: typeof record.installedAt, installSeconds: typeof record.installSeconds },
      {
        spec: 'node@22',
        name: 'node',
        package: 'node@22',
        version: '22.99.0',
        binary: 'node_modules/node/bin/node',
        installedAt: 'string',
        installSeconds: 'number',
        bytes: record.bytes,
      },
    );
    assert.ok(record.bytes > 0);
    assert.equal(progress[0], `installing node@22: npm install node@22 into ${folder}`);
    assert.match(progress[1], /^installed node@22: node 22\.99\.0 in \d+(\.\d)? s, \d+ MB$/);
    // Installed: the next resolve asks npm nothing.
    assert.deepEqual(
      (await resolveRuntimes('node@22', { cache, npm: NO_NPM })).map((r) => r.version),
      ['22.99.0'],
    );
  });

  it('leaves nothing that looks installed when npm fails, and says why in one line', async function () {
    const cache = tempDir(this);
    await assert.rejects(resolveRuntimes('node@22', { cache, npm: fakeNpm('fails') }), (error) => {
      assert.ok(error instanceof UsageError);
      assert.equal(
        error.message,
        `--runtime: "node@22" cannot be installed: No matching version found for node@22. (ETARGET); expected a release npm has, or another runtime: ${ALLOWED}`,
      );
      return true;
    });
    assert.deepEqual(contents(cache), []);
    assert.deepEqual(await listRuntimes({ cache }).then((listed) => listed.map((r) => r.spec)), ['node']);
  });

  it('leaves nothing when npm succeeds but the binary is not in place (install scripts blocked)', async function () {
    const cache = tempDir(this);
    await assert.rejects(resolveRuntimes('node@26', { cache, npm: fakeNpm('no-binary') }), {
      message:
        /^--runtime: "node@26" cannot be installed: npm installed node@26 but not its binary node_modules\/node\/bin\/node \(were its install scripts blocked\?\); /,
    });
    assert.deepEqual(contents(cache), []);
  });

  it('says so when npm cannot be started', async function () {
    const cache = tempDir(this);
    await assert.rejects(resolveRuntimes('bun', { cache, npm: { command: path.join(cache, 'no-npm'), args: [] } }), {
      message: new RegExp(`^--runtime: "bun" cannot be installed: ${path.join(cache, 'no-npm')} could not be started \\(ENOENT\\); `),
    });
    assert.deepEqual(contents(cache), []);
  });

  it('keeps the install of another asyncmark that finished first, and removes its own', async function () {
    const cache = tempDir(this);
    const [node] = await resolveRuntimes('node@22', { cache, npm: fakeNpm('races') });
    assert.equal(node.version, '22.99.1');
    assert.deepEqual(contents(cache), ['node@22']);
  });

  it('removes the temporary folders of installs whose process is gone, and keeps those under way', async function () {
    const cache = tempDir(this);
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    fs.mkdirSync(path.join(cache, `.install-node@26-${gone}-dead`));
    fs.mkdirSync(path.join(cache, `.install-bun-${process.pid}-live`));
    await resolveRuntimes('node@22', { cache, npm: fakeNpm('installs') });
    assert.deepEqual(contents(cache).sort(), [`.install-bun-${process.pid}-live`, 'node@22']);
  });

  it('refuses to install over a folder that is not an install', async function () {
    const cache = tempDir(this);
    fs.mkdirSync(path.join(cache, 'node@22'));
    await assert.rejects(resolveRuntimes('node@22', { cache, npm: NO_NPM }), {
      message: new RegExp(
        `cannot be installed: ${path.join(cache, 'node@22')} exists but is not an install of asyncmark's \\(no asyncmark-runtime.json\\); remove it;`,
      ),
    });
  });
});

// The one test that reaches the npm registry: a real Node installed from npm
// into an empty cache (52 MB to download, 185 MB on disk, 7 s here). CI has the
// registry; set ASYNCMARK_TEST_OFFLINE=1 to skip it on a machine without.
describe('runtimes: a real install from npm', function () {
  this.timeout(5 * 60 * 1000);
  before(function () {
    this.dirs = [];
  });
  after(function () {
    for (const dir of this.dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('installs node@22, whose binary runs, reports its version and can be a forked child with IPC', async function () {
    if (process.env.ASYNCMARK_TEST_OFFLINE) this.skip();
    const cache = tempDir(this);
    const progress = [];
    const [node] = await resolveRuntimes('node@22', { cache, onProgress: (line) => progress.push(line) });
    assert.equal(node.name, 'node');
    assert.match(node.version, /^22\.\d+\.\d+$/);
    assert.equal(node.path, path.join(cache, 'node@22', 'node_modules', 'node', 'bin', 'node'));
    assert.equal(execFileSync(node.path, ['-p', 'process.version'], { encoding: 'utf8' }).trim(), `v${node.version}`);
    assert.equal(node.capabilities.ipcFork, true);
    assert.equal(node.capabilities.exposeGc, true);
    assert.equal(node.capabilities.commonJs, true);
    assert.deepEqual(node.flags, { exposeGc: ['--expose-gc'], commonJs: [], compiledChild: null, commonJsMissing: null });
    assert.deepEqual(node.syntax, { asyncFunctions: true, awaitUsing: false, using: false }, 'Node 22 cannot parse `await using` nor `using`');
    assert.match(progress[1], /^installed node@22: node 22\.\d+\.\d+ in [\d.]+ s, \d+ MB$/);
    assert.deepEqual(
      fs.readdirSync(cache).filter((name) => name.startsWith('.install-')),
      [],
    );
  });
});
