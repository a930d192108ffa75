'use strict';

// lib/runner/child/browser.js: a run's browser lives in the run's process group, so
// that the session's kill of that group (Ctrl-C, timeout, a crashed child)
// leaves no browser process behind. Linux's /proc tells the groups apart.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runChild, killAll } = require('../../lib/runner/spawn');
const compute = require('../../lib/drivers/compute');
const { resolveRuntimes } = require('../../lib/runtimes');

// The pids of the processes in a process group, and their names.
function groupMembers(pgid) {
  const members = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid pgrp ...": the name may hold spaces and parentheses.
      const close = stat.lastIndexOf(')');
      const [, , pgrp] = stat.slice(close + 2).split(' ');
      if (Number(pgrp) === pgid) members.push({ pid: Number(entry), name: stat.slice(stat.indexOf('(') + 1, close) });
    } catch {
      // Gone meanwhile.
    }
  }
  return members;
}

async function until(check, { everyMs = 100, tries = 600 } = {}) {
  for (let i = 0; i < tries; i++) {
    const value = check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error('never happened');
}

describe('runner: a browser dies with its run', function () {
  this.timeout(120000);

  for (const spec of ['chromium', 'firefox-worker']) {
    it(`leaves no ${spec} process behind when the session kills the run (Ctrl-C)`, async function () {
      const [runtime] = await resolveRuntimes(spec);
      if (runtime.browser.missing) {
        if (process.env.CI) throw new Error(`${runtime.browser.missing}: in CI this test may not be skipped`);
        this.skip();
      }
      const profiles = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`asyncmark-${runtime.browser.engine}-`));
      const earlier = new Set(profiles());
      let child;
      // A run long enough to be killed in the middle of it.
      const job = { problem: 'fib', example: 'sync', params: { n: 15, minTime: 600000 }, runtime: spec, browser: runtime.browser, timeoutMs: 60000 };
      const ended = runChild(compute.browserChild, job, { timeoutMs: 100000, onSpawn: (c) => (child = c) });
      const engine = runtime.browser.engine === 'chromium' ? /chrom/i : /firefox|Web Content|Isolated|RDD|Socket|Utility/i;
      // The browser and its content processes are up, in the child's group.
      const before = await until(() => {
        const members = groupMembers(child.pid);
        return members.filter((m) => engine.test(m.name)).length >= 2 && members;
      });
      await killAll();
      const end = await ended;
      assert.equal(end.interrupted, true);
      await until(() => groupMembers(child.pid).length === 0, { tries: 50 });
      // A killed run cannot remove its browser's profile: this test does.
      for (const name of profiles().filter((p) => !earlier.has(p))) fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
      for (const { pid } of before) assert.equal(fs.existsSync(`/proc/${pid}/stat`) && groupMembers(child.pid).some((m) => m.pid === pid), false, `pid ${pid}`);
    });
  }
});

describe('runner: a browser that does not start', () => {
  it('is refused with its last line of output, and its profile is removed', async () => {
    const { startBrowser } = require('../../lib/runner/child/browser');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-fake-browser-'));
    const binary = path.join(dir, 'chromium');
    // A stand-in that fails the way a broken install does.
    fs.writeFileSync(binary, '#!/bin/sh\necho "starting" >&2\necho "error while loading shared libraries: libfake.so" >&2\nexit 127\n', { mode: 0o755 });
    const before = new Set(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('asyncmark-chromium-')));
    try {
      await assert.rejects(startBrowser({ engine: 'chromium', path: binary, timeoutMs: 10000 }), {
        message: 'chromium ended before listening (exit code 127); error while loading shared libraries: libfake.so',
      });
      const left = fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('asyncmark-chromium-') && !before.has(name));
      assert.deepEqual(left, []);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
