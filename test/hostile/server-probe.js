'use strict';

// What the hostile probes of the server a session starts share
// (server.test.js, server-leftovers.test.js): a root of the test's own, the
// processes left in a folder read from /proc, a fixture session, the CLI.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, execFile } = require('node:child_process');
const { startServer } = require('../../lib/database/server');
const { processesOf } = require('../../lib/database/folder-processes');

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'database');
const BIN = path.join(FIXTURES, 'bin');
const CLI = path.join(__dirname, '..', '..', 'bench', 'cli.js');
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A temporary directory of the test's own, which the user postgres may enter.
function privateRoot() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-test-'));
  fs.chmodSync(root, 0o711);
  return root;
}

// Every process of this machine that still belongs to a folder: by its working
// folder or environment (processesOf), or naming the folder on its command line.
function leftovers(folder) {
  const found = new Set(processesOf(folder).map((p) => p.pid));
  for (const name of fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      if (Number(name) !== process.pid && fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(folder)) found.add(Number(name));
    } catch {
      // Gone meanwhile.
    }
  }
  return { pids: [...found], exists: fs.existsSync(folder) };
}

// Whether a process runs (a zombie, ended but not yet reaped, does not).
function isRunning(pid) {
  try {
    return !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

// A process's descendants, from /proc's children lists.
function descendantsOf(pid) {
  const found = [];
  const visit = (parent) => {
    let tasks;
    try {
      tasks = fs.readdirSync(`/proc/${parent}/task`);
    } catch {
      return;
    }
    for (const tid of tasks) {
      let children = [];
      try {
        children = fs.readFileSync(`/proc/${parent}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      } catch {
        // Gone meanwhile.
      }
      for (const child of children) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

async function leftoversAfter(folder, ms = 10000) {
  for (let waited = 0; waited < ms; waited += 100) {
    const left = leftovers(folder);
    if (left.pids.length === 0 && !left.exists) return left;
    await pause(100);
  }
  return leftovers(folder);
}

// A fixture session in a process of its own, its stdout read line by line.
function session(file, args, root) {
  const child = spawn(process.execPath, [path.join(FIXTURES, file), ...args], {
    env: { ...process.env, TMPDIR: root },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = [];
  const waiters = [];
  let buffered = '';
  child.stdout.on('data', (chunk) => {
    buffered += chunk;
    const parts = buffered.split('\n');
    buffered = parts.pop();
    lines.push(...parts);
    for (const waiter of waiters.splice(0)) waiter();
  });
  const line = async (prefix) => {
    for (;;) {
      const found = lines.find((l) => l.startsWith(prefix));
      if (found) return found.split(' ');
      if (child.exitCode !== null) throw new Error(`the session ended before "${prefix}"`);
      await new Promise((resolve) => waiters.push(resolve));
    }
  };
  return { child, line, exited: new Promise((resolve) => child.once('exit', resolve)) };
}

function cli(args, { env = {}, preload } = {}) {
  return new Promise((resolve) => {
    const argv = [...(preload ? ['-r', preload] : []), CLI, ...args];
    execFile(process.execPath, argv, { env: { ...process.env, ...env }, timeout: 120000 }, (error, stdout, stderr) =>
      resolve({ code: error ? error.code : 0, stdout, stderr }),
    );
  });
}

// The start's refusal: one line, no stack, nothing left in the root.
async function refusedStart(options, root) {
  const error = await startServer({ root, ...options }).then(
    () => assert.fail('the server started'),
    (e) => e,
  );
  assert.equal(error.database, true);
  assert.doesNotMatch(error.message, /\n/);
  assert.deepEqual(
    fs.readdirSync(root).filter((name) => name.startsWith('asyncmark-')),
    [],
    'no folder is left',
  );
  return error.message;
}

module.exports = {
  FIXTURES,
  CLI,
  BIN,
  asRoot,
  pause,
  privateRoot,
  leftovers,
  isRunning,
  descendantsOf,
  leftoversAfter,
  session,
  cli,
  refusedStart,
};
