'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { FOLDER_PREFIX, readOwner } = require('./owned-folder');
const { pidAlive } = require('./mark');
const { processesOf, stopProcessesOf } = require('./folder-processes');
const { runAs } = require('./binaries');
const { lockState } = require('./folder-lock');

// What earlier sessions of this machine left in the temporary directory: a
// folder of a PostgreSQL server (perhaps still running) or of PGlite's
// template, whose session's process has ended without removing it (a
// SIGKILL, a power cut, an asyncmark older than its supervisor). Found at the
// next start and by `asyncmark clean`. A folder is only ever taken for an
// orphan when it is a real folder (never a link), made by this user (or, for
// root, by the user postgres its server ran as), and its session no longer
// proves that it lives: the lock its supervisor holds is free (folder-lock.js;
// a held lock, or one that cannot be asked about, is a live session's,
// whatever host or PID namespace it runs in). A folder without a lock file
// (an older asyncmark's, or made where there was no flock) is judged as
// before: its owner record names a process of this host that has ended, or
// it has no record, is old enough, and no live process outside it runs it.

const KINDS = ['postgres', 'pglite'];
// How old a folder without a record must be to be taken for an orphan. A
// folder is made a moment before its record is written; a server's folder is
// otherwise known to be live by its processes. A PGlite template of an older
// asyncmark has no process: only a day tells that its session has ended.
const UNRECORDED_MIN_AGE_MS = { postgres: 60 * 1000, pglite: 24 * 3600 * 1000 };

function sizeOf(file) {
  let stat;
  try {
    stat = fs.lstatSync(file);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.size;
  let total = 0;
  let names = [];
  try {
    names = fs.readdirSync(file);
  } catch {
    // A folder of the server's user that this user cannot list: counted as empty.
  }
  for (const name of names) total += sizeOf(path.join(file, name));
  return total;
}

// Whether a folder without a record is still run by somebody: a process of
// it whose parent is neither another of its processes nor init (a server
// whose session has died is adopted by init).
function runByLiveParent(processes, alive) {
  const own = new Set(processes.map((p) => p.pid));
  return processes.some(({ ppid }) => ppid !== null && ppid > 1 && !own.has(ppid) && alive(ppid));
}

// The users whose folders may be this user's orphans: this one, and, for
// root, the user postgres, who owned the whole folder of an older asyncmark's
// server.
function ownUids() {
  if (typeof process.getuid !== 'function') return null;
  const uids = [process.getuid()];
  try {
    const user = runAs();
    if (user) uids.push(user.uid);
  } catch {
    // No such user: no folder of its.
  }
  return uids;
}

/**
 * @param {{ root?: string, host?: string, alive?: (pid: number) => boolean, now?: number, uids?: number[] | null }} [options]
 * @returns {{ folder: string, holds: string, owner: object | null, processes: number, bytes: number }[]}
 *   the orphans, oldest first; owner null for a folder with no record
 */
function findOrphans({ root = os.tmpdir(), host = os.hostname(), alive = pidAlive, now = Date.now(), uids = ownUids() } = {}) {
  let names;
  try {
    names = fs.readdirSync(root);
  } catch {
    return [];
  }
  const orphans = [];
  for (const name of names) {
    const holds = KINDS.find((kind) => name.startsWith(`${FOLDER_PREFIX}${kind}-`));
    if (!holds) continue;
    const folder = path.join(root, name);
    const stat = fs.lstatSync(folder, { throwIfNoEntry: false });
    if (!stat || !stat.isDirectory() || (uids && !uids.includes(stat.uid))) continue;
    const owner = readOwner(folder);
    const lock = lockState(folder);
    if (lock === 'held' || lock === 'unknown') continue;
    const processes = processesOf(folder);
    if (owner && lock === 'free') {
      // Proven ended, whatever host or pid the record names.
    } else if (owner) {
      if (owner.host !== host || alive(owner.pid)) continue;
    } else if (now - stat.mtimeMs < UNRECORDED_MIN_AGE_MS[holds] || runByLiveParent(processes, alive)) continue;
    orphans.push({ folder, holds, owner, processes: processes.length, bytes: sizeOf(folder), mtimeMs: stat.mtimeMs });
  }
  return orphans.sort((a, b) => a.mtimeMs - b.mtimeMs).map(({ mtimeMs, ...orphan }) => orphan);
}

/** One line that says what an orphan is. */
function describeOrphan({ folder, holds, owner, processes, bytes }) {
  const what = holds === 'postgres' ? "a PostgreSQL server's folder" : "PGlite's template folder";
  const since = owner && owner.started ? `, started ${owner.started}` : '';
  const whose = owner ? `of session pid ${owner.pid} (ended)${since}` : 'of an earlier asyncmark, with no owner record';
  const running = processes ? `, ${processes} process${processes === 1 ? '' : 'es'} still running` : '';
  return `${folder}: ${what} ${whose}, ${(bytes / 1e6).toFixed(1)} MB${running}`;
}

/** Stops an orphan's processes and deletes its folder. */
async function removeOrphan({ folder }) {
  await stopProcessesOf(folder);
  fs.rmSync(folder, { recursive: true, force: true });
}

/**
 * Finds the orphans and removes them: what a session calls as it starts.
 * @returns {Promise<string[]>} a line for each orphan removed
 */
async function removeOrphans(options = {}) {
  const lines = [];
  for (const orphan of findOrphans(options)) {
    await removeOrphan(orphan);
    lines.push(`removed what an earlier session left: ${describeOrphan(orphan)}`);
  }
  return lines;
}

module.exports = { findOrphans, describeOrphan, removeOrphan, removeOrphans };
