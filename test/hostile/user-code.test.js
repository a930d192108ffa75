'use strict';

// The hostile probe of user code (issue 33): a file of one's own that
// spawns, spins, forges the protocol or exits early, under verify's fenced
// child and under a bench run's child. Each case says what should happen: a
// file that otherwise does the work passes, one that does not can never
// pass, and no process it started outlives the run either way. Processes are
// looked for in /proc by the pids the file logged, never by their names.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { alive } = require('../runner/alive');
const { verifyFenced } = require('../../lib/verify-fenced');
const { entryForFile } = require('../../lib/verify');
const spawn = require('../../lib/runner/spawn');
const batch = require('../../lib/drivers/batch');

// Every temporary folder a case makes, removed when the test process ends
// (a folder per case was left in the temporary directory).
const madeFolders = [];
function tempFolder(prefix) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  madeFolders.push(folder);
  return folder;
}
process.on('exit', () => {
  for (const folder of madeFolders) fs.rmSync(folder, { recursive: true, force: true });
});

const FIXTURE = path.join(__dirname, '..', 'fixtures', 'hostile', 'user-code.js');
const LIMIT_MS = 4000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The pids a case's file logged, and those of them still running once the
// kills have had a moment to land.
const logged = (log) => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).map(Number) : []);
async function survivors(log) {
  for (let i = 0; i < 20; i++) {
    if (logged(log).every((pid) => !alive(pid))) return [];
    await sleep(100);
  }
  return logged(log).filter(alive);
}

