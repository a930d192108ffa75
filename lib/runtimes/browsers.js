'use strict';

const fs = require('node:fs');
const { isInstalled, installCommand } = require('../optional-dependency');

// The browsers a benchmark can run under, for the problems that need no Node
// API: Debian's Chromium and Firefox ESR, each on the page's main thread or
// in a Web Worker, as the 2019 recursion article ran them. A browser is the
// system's own, never installed on demand: where its binary is missing, its
// runs say so (UNSUPPORTED) and the session goes on. The optional
// dependencies a browser run needs are asked for before a session starts
// (resolveRuntimes); asyncmark runtimes lists them as missing. $CHROMIUM_PATH
// and $FIREFOX_PATH name another binary.

const ENGINES = {
  chromium: {
    env: 'CHROMIUM_PATH',
    candidates: ['/usr/bin/chromium', '/usr/bin/chromium-browser'],
    debian: 'chromium',
    // "Chromium 156.0.8078.79 built on Debian GNU/Linux 12 (bookworm)"
    version: /^Chromium (\d+\.\d+\.\d+\.\d+)/,
  },
  firefox: {
    env: 'FIREFOX_PATH',
    candidates: ['/usr/bin/firefox-esr', '/usr/bin/firefox'],
    debian: 'firefox-esr',
    // "Mozilla Firefox 153.7.0esr"
    version: /^Mozilla Firefox (\d+\.\d+(\.\d+)?\S*)/,
  },
};

// What every browser run needs, optional dependencies of asyncmark:
// puppeteer-core controls the browser (over CDP or WebDriver BiDi), esbuild
// bundles the example into the page.
const BROWSER_PACKAGES = ['puppeteer-core', 'esbuild'];

/** The browser runtimes by name: the engine, and where the functions run. */
const BROWSERS = {
  chromium: { engine: 'chromium', thread: 'main' },
  'chromium-worker': { engine: 'chromium', thread: 'worker' },
  firefox: { engine: 'firefox', thread: 'main' },
  'firefox-worker': { engine: 'firefox', thread: 'worker' },
};

/** Whether `file` is a regular file this process may execute. */
function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Where an engine's binary is: $CHROMIUM_PATH or $FIREFOX_PATH when set (even
 * if nothing is there), else the first of Debian's paths that is executable.
 * @returns {{ path: string, missing: string|null }} missing: why it cannot
 *   run, as its cells will say, or null
 */
function locateBrowser(engine, { env = process.env, executable = isExecutable, installed = isInstalled } = {}) {
  const known = ENGINES[engine];
  const given = env[known.env];
  const found = given ? (executable(given) ? given : null) : known.candidates.find(executable);
  const path = found ?? given ?? known.candidates[0];
  const absent = BROWSER_PACKAGES.filter((name) => !installed(name));
  if (found && absent.length) return { path, missing: `${engine} needs ${absent.join(' and ')}: ${installCommand(absent)}` };
  if (found) return { path, missing: null };
  const where = given ? ` at ${given} ($${known.env})` : '';
  return { path, missing: `${engine} is not installed${where} (Debian package ${known.debian})` };
}

/** A browser's version from the first line of its --version, or null. */
function parseBrowserVersion(engine, text) {
  const line = String(text).trim().split('\n')[0].trim();
  const match = ENGINES[engine].version.exec(line);
  return match ? match[1] : null;
}

module.exports = { BROWSERS, BROWSER_PACKAGES, locateBrowser, parseBrowserVersion, isExecutable };
