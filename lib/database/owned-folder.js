'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { lockedCommand, lockState } = require('./folder-lock');

// How long the supervisor may take to hold the folder's lock.
const LOCK_WAIT_MS = 10000;

// A temporary folder of a session's own (a PostgreSQL server's, PGlite's
// template), made so that nothing of it outlives the session. It holds an owner
// record (OWNER_FILE: the session's pid and host, for people to read) and a
// lock file that its supervisor (supervisor.js) holds locked for as long as it
// lives (folder-lock.js), by which a later session, in any container or PID
// namespace, tells a live session's folder from an orphan (orphans.js). The
// supervisor stops the folder's processes and deletes it when the session's
// process ends, even by SIGKILL.

const FOLDER_PREFIX = 'asyncmark-';
const OWNER_FILE = 'asyncmark-owner.json';
const KIND = 'asyncmark folder';

/**
 * @param {string} kind what the folder holds: postgres or pglite
 * @param {{ root?: string }} [options] root: where it is made (the temporary directory)
 * @returns {{ folder: string, supervisor: number, remove(): void }} remove: deletes it and lets the supervisor go
 */
function makeOwnedFolder(kind, { root = os.tmpdir() } = {}) {
  const folder = fs.mkdtempSync(path.join(root, `${FOLDER_PREFIX}${kind}-`));
  let supervisor;
  try {
    const { command, args, locked } = lockedCommand(folder, [process.execPath, path.join(__dirname, 'supervisor.js'), folder]);
    supervisor = spawn(command, args, {
      detached: true,
      cwd: path.parse(folder).root,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    // The record only once the lock is held: until then the folder is judged
    // as one without a record (young, so never an orphan), and a record beside
    // a free lock always means an ended session.
    if (locked) awaitLock(folder, supervisor);
    fs.writeFileSync(path.join(folder, OWNER_FILE), JSON.stringify(ownerRecord(kind)));
  } catch (error) {
    if (supervisor) supervisor.kill('SIGKILL');
    fs.rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  // A supervisor that could not start leaves the folder to orphans.js.
  supervisor.on('error', () => {});
  supervisor.stdin.on('error', () => {});
  // Neither keeps this process alive: the pipe is only there to end with it.
  supervisor.unref();
  supervisor.stdin.unref();
  return {
    folder,
    supervisor: supervisor.pid,
    remove() {
      fs.rmSync(folder, { recursive: true, force: true });
      supervisor.stdin.destroy();
    },
  };
}

// Waits, blocking, for the supervisor to hold the lock: a few milliseconds,
// since flock takes it before it starts Node.
function awaitLock(folder, supervisor) {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let waited = 0; waited < LOCK_WAIT_MS; waited += 5) {
    if (lockState(folder) === 'held') return;
    Atomics.wait(pause, 0, 0, 5);
  }
  throw new Error(`the supervisor of ${folder} (pid ${supervisor.pid}) did not take its lock within ${LOCK_WAIT_MS / 1000} s`);
}

function ownerRecord(kind) {
  return { kind: KIND, holds: kind, pid: process.pid, host: os.hostname(), started: new Date().toISOString() };
}

/**
 * @returns {{ holds, pid, host, started } | null} the owner record of a folder, null when it has none that parses
 */
function readOwner(folder) {
  let record;
  try {
    record = JSON.parse(fs.readFileSync(path.join(folder, OWNER_FILE), 'utf8'));
  } catch {
    return null;
  }
  if (!record || record.kind !== KIND || !Number.isInteger(record.pid) || typeof record.host !== 'string') return null;
  return record;
}

module.exports = { FOLDER_PREFIX, OWNER_FILE, makeOwnedFolder, readOwner };
