'use strict';

// Ctrl-C during a session: the CLI exits with 130, no child process outlives
// it, and every run that finished before is still in the results file.

const assert = require('node:assert/strict');
const { alive } = require('../runner/alive');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, execFileSync } = require('node:child_process');

const CLI = path.join(__dirname, '..', '..', 'bench', 'cli.js');

function childrenOf(pid) {
  try {
    return execFileSync('pgrep', ['-P', String(pid)])
      .toString()
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe('asyncmark bench on Ctrl-C', function () {
  this.timeout(60000);

  for (const [signal, exitCode] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ])
    it(`${signal}: kills its child, exits ${exitCode} and keeps the finished runs`, async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-interrupt-'));
      const out = path.join(dir, 'runs.jsonl');
      // Many small runs, so that the session is surely still going when interrupted.
      const cli = spawn(
        process.execPath,
        [CLI, 'bench', '--examples', 'callbacks-original,async-await', '--n', '2000', '--runs', '200', '--out', out, '--quiet'],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let stderr = '';
      cli.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      const exited = new Promise((resolve) => cli.on('exit', (code, signal) => resolve({ code, signal })));
      let child = [];
      for (let i = 0; i < 200; i++) {
        const lines = fs.existsSync(out) ? fs.readFileSync(out, 'utf8').trim().split('\n').filter(Boolean).length : 0;
        child = childrenOf(cli.pid);
        if (lines >= 2 && child.length) break;
        await sleep(50);
      }
      assert.ok(child.length > 0, 'a child process was running');
      const finishedBefore = fs.readFileSync(out, 'utf8').trim().split('\n').length;
      cli.kill(signal);
      const { code } = await exited;
      assert.equal(code, exitCode);
      assert.match(stderr, /interrupted; the table above is of the \d+ finished runs; \d+ runs? in /);
      // The watchdog among them ends once it has swept after the CLI: a moment, on a loaded machine.
      for (let waited = 0; waited < 5000 && child.some(alive); waited += 100) await sleep(100);
      for (const pid of child) assert.equal(alive(pid), false, `child ${pid} outlived the CLI`);
      const lines = fs
        .readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      assert.ok(lines.length >= finishedBefore);
      assert.ok(lines.every((line) => line.status === 'ok'));
      fs.rmSync(dir, { recursive: true, force: true });
    });

  // Under --no-out the finished runs are nowhere else: their table is printed before the exit.
  it("SIGINT under --no-out: prints the finished runs' table, then exits 130", async () => {
    const cli = spawn(process.execPath, [CLI, 'bench', '--examples', 'callbacks-original,async-await', '--n', '2000', '--runs', '200', '--no-out'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    cli.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    // A progress line (every 5 s on a pipe) says runs have finished.
    const progressed = new Promise((resolve) => {
      cli.stderr.on('data', (chunk) => {
        stderr += chunk;
        if (/asyncmark: [1-9]\d*\/\d+ runs/.test(stderr)) resolve();
      });
    });
    const exited = new Promise((resolve) => cli.on('exit', (code) => resolve(code)));
    await progressed;
    assert.equal(stdout, '', 'nothing printed before the signal');
    cli.kill('SIGINT');
    assert.equal(await exited, 130);
    const [, finished] = /interrupted; the table above is of the (\d+) finished runs; they are in no file \(--no-out\)\n$/.exec(stderr);
    assert.ok(Number(finished) >= 1);
    assert.match(stdout, /^doxbee-sequential: n=2000/m);
    assert.match(stdout, /^callbacks-original /m);
  });
});
