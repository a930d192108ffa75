'use strict';

const fs = require('node:fs');

// What the server processes used, read from the Linux process table: a server
// may be one process, a cluster primary and its workers, or a process with a
// pool of threads, and the driver must sum them all without the example's help.
// /proc/<pid>/stat gives each process's CPU time (all its threads included) and
// its parent, /proc/<pid>/status its peak resident memory (VmHWM), and
// /proc/<pid>/fd its open files. Elsewhere there is no such table, and every
// figure read from it is null ("n/a"), never an estimate.

// Linux reports user and system CPU time in clock ticks of 1/100 s (USER_HZ)
// on every architecture Node runs on: too coarse for a load of a few dozen
// ms. The scheduler's own count, in ns per thread (/proc/<pid>/task/<tid>/schedstat),
// gives their sum precisely; a thread that ended between two readings takes
// its time with it, which the long-lived threads of a server rarely do.
const TICK_MS = 10;

function schedMs(pid) {
  let total = 0;
  let read = 0;
  try {
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      try {
        total += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
        read++;
      } catch {
        // the thread ended meanwhile
      }
    }
  } catch {
    return null;
  }
  // No thread's count could be read (a kernel without scheduler statistics).
  return read > 0 ? total : null;
}

const supported = () => process.platform === 'linux' && fs.existsSync('/proc/self/stat');

// The fields after the command name, which is in brackets and may hold spaces.
function statFields(pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // gone meanwhile
  }
}

// stat fields, numbered as in proc(5), minus the first two.
const STATE = 0;
const PPID = 1;
const UTIME = 11;
const STIME = 12;

function peakRssKB(pid) {
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

// Open files of a process: descriptors that point at a path (a file or a
// device such as /dev/urandom), not sockets, pipes or event descriptors.
function openFiles(pid) {
  let entries;
  try {
    entries = fs.readdirSync(`/proc/${pid}/fd`);
  } catch {
    return [];
  }
  const files = [];
  for (const fd of entries) {
    try {
      const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
      if (target.startsWith('/')) files.push(target);
    } catch {
      // closed while we looked
    }
  }
  return files;
}

/** The pids of `root` and every living process descended from it. */
function tree(root) {
  const children = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const fields = statFields(name);
    if (!fields || fields[STATE] === 'Z') continue;
    const parent = Number(fields[PPID]);
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(Number(name));
  }
  const pids = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift();
    if (!statFields(pid)) continue;
    pids.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return pids;
}

/**
 * Every process of the tree under `root`: its CPU time so far (in ticks, user
 * and system; precisely, their sum), peak RSS and open files.
 * @returns {Array<{ pid, userMs, systemMs, cpuMs, peakRssMB, files: string[] }> | null} null off Linux
 */
function snapshot(root) {
  if (!supported()) return null;
  return tree(root).map((pid) => {
    const fields = statFields(pid) ?? [];
    const kb = peakRssKB(pid);
    const userMs = Number(fields[UTIME] ?? 0) * TICK_MS;
    const systemMs = Number(fields[STIME] ?? 0) * TICK_MS;
    return {
      pid,
      userMs,
      systemMs,
      cpuMs: schedMs(pid) ?? userMs + systemMs,
      peakRssMB: kb === null ? 0 : kb / 1024,
      files: openFiles(pid),
    };
  });
}

/**
 * What the tree used between two snapshots: CPU time summed over every
 * process (one that started meanwhile counts whole), the sum of their peak
 * RSS (a cluster's memory is the sum of its workers'), how many processes.
 * @returns {{ userMs, systemMs, cpuMs, peakRssMB, processes } | null}
 */
function usage(before, after) {
  if (!before || !after) return null;
  const earlier = new Map(before.map((p) => [p.pid, p]));
  let userMs = 0;
  let systemMs = 0;
  let cpuMs = 0;
  for (const p of after) {
    const start = earlier.get(p.pid);
    userMs += p.userMs - (start ? start.userMs : 0);
    systemMs += p.systemMs - (start ? start.systemMs : 0);
    cpuMs += Math.max(0, p.cpuMs - (start ? start.cpuMs : 0));
  }
  const peakRssMB = after.reduce((sum, p) => sum + p.peakRssMB, 0);
  return { userMs, systemMs, cpuMs, peakRssMB, processes: after.length };
}

/** Open files in `after` beyond those in `before`, per path: what the server left open. */
function leakedFiles(before, after) {
  if (!before || !after) return [];
  const count = (snap) => {
    const counts = new Map();
    for (const file of snap.flatMap((p) => p.files)) counts.set(file, (counts.get(file) ?? 0) + 1);
    return counts;
  };
  const was = count(before);
  const leaked = [];
  for (const [file, n] of count(after)) {
    for (let i = was.get(file) ?? 0; i < n; i++) leaked.push(file);
  }
  return leaked;
}

// "0100007F:1F90" (little-endian IPv4) or its IPv6 form, as /proc/net/tcp* write them.
function address(hex) {
  const [ip, port] = hex.split(':');
  const portNumber = parseInt(port, 16);
  if (ip.length === 8) return `${[...Buffer.from(ip, 'hex').reverse()].join('.')}:${portNumber}`;
  const loopback6 = '00000000000000000000000001000000';
  const mapped127 = /^0000000000000000FFFF00000100007F$/i;
  if (ip === loopback6) return `[::1]:${portNumber}`;
  if (mapped127.test(ip)) return `127.0.0.1:${portNumber}`;
  return `[${ip}]:${portNumber}`;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|\[::1\]):\d+$/;

/**
 * The addresses the processes listen on (TCP) that are not the loopback: a
 * server must bind 127.0.0.1 only. Empty off Linux.
 * @param {number[]} pids
 * @returns {string[]} e.g. ['0.0.0.0:40123']
 */
function listeningElsewhere(pids) {
  if (!supported()) return [];
  const inodes = new Set();
  for (const pid of pids) {
    let entries;
    try {
      entries = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of entries) {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (match) inodes.add(match[1]);
      } catch {
        // closed while we looked
      }
    }
  }
  const found = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines;
    try {
      lines = fs.readFileSync(table, 'utf8').trim().split('\n').slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      // st 0A is LISTEN; field 9 is the socket's inode.
      if (fields[3] !== '0A' || !inodes.has(fields[9])) continue;
      const local = address(fields[1]);
      if (!LOOPBACK.test(local)) found.push(local);
    }
  }
  return found;
}

/** Whether a process still lives (a zombie has ended; it only waits to be reaped). */
function alive(pid) {
  if (supported()) {
    const fields = statFields(pid);
    return fields !== null && fields[STATE] !== 'Z';
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

module.exports = { supported, snapshot, usage, leakedFiles, alive, listeningElsewhere };
