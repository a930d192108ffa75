'use strict';

const assert = require('node:assert/strict');
const { spawn } = require('node:child_process');
const { alive } = require('./alive');
const { markedEnv, markedWith, descendantsOf, endUnit, watchDescendants } = require('../../lib/runner/fence');

// lib/runner/fence.js: a child and what it starts found through /proc by
// its mark and its parentage, and ended as one unit, and nothing else.

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const sleeper = (env, options = {}) => spawn('sleep', ['1000'], { env, stdio: 'ignore', ...options });

describe('runner: the fence around a child', () => {
  it('finds the processes with a mark, and ends them and not an unmarked one', async () => {
    const { env, mark } = markedEnv();
    const marked = sleeper(env, { detached: true });
    const unmarked = sleeper(process.env, { detached: true });
    try {
      await sleep(100);
      assert.deepEqual(markedWith(mark), [marked.pid]);
      endUnit({ mark });
      await sleep(100);
      assert.equal(alive(marked.pid), false);
      // The planted case: the same check sees a process that is left.
      assert.equal(alive(unmarked.pid), true);
    } finally {
      unmarked.kill('SIGKILL');
    }
  });

  it("sees a child's descendants while it runs, and ends them by what it saw, even unmarked", async () => {
    // A shell that starts a sleep of its own, with an environment that holds no mark.
    const shell = spawn('sh', ['-c', 'sleep 1000 & wait'], { env: { PATH: process.env.PATH }, detached: true, stdio: 'ignore' });
    const watch = watchDescendants(shell.pid, 50);
    try {
      await sleep(300);
      const [inner] = descendantsOf(shell.pid).map(([pid]) => pid);
      assert.ok(inner > 0, 'the shell started its sleep');
      assert.ok(watch.seen.has(inner));
      // The shell ends first: its sleep is no longer its descendant, but was seen.
      process.kill(shell.pid, 'SIGKILL');
      await sleep(100);
      assert.deepEqual(descendantsOf(shell.pid), []);
      assert.equal(alive(inner), true);
      endUnit({ seen: watch.seen });
      await sleep(100);
      assert.equal(alive(inner), false);
    } finally {
      watch.stop();
      for (const [pid] of watch.seen) if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});
