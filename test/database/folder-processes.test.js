'use strict';

// A folder's processes, read from /proc by working folder and environment,
// never by name; and how they are stopped: the postmaster named in the
// folder's pid file is asked first (SIGQUIT), whatever is left is killed.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { FOLDER_VARIABLE, processesOf, stopProcessesOf } = require('../../lib/database/folder-processes');

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe('lib/database/folder-processes', function () {
  this.timeout(30000);
  let folder;
  const started = [];
  const start = (command, args, options) => {
    const child = spawn(command, args, { stdio: 'ignore', ...options });
    started.push(child);
    return child;
  };
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-test-'));
  });
  afterEach(() => {
    for (const child of started.splice(0)) child.kill('SIGKILL');
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('finds a process working inside the folder and one carrying it in its environment, not one merely named postgres', async () => {
    const inside = path.join(folder, 'data');
    fs.mkdirSync(inside);
    const working = start('sleep', ['60'], { cwd: inside });
    const marked = start('sleep', ['60'], { env: { ...process.env, [FOLDER_VARIABLE]: folder } });
    // Planted: the name a careless check would look for, outside the folder.
    const namesake = start('sleep', ['60'], { argv0: 'postgres', cwd: os.tmpdir() });
    // Planted: a folder whose name begins like this one's.
    fs.mkdirSync(`${folder}-other`);
    const neighbour = start('sleep', ['60'], { cwd: `${folder}-other` });
    await pause(300);
    try {
      const found = processesOf(folder).map((p) => p.pid);
      assert.deepEqual(found.sort(), [working.pid, marked.pid].sort());
      assert.ok(!found.includes(namesake.pid) && !found.includes(neighbour.pid));
      assert.equal(processesOf(folder).find((p) => p.pid === working.pid).ppid, process.pid);
    } finally {
      fs.rmSync(`${folder}-other`, { recursive: true, force: true });
    }
  });

  it('asks the postmaster of the pid file to quit first, and kills what ignores it', async () => {
    fs.mkdirSync(path.join(folder, 'data'));
    // A postmaster that leaves on SIGQUIT (recording it), and a process that ignores SIGQUIT.
    const record = path.join(folder, 'quit');
    const postmaster = start('sh', ['-c', `trap 'echo quit > ${record}; exit 0' QUIT; while :; do sleep 0.1; done`], { cwd: path.join(folder, 'data') });
    const stubborn = start('sh', ['-c', `trap '' QUIT; while :; do sleep 0.1; done`], { cwd: folder });
    fs.writeFileSync(path.join(folder, 'data', 'postmaster.pid'), `${postmaster.pid}\n${folder}/data\n`);
    await pause(300);
    const exited = Promise.all([postmaster, stubborn].map((child) => new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)))));
    assert.ok((await stopProcessesOf(folder, { graceMs: 1000 })) >= 2);
    assert.deepEqual(await exited, [0, 'SIGKILL']);
    assert.equal(fs.readFileSync(record, 'utf8'), 'quit\n');
    assert.deepEqual(processesOf(folder), []);
  });

  it('without /proc, stops the postmaster of the pid file, and nothing when its pid has ended', async () => {
    fs.mkdirSync(path.join(folder, 'data'));
    const postmaster = start('sh', ['-c', `trap 'exit 0' QUIT; while :; do sleep 0.1; done`]);
    const exited = new Promise((resolve) => postmaster.once('exit', (code, signal) => resolve(signal ?? code)));
    fs.writeFileSync(path.join(folder, 'data', 'postmaster.pid'), `${postmaster.pid}\n`);
    await pause(300);
    assert.equal(await stopProcessesOf(folder, { proc: false, graceMs: 2000 }), 1);
    assert.equal(await exited, 0);
    assert.equal(await stopProcessesOf(folder, { proc: false }), 0);
  });

  it('has nothing to stop in a folder no process uses', async () => {
    assert.equal(await stopProcessesOf(folder), 0);
  });
});
