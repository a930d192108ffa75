'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');

// A temporary folder of a session's own (a PostgreSQL server's, PGlite's
// template), made so that nothing of it outlives the session. It holds an owner
// record (OWNER_FILE: the session's pid and host), by which a later session
// tells an orphan from a live session's folder (orphans.js), and it is watched
// by a supervisor (supervisor.js) that stops its processes and deletes it when
// the session's process ends, even by SIGKILL.

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
  // The record first, before anything could take the folder for an orphan.
  fs.writeFileSync(path.join(folder, OWNER_FILE), JSON.stringify(ownerRecord(kind)));
  let supervisor;
  try {
    supervisor = spawn(process.execPath, [path.join(__dirname, 'supervisor.js'), folder], {
      detached: true,
      cwd: path.parse(folder).root,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
  } catch (error) {
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
