'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { requireOptional } = require('../../optional-dependency');

// A browser for one run: started as an ordinary child of the run's process,
// with a fresh profile in a temporary folder and nothing that reaches the
// network, then driven by puppeteer-core (Chromium over CDP, Firefox over
// WebDriver BiDi) through the address it prints. puppeteer's own launch
// starts browsers detached, in a process group of their own, which the
// session's kill of the run's group (on timeout, Ctrl-C, or a crash) would
// miss; started here, the browser and every process it starts stay in that
// group and die with it.

// Chromium's flags: headless, no sandbox (it runs as root in CI), no GPU, no
// QUIC, no first-run, sync, update or background traffic, and no throttling of
// timers or renderers that a headless tab could be judged idle for.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
  // globalThis.gc, so that garbage is collected before the timed region as
  // Node's children do; Firefox offers web content no such function.
  '--js-flags=--expose-gc',
];

// Firefox's preferences (user.js of the fresh profile): no update, telemetry,
// safe-browsing, captive-portal, connectivity or add-on traffic, no first-run
// pages, and no slow-script dialog to interrupt a long computation.
const FIREFOX_PREFS = {
  'app.normandy.enabled': false,
  'app.normandy.api_url': '',
  'app.shield.optoutstudies.enabled': false,
  'messaging-system.rsexperimentloader.enabled': false,
  'app.update.disabledForTesting': true,
  'app.update.checkInstallTime': false,
  'browser.shell.checkDefaultBrowser': false,
  'browser.startup.homepage_override.mstone': 'ignore',
  'browser.startup.page': 0,
  'browser.newtabpage.enabled': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'browser.safebrowsing.downloads.enabled': false,
  'browser.safebrowsing.blockedURIs.enabled': false,
  'browser.search.update': false,
  'browser.sessionstore.resume_from_crash': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'datareporting.healthreport.uploadEnabled': false,
  'toolkit.telemetry.enabled': false,
  'toolkit.telemetry.unified': false,
  'toolkit.startup.max_resumed_crashes': -1,
  'extensions.update.enabled': false,
  'extensions.getAddons.cache.enabled': false,
  'extensions.autoDisableScopes': 0,
  'media.gmp-manager.updateEnabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'network.dns.disablePrefetch': true,
  'network.http.speculative-parallel-limit': 0,
  'network.prefetch-next': false,
  'services.settings.server': 'http://127.0.0.1:9/',
  'dom.max_script_run_time': 0,
  'dom.max_chrome_script_run_time': 0,
  'dom.ipc.reportProcessHangs': false,
  'hangmonitor.timeout': 0,
  'remote.enabled': true,
};

// What each browser prints once it listens for its driver.
const LISTENING = {
  chromium: /^DevTools listening on (ws:\/\/\S+)/m,
  firefox: /^WebDriver BiDi listening on (ws:\/\/\S+)/m,
};

const STDERR_TAIL = 2000;

// The browser's last line of output, for the run's error (the child prints
// the error's stack, and a browser that does not start says why there).
function withOutput(error, output) {
  const last = output.trim().split('\n').pop();
  if (last) error.message += `; ${last.trim()}`;
  return error;
}

function argsFor(engine, profile) {
  if (engine === 'chromium') return [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'];
  const prefs = Object.entries(FIREFOX_PREFS).map(([key, value]) => `user_pref(${JSON.stringify(key)}, ${JSON.stringify(value)});`);
  fs.writeFileSync(path.join(profile, 'user.js'), `${prefs.join('\n')}\n`);
  return ['--headless', '--no-remote', '--profile', profile, '--remote-debugging-port=0', 'about:blank'];
}

/**
 * Starts a browser and connects puppeteer-core to it.
 * @param {{ engine: 'chromium'|'firefox', path: string, timeoutMs?: number }} options
 * @returns {Promise<{ browser: import('puppeteer-core').Browser, close: () => Promise<void> }>}
 *   close() ends the browser (by its driver, else by SIGKILL) and removes its profile;
 *   a browser that does not start is killed, and the error ends with the tail of its output
 */
async function startBrowser({ engine, path: binary, timeoutMs = 30000 }) {
  // Before the browser starts: without its driver there is nothing to start it for.
  const puppeteer = requireOptional('puppeteer-core', `the ${engine} runtime`);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), `asyncmark-${engine}-`));
  const child = spawn(binary, argsFor(engine, profile), {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, MOZ_CRASHREPORTER_DISABLE: '1' },
  });
  let stderr = '';
  const keep = (chunk) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const removeProfile = () => fs.rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    removeProfile();
  };
  // Its output is looked through only until it listens (or fails to start),
  // not for the rest of the run.
  let look = null;
  let endpoint;
  try {
    endpoint = await new Promise((resolve, reject) => {
      let seen = '';
      const timer = setTimeout(() => reject(new Error(`${engine} did not listen for its driver within ${timeoutMs / 1000} s`)), timeoutMs);
      look = (chunk) => {
        seen += chunk;
        const match = LISTENING[engine].exec(seen);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      child.stdout.on('data', look);
      child.stderr.on('data', look);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new Error(`${engine} could not be started: ${error.message}`));
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${engine} ended before listening (${signal ? `signal ${signal}` : `exit code ${code}`})`));
      });
    });
  } catch (error) {
    await kill();
    throw withOutput(error, stderr);
  } finally {
    child.stdout.off('data', look);
    child.stderr.off('data', look);
  }
  let browser;
  try {
    browser =
      engine === 'chromium'
        ? await puppeteer.connect({ browserWSEndpoint: endpoint, defaultViewport: null })
        : await puppeteer.connect({ browserWSEndpoint: `${endpoint}/session`, protocol: 'webDriverBiDi', defaultViewport: null });
  } catch (error) {
    await kill();
    throw withOutput(error, stderr);
  }
  const close = async () => {
    // Asked politely first; a browser that does not go within a few seconds is killed.
    const polite = browser.close().catch(() => {});
    const late = new Promise((resolve) => setTimeout(resolve, 5000).unref());
    await Promise.race([Promise.all([polite, exited]), late]);
    await kill();
  };
  return { browser, close };
}

module.exports = { startBrowser, CHROMIUM_ARGS };
