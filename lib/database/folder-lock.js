'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

// How a live session proves that a temporary folder of its own is still in
// use: its supervisor runs under flock(1), which holds an exclusive lock on a
// file inside the folder for as long as the supervisor lives, that is, as
// long as the session's process does. Anyone can ask the kernel whether that
// lock is held, from any PID namespace or container that shares the folder,
// where a pid and a host name prove nothing: two containers with the same
// host name each see the other's pids as dead. A stopped (SIGSTOP) session
// still holds its lock. Where there is no flock(1), no lock file is made, and
// orphans.js falls back to the owner record's host and pid.

const LOCK_FILE = 'asyncmark-owner.lock';
// flock's exit status when the lock is held by somebody else.
const HELD = 75;

let found;
/** @returns {string | null} the path of flock(1), or null where there is none */
function flockCommand() {
  if (found !== undefined) return found;
  found = null;
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    const candidate = path.join(dir || '.', 'flock');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
    } catch {
      continue;
    }
    // The supervisor must be the process that holds the lock (--no-fork), so
    // that killing it frees the lock; a flock without it is not used.
    const help = spawnSync(candidate, ['--help'], { encoding: 'utf8', timeout: 10000 });
    if (/--no-fork/.test(help.stdout || '')) found = candidate;
    break;
  }
  return found;
}

/**
 * The command that starts a folder's supervisor holding the folder's lock.
 * @param {string} folder
 * @param {string[]} argv the supervisor's own command line
 * @returns {{ command: string, args: string[], locked: boolean }}
 */
function lockedCommand(folder, argv) {
  const flock = flockCommand();
  if (!flock) return { command: argv[0], args: argv.slice(1), locked: false };
  const file = path.join(folder, LOCK_FILE);
  // Made before the supervisor starts, so that it exists whenever the record does.
  fs.writeFileSync(file, '', { flag: 'a' });
  return { command: flock, args: ['--exclusive', '--nonblock', '--no-fork', '--conflict-exit-code', String(HELD), file, ...argv], locked: true };
}

/**
 * Whether a folder's lock is held now. (A lock file is made a moment before
 * its supervisor takes the lock; the owner record is written only once it is
 * held, so a free lock beside a record proves the session has ended.)
 * @returns {'held' | 'free' | 'none' | 'unknown'} none: the folder has no lock file (an older asyncmark's, or
 *   made where there was no flock); unknown: it has one, but nothing here can ask
 */
function lockState(folder) {
  const file = path.join(folder, LOCK_FILE);
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  if (!stat) return 'none';
  // A link could point the check anywhere; a real session's lock file is a plain file.
  if (!stat.isFile()) return 'unknown';
  const flock = flockCommand();
  if (!flock) return 'unknown';
  const asked = spawnSync(flock, ['--shared', '--nonblock', '--conflict-exit-code', String(HELD), file, 'true'], { stdio: 'ignore', timeout: 10000 });
  if (asked.status === HELD) return 'held';
  return asked.status === 0 ? 'free' : 'unknown';
}

module.exports = { LOCK_FILE, lockedCommand, lockState, flockCommand };
