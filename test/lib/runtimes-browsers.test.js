'use strict';

// lib/runtimes for browsers: naming one, finding its binary, and what a
// missing one becomes (its cells say so; nothing is refused). No browser is
// started here: test/drivers/browser-child.test.js runs them.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { resolveRuntimes, listBrowsers, parseSpec, parseSpecs, ALLOWED } = require('../../lib/runtimes');
const { BROWSERS, locateBrowser, parseBrowserVersion } = require('../../lib/runtimes/browsers');
const { cannotRun, launch } = require('../../lib/runner/launch');
const drivers = require('../../lib/drivers');
const { UsageError } = require('../../lib/usage-error');

// Runs fn with environment variables set, then puts them back.
async function withEnv(vars, fn) {
  const saved = Object.fromEntries(Object.keys(vars).map((key) => [key, process.env[key]]));
  Object.assign(process.env, vars);
  try {
    return await fn();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

describe('runtimes: browsers', () => {
  let cache;
  before(() => {
    cache = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-browsers-cache-'));
  });
  after(() => fs.rmSync(cache, { recursive: true, force: true }));

  it('names four browsers: each engine on the main thread and in a worker', () => {
    assert.deepEqual(parseSpec('chromium'), { spec: 'chromium', name: 'chromium', browser: { engine: 'chromium', thread: 'main' } });
    assert.deepEqual(parseSpec('chromium-worker'), { spec: 'chromium-worker', name: 'chromium-worker', browser: { engine: 'chromium', thread: 'worker' } });
    assert.deepEqual(parseSpec('firefox'), { spec: 'firefox', name: 'firefox', browser: { engine: 'firefox', thread: 'main' } });
    assert.deepEqual(parseSpec('firefox-worker'), { spec: 'firefox-worker', name: 'firefox-worker', browser: { engine: 'firefox', thread: 'worker' } });
    assert.deepEqual(Object.keys(BROWSERS), ['chromium', 'chromium-worker', 'firefox', 'firefox-worker']);
    assert.deepEqual(
      parseSpecs('node,chromium,firefox-worker').map((s) => s.spec),
      ['node', 'chromium', 'firefox-worker'],
    );
    assert.match(ALLOWED, /chromium, chromium-worker, firefox, firefox-worker/);
  });

  it('refuses a browser with a version, and an unknown browser, in one line', () => {
    assert.throws(
      () => parseSpec('chromium@120'),
      (error) =>
        error instanceof UsageError &&
        error.message ===
          `--runtime: "chromium@120" is not allowed; expected chromium without a version (a browser is the system's own, not installed by asyncmark)`,
    );
    assert.throws(
      () => parseSpec('safari'),
      (error) => error instanceof UsageError && error.message.startsWith('--runtime: "safari" is not allowed; expected'),
    );
    assert.throws(() => parseSpecs('chromium,chromium'), /"chromium" is given twice/);
  });

  it('finds a binary by its variable, else by Debian’s paths, and says why when there is none', () => {
    const executable = (file) => file === '/usr/bin/firefox';
    assert.deepEqual(locateBrowser('firefox', { env: {}, executable }), { path: '/usr/bin/firefox', missing: null });
    assert.deepEqual(locateBrowser('firefox', { env: {}, executable: () => false }), {
      path: '/usr/bin/firefox-esr',
      missing: 'firefox is not installed (Debian package firefox-esr)',
    });
    assert.deepEqual(locateBrowser('chromium', { env: { CHROMIUM_PATH: '/opt/none/chrome' }, executable }), {
      path: '/opt/none/chrome',
      missing: 'chromium is not installed at /opt/none/chrome ($CHROMIUM_PATH) (Debian package chromium)',
    });
    assert.deepEqual(locateBrowser('chromium', { env: { CHROMIUM_PATH: '/opt/c' }, executable: (file) => file === '/opt/c' }), {
      path: '/opt/c',
      missing: null,
    });
  });

  it('says a browser that is there cannot run without puppeteer-core and esbuild, with the command that installs them', () => {
    const executable = (file) => file === '/usr/bin/chromium';
    assert.deepEqual(locateBrowser('chromium', { env: {}, executable, installed: (name) => name !== 'puppeteer-core' }), {
      path: '/usr/bin/chromium',
      missing: 'chromium needs puppeteer-core: npm install puppeteer-core@24.43.1',
    });
    assert.equal(
      locateBrowser('chromium', { env: {}, executable, installed: () => false }).missing,
      'chromium needs puppeteer-core and esbuild: npm install puppeteer-core@24.43.1 esbuild@0.28.2',
    );
    assert.equal(locateBrowser('chromium', { env: {}, executable, installed: () => true }).missing, null);
  });

  it('reads the versions Debian’s browsers print', () => {
    assert.equal(parseBrowserVersion('chromium', 'Chromium 156.0.8078.79 built on Debian GNU/Linux 12 (bookworm)\n'), '156.0.8078.79');
    assert.equal(parseBrowserVersion('firefox', 'Mozilla Firefox 153.7.0esr\n'), '153.7.0esr');
    assert.equal(parseBrowserVersion('firefox', 'Chromium 1.2.3.4'), null);
  });

  it('resolves a missing browser to a record that says why, without refusing it', async () => {
    const [firefox] = await withEnv({ FIREFOX_PATH: '/nonexistent/firefox' }, () => resolveRuntimes('firefox-worker', { cache }));
    assert.equal(firefox.version, null);
    assert.deepEqual(firefox.browser, {
      engine: 'firefox',
      thread: 'worker',
      path: '/nonexistent/firefox',
      missing: 'firefox is not installed at /nonexistent/firefox ($FIREFOX_PATH) (Debian package firefox-esr)',
    });
    assert.equal(cannotRun(firefox, drivers.compute), firefox.browser.missing);
  });

  it('resolves a binary that is not a browser to a record that says it does not run', async () => {
    const [chromium] = await withEnv({ CHROMIUM_PATH: '/bin/true' }, () => resolveRuntimes('chromium', { cache }));
    assert.equal(chromium.version, null);
    assert.match(chromium.browser.missing, /^chromium at \/bin\/true does not run \(\/bin\/true --version printed no chromium version: /);
  });

  it('runs only drivers with a browser child, and says why not for the others', () => {
    const record = { spec: 'chromium', name: 'chromium', browser: { engine: 'chromium', thread: 'main', path: '/x', missing: null }, capabilities: null };
    assert.equal(cannotRun(record, drivers.compute), null);
    assert.deepEqual(launch(drivers.compute, record), { script: drivers.compute.browserChild, execArgv: [] });
    assert.match(
      cannotRun(record, drivers.batch),
      /^chromium cannot run the batch driver's examples: a browser runs only problems that need no Node API .*lib\/fakes.*esbuild cannot bundle/,
    );
    assert.match(cannotRun(record, drivers['http-load']), /^chromium cannot run the http-load driver's examples/);
    assert.match(cannotRun(record), /needs Node/);
  });

  it('lists every browser, installed or not', async () => {
    const browsers = await withEnv({ FIREFOX_PATH: '/nonexistent/firefox' }, () => listBrowsers());
    assert.deepEqual(
      browsers.map((r) => r.spec),
      ['chromium', 'chromium-worker', 'firefox', 'firefox-worker'],
    );
    for (const r of browsers.filter((b) => b.browser.engine === 'firefox')) assert.match(r.browser.missing, /^firefox is not installed/);
  });
});
