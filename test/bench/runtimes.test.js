'use strict';

// asyncmark runtimes: what a user sees. The cache is a temporary folder
// ($ASYNCMARK_RUNTIMES) holding fake runtimes, and npm a fake one
// ($npm_execpath), so nothing here reaches the network.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runCli } = require('./capture');
const { CAPABILITIES } = require('../../lib/runtimes');
const { plantRuntime } = require('../fixtures/runtimes/plant');
const { parsesHere } = require('../../lib/runtimes/syntax');

const FAKE_NPM_CLI = path.join(__dirname, '..', 'fixtures', 'runtimes', 'npm-cli', 'npm-cli.js');

// A command's section of the command-line reference (docs/reference/cli.md, as cli-reference.js makes it now).
function referenceSection(name) {
  const page = require('../../bench/cli-reference').cliReference();
  const start = page.indexOf(`\n## asyncmark ${name}\n`);
  const end = page.indexOf('\n## ', start + 1);
  return page.slice(start, end === -1 ? undefined : end);
}

describe('asyncmark runtimes', function () {
  this.timeout(60000);
  let cache;
  const saved = {};

  beforeEach(() => {
    cache = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-runtimes-cli-'));
    for (const key of ['ASYNCMARK_RUNTIMES', 'npm_execpath', 'CHROMIUM_PATH', 'FIREFOX_PATH']) saved[key] = process.env[key];
    process.env.ASYNCMARK_RUNTIMES = cache;
    process.env.npm_execpath = FAKE_NPM_CLI;
    // Browsers as on a machine without them, whatever this one has.
    process.env.CHROMIUM_PATH = path.join(cache, 'no-chromium');
    process.env.FIREFOX_PATH = path.join(cache, 'no-firefox');
  });

  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    fs.rmSync(cache, { recursive: true, force: true });
  });

  it('explains every option, the runtimes one may name, the cache and every capability, with examples', async () => {
    // --help is short; what it leaves out is in the reference, made from the same program (bench/help-text.js).
    const { code } = await runCli('runtimes', '--help');
    assert.equal(code, 0);
    const stdout = referenceSection('runtimes');
    for (const text of [
      '--install <list>',
      '--format <format>',
      'node@<version>',
      'bun, bun@<version>',
      'deno, deno@<version>',
      './path',
      'chromium, chromium-worker',
      'firefox, firefox-worker',
      '$CHROMIUM_PATH',
      '$FIREFOX_PATH',
    ]) {
      assert.ok(stdout.includes(text), text);
    }
    for (const text of ['$ASYNCMARK_RUNTIMES', '$XDG_CACHE_HOME/asyncmark/runtimes', '~/.cache/asyncmark/runtimes', 'exit code 2', 'Examples:']) {
      assert.ok(stdout.includes(text), text);
    }
    for (const key of CAPABILITIES) assert.ok(stdout.includes(key), key);
    assert.match(stdout, /asyncmark runtimes --install node@22,node@26,bun,deno/);
  });

  it('lists the running node and every installed runtime with version and capabilities, and says where the cache is', async () => {
    plantRuntime(cache, { spec: 'node@26', version: '26.10.0', delegate: true });
    plantRuntime(cache, { spec: 'deno', version: '2.9.6' });
    const { code, stdout, stderr } = await runCli('runtimes');
    assert.equal(code, 0, stderr);
    assert.equal(stderr, '');
    const [header, rule, ...rows] = stdout.split('\n');
    assert.match(
      header,
      /^runtime +version +from +ipcFork +exposeGc +gcObserver +resourceUsage +loopDelay +loopUtilization +commonJs +async functions +await using +using +gc flags +commonJs flags +MB +path$/,
    );
    assert.match(rule, /^-+( +-+)+$/);
    const running = `${process.versions.node.replace(/\./g, '\\.')}`;
    // The fakes delegate to the node running the tests, which parses `await using` or not,
    // and runs `using` with a DisposableStack or not.
    const awaitUsing = parsesHere('await using') ? 'yes' : 'no';
    const using = parsesHere('using') ? 'yes' : 'no';
    assert.match(
      rows[0],
      new RegExp(`^node +${running} +running +yes +yes +yes +yes +yes +yes +yes +yes +${awaitUsing} +${using} +--expose-gc +none +- +${process.execPath}$`),
    );
    assert.match(
      rows[1],
      new RegExp(
        `^node@26 +26\\.10\\.0 +cache +yes +yes +yes +yes +yes +yes +yes +yes +${awaitUsing} +${using} +--expose-gc +none +0 +${cache}/node@26/bin/node$`,
      ),
    );
    assert.match(rows[2], new RegExp(`^deno +2\\.9\\.6 +cache +no +no +no +no +no +no +no +no +no +no +- +- +0 +${cache}/deno/bin/deno$`));
    for (const [i, name] of ['chromium', 'chromium-worker', 'firefox', 'firefox-worker'].entries()) {
      const engine = name.split('-')[0];
      assert.match(rows[3 + i], new RegExp(`^${name} +not installed +system +(- +){13}${cache}/no-${engine}$`));
    }
    assert.equal(rows[7], '');
    assert.equal(rows[8], `cache: ${cache}`);
    assert.equal(rows[9], `chromium: chromium is not installed at ${cache}/no-chromium ($CHROMIUM_PATH) (Debian package chromium)`);
    assert.equal(rows[12], `firefox-worker: firefox is not installed at ${cache}/no-firefox ($FIREFOX_PATH) (Debian package firefox-esr)`);
  });

  it('prints the records as JSON with --format json', async () => {
    plantRuntime(cache, { spec: 'bun', version: '1.4.5' });
    const { code, stdout } = await runCli('runtimes', '--format', 'json');
    assert.equal(code, 0);
    const records = JSON.parse(stdout).filter((r) => !r.browser);
    assert.deepEqual(
      records.map((r) => [r.spec, r.name, r.version, r.installed]),
      [
        ['node', 'node', process.versions.node, false],
        ['bun', 'bun', '1.4.5', true],
      ],
    );
    assert.deepEqual(Object.keys(records[1].capabilities), CAPABILITIES);
    assert.equal(records[1].path, path.join(cache, 'bun', 'bin', 'bun'));
  });

  it('installs what --install asks with progress lines on stderr, reuses what is there, then lists', async () => {
    plantRuntime(cache, { spec: 'bun', version: '1.4.5' });
    const { code, stdout, stderr } = await runCli('runtimes', '--install', 'node@22,bun', '--format', 'json');
    assert.equal(code, 0, stderr);
    const folder = path.join(cache, 'node@22');
    assert.equal(
      stderr.replace(/ in [\d.]+ s, \d+ MB/, ' in S s, M MB'),
      `asyncmark: installing node@22: npm install node@22 into ${folder}\nasyncmark: installed node@22: node 22.99.0 in S s, M MB\n`,
    );
    assert.deepEqual(
      JSON.parse(stdout)
        .filter((r) => !r.browser)
        .map((r) => `${r.spec} ${r.version}`),
      ['node ' + process.versions.node, 'node@22 22.99.0', 'bun 1.4.5'],
    );
    const again = await runCli('runtimes', '--install', 'node@22');
    assert.equal(again.code, 0);
    assert.equal(again.stderr, '', 'nothing is installed twice');
  });

  it('lists a binary of your own when --install names it', async () => {
    const mine = path.join(cache, 'elsewhere', 'node');
    fs.mkdirSync(path.dirname(mine));
    fs.symlinkSync(process.execPath, mine);
    const { code, stdout } = await runCli('runtimes', '--install', mine, '--format', 'json');
    assert.equal(code, 0);
    const records = JSON.parse(stdout).filter((r) => !r.browser);
    assert.deepEqual(
      records.map((r) => [r.spec, r.name, r.version]),
      [
        ['node', 'node', process.versions.node],
        [mine, 'custom', process.versions.node],
      ],
    );
  });

  it('refuses a runtime it cannot have with one line and exit 2, installing nothing', async () => {
    for (const [value, expected] of [
      ['nodejs', /^asyncmark: --install: "nodejs" is not allowed; expected node \(the one running asyncmark\), node@<version>, .*\n$/],
      ['node@22,./no-such-node', /^asyncmark: --install: "\.\/no-such-node" is not allowed; expected the path of an executable file \(.*: no such file\)\n$/],
      ['node@26,node@26', /^asyncmark: --install: "node@26" is given twice; expected each runtime once\n$/],
      ['', /^asyncmark: --install: "" is not allowed; expected a comma-separated list of /],
    ]) {
      const { code, stdout, stderr } = await runCli('runtimes', '--install', value);
      assert.equal(code, 2, value);
      assert.equal(stdout, '', value);
      assert.match(stderr, expected, value);
    }
    assert.deepEqual(fs.readdirSync(cache), []);
    const format = await runCli('runtimes', '--format', 'csv');
    assert.equal(format.code, 2);
    assert.match(format.stderr, /^asyncmark: --format: "csv" is not allowed; expected one of table, json\n$/);
  });

  it('says which install no longer runs and how to mend it', async () => {
    fs.rmSync(plantRuntime(cache, { spec: 'node@24', version: '24.1.0' }));
    const { code, stdout } = await runCli('runtimes');
    assert.equal(code, 0);
    assert.match(stdout, /^node@24 +24\.1\.0 +cache +- +- +- +- +- +- +- +- +- +- +- +- +0 /m);
    assert.match(stdout, /^node@24 in the cache does not run: .*no such file; remove its folder to install it again$/m);
  });
});
