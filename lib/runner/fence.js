'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');

// A child process and everything it starts, ended as one unit. The child
// leads a process group of its own, but a process it starts may leave the
// group (detached, setsid) or outlive it (a double fork). Three nets catch
// those: every fenced child carries a mark in its environment, which what it
// starts inherits (found in /proc/*/environ); its descendants can be watched
// while it runs (found through /proc/<pid>/task/*/children); and a watchdog
// process, which holds a pipe from this one, ends every marked process and
// group when the pipe closes, even when this process is killed by SIGKILL.
// It is a fence against mistakes, not against an attacker: a process that
// clears its environment and leaves its group between two looks escapes.
// Where there is no /proc, only the process group is ended.

const MARK = 'ASYNCMARK_FENCE';
// This process's part of every mark, so that the watchdog ends only its own.
const SESSION = `${process.pid}-${crypto.randomBytes(6).toString('hex')}`;
const WATCHDOG = path.join(__dirname, 'watchdog.js');
// Sweeps repeat while they find something: a process may fork as it is killed.
const SWEEPS = 5;

let watchdog = null;

/**
 * An environment for a fenced child: `env` and the child's mark.
 * @returns {{ env: object, mark: string }}
 */
function markedEnv(env = process.env) {
  const mark = `${SESSION}:${crypto.randomBytes(6).toString('hex')}`;
  return { env: { ...env, [MARK]: mark }, mark };
}

const readText = (file) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

const pids = () => {
  try {
    return fs
      .readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
};

// The start time of a process (field 22 of its stat), which tells it from a
// later process given the same pid; null when it is gone.
function startOf(pid) {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === null) return null;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

/**
 * The processes whose environment holds a mark starting with `prefix` (a
 * whole mark, or SESSION for all of this process's), this process excepted.
 * @returns {number[]}
 */
function markedWith(prefix, { except = [process.pid] } = {}) {
  const needle = `\0${MARK}=${prefix}`;
  return pids().filter((pid) => {
    if (except.includes(pid)) return false;
    const environ = readText(`/proc/${pid}/environ`);
    return environ !== null && `\0${environ}`.includes(needle);
  });
}

/** Every descendant of `pid` alive now, as [pid, start] pairs. */
function descendantsOf(pid) {
  const found = [];
  const visit = (parent) => {
    let tasks;
    try {
      tasks = fs.readdirSync(`/proc/${parent}/task`);
    } catch {
      return;
    }
    for (const task of tasks) {
      const text = readText(`/proc/${parent}/task/${task}/children`) ?? '';
      for (const child of text.split(' ').filter(Boolean).map(Number)) {
        if (found.some(([known]) => known === child)) continue;
        found.push([child, startOf(child)]);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

const kill = (target) => {
  try {
    process.kill(target, 'SIGKILL');
  } catch {
    // ESRCH: gone already.
  }
};

/**
 * Ends a fenced child's unit: its process group, the descendants seen while
 * it ran (each still the same process), and every process with its mark.
 * Synchronous, so that an 'exit' handler can use it.
 * @param {{ pid?: number, mark?: string, seen?: Map<number, string> }} unit
 */
function endUnit({ pid, mark, seen = new Map() }) {
  if (pid) kill(-pid);
  for (const [known, start] of seen) if (start !== null && startOf(known) === start) kill(known);
  if (!mark) return;
  for (let i = 0; i < SWEEPS; i++) {
    const left = markedWith(mark);
    if (left.length === 0) return;
    for (const found of left) {
      kill(found);
      // A process that left the group may lead one of its own.
      kill(-found);
    }
  }
}

/**
 * Watches a fenced child's descendants every `everyMs` while it runs, so
 * that one that scrubs its environment and leaves the group is still known
 * at the end. Returns the map endUnit takes and stop().
 */
function watchDescendants(pid, everyMs) {
  const seen = new Map();
  const look = () => {
    for (const [child, start] of descendantsOf(pid)) if (!seen.has(child)) seen.set(child, start);
  };
  const timer = setInterval(look, everyMs);
  timer.unref();
  return { seen, look, stop: () => clearInterval(timer) };
}

/**
 * Tells the watchdog of a fenced child's process group, starting the
 * watchdog first if none runs. The watchdog outlives this process by as long
 * as it takes to end what this process leaves behind.
 */
function guard(pid) {
  if (watchdog === null) {
    const { [MARK]: ignored, ...env } = process.env;
    watchdog = spawn(process.execPath, [WATCHDOG, SESSION], { detached: true, env, stdio: ['pipe', 'ignore', 'ignore'] });
    watchdog.on('error', () => {
      watchdog = null;
    });
    // Neither the watchdog nor its pipe keeps this process alive.
    watchdog.unref();
    watchdog.stdin.unref();
    watchdog.stdin.on('error', () => {});
  }
  tell(`+${pid}`);
}

/** Tells the watchdog that a fenced child's group has been ended. */
function release(pid) {
  if (watchdog !== null) tell(`-${pid}`);
}

function tell(line) {
  if (watchdog !== null && watchdog.stdin.writable) watchdog.stdin.write(`${line}\n`);
}

module.exports = { MARK, SESSION, markedEnv, markedWith, descendantsOf, endUnit, watchDescendants, guard, release };
