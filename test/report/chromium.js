'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { CHROMIUM_ARGS } = require('../../lib/runner/child/browser');

// A headless Chromium for the report's page tests, through puppeteer-core:
// Debian's /usr/bin/chromium (or CHROMIUM_PATH), offline, in a profile of its
// own that closing removes, with the flags a run's browser gets. Without
// Chromium a test is skipped, except in CI.

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Launches Chromium for a mocha suite, or skips the suite when it is not installed.
 * @param {Mocha.Context} context the suite's `this` in before()
 * @param {string} prefix of the temporary folder
 * @returns {Promise<{ browser, dir: string, close(): Promise<void> } | null>} dir: a temporary folder for the test's files
 */
async function launchChromium(context, prefix) {
  if (!fs.existsSync(CHROMIUM)) {
    if (process.env.CI) {
      throw new Error(
        `Chromium is not installed at ${CHROMIUM}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH. In CI this test may not be skipped.`,
      );
    }
    context.skip();
  }
  const puppeteer = require('puppeteer-core');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, `--user-data-dir=${path.join(dir, 'profile')}`],
  });
  return {
    browser,
    dir,
    async close() {
      await browser.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

module.exports = { CHROMIUM, launchChromium };
