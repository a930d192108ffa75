'use strict';

const fs = require('node:fs');
const path = require('node:path');

// The processes that belong to one of asyncmark's temporary folders, read from
// /proc: those started with the folder in their environment (FOLDER_VARIABLE,
// which every descendant inherits) and those whose working directory is inside
// it (a PostgreSQL server and each of its backends work in their data folder,
// also one started by an asyncmark older than the variable). Names in the
// process table are never trusted: anybody's process may be called postgres.

const FOLDER_VARIABLE = 'ASYNCMARK_FOLDER';

const inside = (file, folder) => file === folder || file.startsWith(`${folder}${path.sep}`);

function realPath(folder) {
  try {
    return fs.realpathSync(folder);
  } catch {
    return folder;
  }
}

function environOf(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
  } catch {
    return [];
  }
}

function cwdOf(pid) {
  try {
    return fs.readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return null;
  }
}

// The parent, from /proc/<pid>/stat, whose command name is in brackets and may hold spaces.
function parentOf(pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/**
 * @param {string} folder an absolute path
 * @returns {{ pid: number, ppid: number | null }[]} every process of this machine that belongs to it,
 *   this process excepted; none where there is no /proc
 */
function processesOf(folder) {
  let pids;
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const marker = `${FOLDER_VARIABLE}=${folder}`;
  // A working folder reads as its real path: the folder's own, past any link in TMPDIR.
  const places = [...new Set([folder, realPath(folder)])];
  const found = [];
  for (const name of pids) {
    const pid = Number(name);
    if (pid === process.pid) continue;
    const cwd = cwdOf(pid);
    if ((cwd && places.some((place) => inside(cwd, place))) || environOf(pid).includes(marker)) found.push({ pid, ppid: parentOf(pid) });
  }
  return found;
}

function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // Gone meanwhile.
  }
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForNone(folder, ms) {
  for (let waited = 0; waited < ms; waited += 50) {
    if (processesOf(folder).length === 0) return true;
    await pause(50);
  }
  return processesOf(folder).length === 0;
}

// The pids in the pid files a postmaster keeps in its data folder (data/ in
// this asyncmark's folders, the folder itself in an older one's).
function pidFilePids(folder) {
  const pids = [];
  for (const file of [path.join(folder, 'data', 'postmaster.pid'), path.join(folder, 'postmaster.pid')]) {
    try {
      const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
      if (Number.isInteger(pid) && pid > 0) pids.push(pid);
    } catch {
      // No server was started there, or it has ended.
    }
  }
  return pids;
}

// The postmaster, when the pid file's process still runs in the folder.
function postmasterOf(folder, processes) {
  return pidFilePids(folder).find((pid) => processes.some((p) => p.pid === pid)) ?? null;
}

const hasProc = () => fs.existsSync('/proc/self/environ');

// Where there is no /proc (macOS), only the postmaster of the pid file can be
// found: it is asked to quit at once, and killed if it does not.
async function stopPostmasterOf(folder, graceMs) {
  const [pid] = pidFilePids(folder).filter((candidate) => alive(candidate));
  if (pid === undefined) return 0;
  signal(pid, 'SIGQUIT');
  for (let waited = 0; waited < graceMs && alive(pid); waited += 50) await pause(50);
  if (alive(pid)) signal(pid, 'SIGKILL');
  return 1;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Ends every process of a folder: a PostgreSQL server is asked to quit at
 * once (SIGQUIT: it ends its backends and releases its shared memory), and
 * whatever is left after that is killed.
 * @param {{ graceMs?: number, proc?: boolean }} [options] proc: whether /proc can be read (a test says no)
 * @returns {Promise<number>} how many processes there were
 */
async function stopProcessesOf(folder, { graceMs = 5000, proc = hasProc() } = {}) {
  if (!proc) return stopPostmasterOf(folder, graceMs);
  const processes = processesOf(folder);
  if (processes.length === 0) return 0;
  const postmaster = postmasterOf(folder, processes);
  if (postmaster !== null) {
    signal(postmaster, 'SIGQUIT');
    if (await waitForNone(folder, graceMs)) return processes.length;
  }
  for (const { pid } of processesOf(folder)) signal(pid, 'SIGKILL');
  await waitForNone(folder, 2000);
  return processes.length;
}

module.exports = { FOLDER_VARIABLE, processesOf, stopProcessesOf };