// Runs `body` with the fixture told what to do, through the environment every child inherits.
async function withPlan(plan, body) {
  const log = path.join(tempFolder('asyncmark-hostile-'), 'pids');
  process.env.ASYNCMARK_HOSTILE = JSON.stringify({ ...plan, log });
  try {
    return { result: await body(), left: await survivors(log), spawned: logged(log) };
  } finally {
    delete process.env.ASYNCMARK_HOSTILE;
    for (const pid of logged(log)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
}

// What refused a verdict, in a few words, for the probe's tally.
function refusedBy(verdict) {
  if (verdict.loadError !== undefined) return `not loadable: ${verdict.loadError}`;
  if (verdict.exports !== undefined) return `exports ${verdict.exports}`;
  return verdict.failures.length ? `${verdict.failures.length} cases failed, first: ${verdict.failures[0].problems[0]}` : null;
}

// [what the file does, when, whether it passes]: it passes only when, apart
// from the deed, it does the work; whatever it started is gone at the end.
const VERIFY_CASES = [
  ['nothing', 'load', 'passes'],
  // Processes that leave the group, the session or their parent.
  ['detached', 'load', 'passes'],
  ['setsid', 'load', 'passes'],
  ['double-fork', 'load', 'passes'],
  ['scrubbed-env', 'load', 'passes'],
  ['unmarked-env', 'load', 'passes'],
  ['forked-ipc', 'load', 'passes'],
  ['detached-spinner', 'load', 'passes'],
  ['chain', 'load', 'passes'],
  ['detached', 'upload', 'passes'],
  ['chain', 'upload', 'passes'],
  // Output that is not the channel, and bytes on the channel's descriptor.
  ['floods-stdout', 'load', 'passes'],
  ['writes-ipc-fd', 'load', 'passes'],
  ['disconnects', 'load', 'passes'],
  // Ends that are not a verdict, and forged verdicts.
  ['prints-protocol', 'load', 'fails'],
  ['prints-protocol', 'upload', 'fails'],
  ['sends-protocol', 'load', 'fails'],
  ['sends-sealed-lookalike', 'load', 'fails'],
  ['writes-protocol-to-fd', 'load', 'fails'],
  ['writes-protocol-to-fd', 'upload', 'fails'],
  ['exits-0', 'load', 'fails'],
  ['exits-1', 'load', 'fails'],
  ['kills-itself', 'load', 'fails'],
  ['spins', 'load', 'fails'],
  ['spins', 'upload', 'fails'],
  ['throws', 'load', 'fails'],
  ['throws-later', 'load', 'fails'],
  ['spawns-then-exits', 'load', 'fails'],
  ['spawns-then-spins', 'load', 'fails'],
  ['spawns-then-spins', 'upload', 'fails'],
  ['prints-protocol-and-spawns', 'load', 'fails'],
];

describe('hostile user code: asyncmark verify', function () {
  this.timeout(180000);

  // The planted case: the same file loaded without the fence leaves its
  // process running, which the check below sees.
  it('the check finds what a file started when nothing fences it', async () => {
    const { left, spawned } = await withPlan({ does: 'detached', when: 'load' }, async () =>
      spawnSync(process.execPath, ['-e', `require(${JSON.stringify(FIXTURE)})`], { env: process.env }),
    );
    assert.equal(spawned.length, 1);
    assert.deepEqual(left, spawned, 'the unfenced process was found running');
  });

  for (const [does, when, expected] of VERIFY_CASES) {
    it(`${does} (at ${when}): ${expected === 'passes' ? 'passes' : 'cannot pass'}, and leaves no process`, async () => {
      const { result: verdict, left } = await withPlan({ does, when }, () =>
        verifyFenced('parallel', entryForFile(FIXTURE, { io: 'promises' }), { limitMs: LIMIT_MS }),
      );
      const refused = refusedBy(verdict);
      if (expected === 'passes') assert.equal(refused, null, refused);
      else assert.notEqual(refused, null, `${does} passed: ${verdict.passed} of ${verdict.total}`);
      assert.deepEqual(left, [], `processes outlived the verification: ${left.join(', ')}`);
    });
  }
});

// A bench run of the same file in the batch driver's child, as bench --add runs it.
const benchRun = () =>
  spawn.runInChild(
    {
      problem: 'parallel',
      example: 'user-code',
      entry: { name: 'user-code', file: FIXTURE, call: 'promise', io: 'promises' },
      params: { n: 10, latency: 'tick', e: 0, p: 3, seed: 1 },
      warmup: false,
    },
    { script: batch.child, execArgv: batch.execArgv, timeoutMs: LIMIT_MS, exitGraceMs: 500 },
  );

const BENCH_CASES = [
  ['nothing', 'load', 'ok'],
  ['detached', 'load', 'ok'],
  ['chain', 'load', 'ok'],
  ['setsid', 'load', 'ok'],
  ['scrubbed-env', 'load', 'ok'],
  ['unmarked-env', 'load', 'ok'],
  ['double-fork', 'load', 'ok'],
  ['floods-stdout', 'load', 'ok'],
  ['writes-ipc-fd', 'load', 'ok'],
  ['sends-result', 'load', 'ok'],
  ['steals-nonce', 'load', 'ok'],
  ['freezes-hrtime', 'load', 'not measured'],
  ['slows-hrtime', 'load', 'not measured'],
  ['slows-performance-now', 'load', 'not measured'],
  ['replaces-cpu-usage', 'load', 'not measured'],
  ['prints-protocol', 'load', 'not ok'],
  ['writes-protocol-to-fd', 'load', 'not ok'],
  ['exits-0', 'load', 'not ok'],
  ['spawns-then-spins', 'load', 'not ok'],
];

describe('hostile user code: a bench run', function () {
  this.timeout(60000);

  for (const [does, when, expected] of BENCH_CASES) {
    it(`${does} (at ${when}): ${expected}, its own result only, and leaves no process`, async () => {
      const { result, left } = await withPlan({ does, when }, benchRun);
      if (expected === 'ok') {
        assert.equal(result.status, 'ok', result.error);
        // A result the file sent itself is not the run's.
        assert.equal(result.metrics.forged, undefined);
        assert.equal(result.metrics.invocations, 10);
      } else if (expected === 'not measured') {
        assert.equal(result.status, 'invalid');
        assert.equal(result.metrics, null);
        assert.match(result.error, /^not measured: the run replaced .+, which asyncmark reads its figures from$/);
      } else assert.notEqual(result.status, 'ok');
      assert.deepEqual(left, [], `processes outlived the run: ${left.join(', ')}`);
    });
  }
});
