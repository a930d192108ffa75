'use strict';

// The hostile probe of signals (issue 33): SIGINT, SIGTERM, SIGHUP and
// SIGKILL sent to asyncmark while it verifies or benches a file that spins
// and starts processes of its own, and while it installs a runtime. Each
// ends with the shell's code and one line, prints what it prints once, and
// leaves no process (looked for in /proc, by pid) and no folder behind.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { alive } = require('../runner/alive');
const { interruptible, EXIT_CODES } = require('../../bench/interrupt');

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

const ROOT = path.join(__dirname, '..', '..');
const CLI = path.join(ROOT, 'bench', 'cli.js');
const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'hostile', 'user-code.js');
const FAKE_NPM = path.join(ROOT, 'test', 'fixtures', 'runtimes', 'fake-npm.js');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Every descendant of a process now, read from /proc/<pid>/task/*/children.
function descendants(pid) {
  const found = [];
  const visit = (parent) => {
    const read = (file, fallback) => {
      try {
        return file.endsWith('task') ? fs.readdirSync(file) : fs.readFileSync(file, 'utf8');
      } catch {
        return fallback;
      }
    };
    for (const task of read(`/proc/${parent}/task`, [])) {
      const text = read(`/proc/${parent}/task/${task}/children`, '');
      for (const child of text.split(' ').filter(Boolean).map(Number)) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

const logged = (log) => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).map(Number) : []);

async function until(condition, what, ms = 60000) {
  for (let waited = 0; waited < ms; waited += 100) {
    if (condition()) return;
    await sleep(100);
  }
  throw new Error(`gave up waiting for ${what}`);
}

async function stillAlive(pids, ms) {
  for (let waited = 0; waited < ms; waited += 100) {
    if (pids.every((pid) => !alive(pid))) return [];
    await sleep(100);
  }
  return pids.filter(alive);
}

// The CLI with the fixture told what to do; its output kept.
function startCli(args, plan) {
  const dir = tempFolder('asyncmark-signals-');
  const log = path.join(dir, 'pids');
  const env = { ...process.env, ASYNCMARK_HOSTILE: JSON.stringify({ ...plan, log }) };
  const cli = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { stdout: '', stderr: '' };
  cli.stdout.on('data', (chunk) => {
    output.stdout += chunk;
  });
  cli.stderr.on('data', (chunk) => {
    output.stderr += chunk;
  });
  const exited = new Promise((resolve) => cli.on('exit', (code, signal) => resolve({ code, signal })));
  return { cli, dir, log, output, exited };
}

const verifyArgs = ['verify', FIXTURE, '--problem', 'parallel', '--io', 'promises'];

describe('hostile signals: asyncmark verify of a file that spins and spawns', function () {
  this.timeout(120000);

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    it(`${signal}: exits ${EXIT_CODES[signal]} with one line, and no child or process of the file's is left`, async () => {
      const run = startCli(verifyArgs, { does: 'spawns-then-spins', when: 'upload' });
      await until(() => logged(run.log).length > 0 && descendants(run.cli.pid).length > 1, 'the file to spin');
      const before = [...descendants(run.cli.pid), ...logged(run.log)];
      run.cli.kill(signal);
      const { code } = await run.exited;
      assert.equal(code, EXIT_CODES[signal]);
      assert.equal(run.output.stderr.trim(), 'asyncmark: interrupted; the verification did not finish');
      assert.deepEqual(await stillAlive(before, 3000), [], 'processes outlived the command');
    });
  }

  it('SIGKILL: the watchdog ends the child and what the file started within 10 s', async () => {
    const run = startCli(verifyArgs, { does: 'spawns-then-spins', when: 'upload' });
    await until(() => logged(run.log).length > 0 && descendants(run.cli.pid).length > 1, 'the file to spin');
    const before = [...descendants(run.cli.pid), ...logged(run.log)];
    run.cli.kill('SIGKILL');
    await run.exited;
    assert.deepEqual(await stillAlive(before, 10000), [], 'processes outlived the command');
  });
});

describe('hostile signals: asyncmark bench', function () {
  this.timeout(180000);

  const benchArgs = (out) => ['bench', '--scenario', 'madeup-parallel', '--examples', 'async-await', '--n', '100', '--runs', '200', '--out', out, '--quiet'];
  const results = (out) =>
    fs.existsSync(out)
      ? fs
          .readFileSync(out, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line))
      : [];

  it('SIGHUP: exits 129, writes no INVALID (or any failed) line, and leaves no child', async () => {
    const dir = tempFolder('asyncmark-signals-');
    const out = path.join(dir, 'runs.jsonl');
    const run = startCli(benchArgs(out), {});
    await until(() => results(out).length >= 2, 'two runs');
    const before = descendants(run.cli.pid);
    run.cli.kill('SIGHUP');
    const { code } = await run.exited;
    assert.equal(code, 129);
    assert.match(run.output.stderr, /interrupted; the table above is of the \d+ finished runs/);
    assert.deepEqual(
      results(out).filter((line) => line.status !== 'ok'),
      [],
    );
    assert.deepEqual(await stillAlive(before, 3000), []);
  });

  it("SIGINT: prints the finished runs' table once", async () => {
    const dir = tempFolder('asyncmark-signals-');
    const out = path.join(dir, 'runs.jsonl');
    const run = startCli(benchArgs(out), {});
    await until(() => results(out).length >= 2, 'two runs');
    run.cli.kill('SIGINT');
    const { code } = await run.exited;
    assert.equal(code, 130);
    assert.equal(run.output.stdout.match(/^madeup-parallel: /gm).length, 1, run.output.stdout);
  });

  it('SIGKILL during bench --add of a file that spawns: nothing of it is left after 10 s', async () => {
    const dir = tempFolder('asyncmark-signals-');
    const out = path.join(dir, 'runs.jsonl');
    const run = startCli([...benchArgs(out), '--add', FIXTURE, '--io', 'promises'], { does: 'detached', when: 'load' });
    // The verification's child, then a run's, each started one.
    await until(() => logged(run.log).length >= 2 && results(out).length >= 1, 'a run of the added file', 120000);
    const before = [...descendants(run.cli.pid), ...logged(run.log)];
    run.cli.kill('SIGKILL');
    await run.exited;
    assert.deepEqual(await stillAlive(before, 10000), [], 'processes outlived the command');
  });
});

describe('hostile signals: the interrupted task', () => {
  const quietly = { progress: { stop() {} }, note: 'interrupted' };
  const stderrWrite = process.stderr.write;
  beforeEach(() => {
    process.stderr.write = () => true;
  });
  afterEach(() => {
    process.stderr.write = stderrWrite;
  });

  it('once a signal came, what follows the task never runs: the table is printed by the handler only', async () => {
    const printed = [];
    const exits = [];
    let finish;
    const task = new Promise((resolve) => {
      finish = resolve;
    });
    let continued = false;
    interruptible(() => task, { ...quietly, onInterrupt: () => printed.push('table'), exit: (code) => exits.push(code) }).then(() => {
      continued = true;
      printed.push('table');
    });
    process.emit('SIGHUP', 'SIGHUP');
    // The session ends as its children are ended, before the handler has finished.
    finish('lines');
    await sleep(300);
    assert.deepEqual(exits, [129]);
    assert.deepEqual(printed, ['table']);
    assert.equal(continued, false);
  });

  it('without a signal, the task returns its value (the check above can fail)', async () => {
    // Other modules of the test process may listen too: only the task's own listener must be gone.
    const before = process.listenerCount('SIGHUP');
    const value = await interruptible(async () => 'lines', { ...quietly, exit: () => assert.fail('no exit') });
    assert.equal(value, 'lines');
    assert.equal(process.listenerCount('SIGHUP'), before);
  });
});

describe('hostile signals: an interrupted runtime install', function () {
  this.timeout(60000);

  // A node process installing into a fresh cache with an npm that never ends.
  function startInstall() {
    const cache = tempFolder('asyncmark-install-');
    // As a plain process has it: under npm test a coverage tool's exit hook
    // (nyc's signal-exit) listens for these signals too, and a listener that
    // is not the install's keeps the signal from ending the process.
    const code = `for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.removeAllListeners(s);
    require(${JSON.stringify(path.join(ROOT, 'lib', 'runtimes', 'install'))}).installRuntime(
      { spec: 'node@22', name: 'node', package: 'node@22' },
      { cache: ${JSON.stringify(cache)}, npm: { command: process.execPath, args: [${JSON.stringify(FAKE_NPM)}, 'hangs'] } })`;
    const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.on('exit', (exitCode, signal) => resolve({ exitCode, signal })));
    const partial = () => fs.readdirSync(cache).filter((name) => name.startsWith('.install-'));
    return { child, cache, exited, partial };
  }

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    it(`${signal}: the install's folder and its npm are gone, and the signal ends the process`, async () => {
      const install = startInstall();
      await until(() => install.partial().some((name) => fs.existsSync(path.join(install.cache, name, 'node_modules'))), 'npm to start');
      const npm = descendants(install.child.pid);
      install.child.kill(signal);
      assert.deepEqual(await install.exited, { exitCode: null, signal });
      assert.deepEqual(install.partial(), []);
      assert.deepEqual(await stillAlive(npm, 3000), []);
    });
  }

  it('SIGKILL (the planted case): the folder is left, and the check above sees it', async () => {
    const install = startInstall();
    await until(() => install.partial().length > 0, 'the install to start');
    const npm = descendants(install.child.pid);
    install.child.kill('SIGKILL');
    await install.exited;
    assert.equal(install.partial().length, 1);
    for (const pid of npm) if (alive(pid)) process.kill(pid, 'SIGKILL');
  });
});
