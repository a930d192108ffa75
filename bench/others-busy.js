'use strict';

// How many cores other processes keep busy while a bench runs: the CPUs' busy
// time (user, system and interrupts; niced processes left out, as the main
// job leaves them out: they give the cores up) less what the bench's own
// process tree spent, over each interval between two samples. The load
// average cannot tell the two apart: a bench of a server forked four times
// holds a 2-core machine above its cores by itself. Linux only (/proc); null
// elsewhere, and the load average decides (lib/published/load.js).

const fs = require('node:fs');
const os = require('node:os');

// /proc's clock ticks a second (USER_HZ): 100 on Linux, whatever the kernel's own.
const TICKS = 100;
// The shortest run watchRuns gives a figure for.
const SHORTEST_MS = 100;

const busyMs = () => os.cpus().reduce((sum, { times }) => sum + times.user + times.sys + times.irq, 0);

/**
 * The CPU time, in ms, of `root` and its live descendants, with what their
 * reaped children spent (cutime and cstime): a process that ended is counted
 * in its parent's.
 * @param {number} root a pid
 * @returns {number|null} null when /proc cannot be read
 */
function treeMs(root) {
  let names;
  try {
    names = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const children = new Map();
  const spent = new Map();
  for (const name of names) {
    let text;
    try {
      text = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // ended while it was read
    }
    // After "pid (name) ": state, ppid, ... utime, stime, cutime, cstime (fields 14-17).
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const pid = Number(name);
    const parent = Number(fields[1]);
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(pid);
    spent.set(pid, ((Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 1000) / TICKS);
  }
  if (!spent.has(root)) return 0;
  let total = 0;
  for (const pids = [root]; pids.length;) {
    const pid = pids.pop();
    total += spent.get(pid) ?? 0;
    pids.push(...(children.get(pid) ?? []));
  }
  return total;
}

/**
 * A sampler of the cores others keep busy while the tree of `root` runs:
 * sample() closes an interval; result() is their mean over every interval
 * and the busiest interval's, in cores, or null where /proc is not there or
 * nothing was sampled.
 * @param {number} root the bench's pid
 * @param {{ now?: () => number, busy?: () => number, tree?: (pid: number) => number|null }} [sources] planted in tests
 */
function othersBusy(root, { now = Date.now, busy = busyMs, tree = treeMs } = {}) {
  let last = { at: now(), busy: busy(), tree: tree(root) };
  const spans = [];
  return {
    sample() {
      const next = { at: now(), busy: busy(), tree: tree(root) };
      if (last.tree !== null && next.tree !== null && next.at > last.at) {
        const others = Math.max(0, next.busy - last.busy - (next.tree - last.tree));
        spans.push({ ms: next.at - last.at, others });
      }
      last = next;
    },
    result() {
      if (spans.length === 0) return null;
      const ms = spans.reduce((sum, s) => sum + s.ms, 0);
      const round = (x) => Math.round(x * 100) / 100;
      return {
        mean: round(spans.reduce((sum, s) => sum + s.others, 0) / ms),
        max: round(Math.max(...spans.map((s) => s.others / s.ms))),
      };
    },
  };
}

/**
 * bench's watch of each timed run (lib/runner/session.js): the cores others
 * kept busy from just before the run's child started to just after it ended,
 * for its results line; nothing where /proc is not there.
 * @param {number} [root] the bench's pid
 * @returns {() => () => ({ othersBusy?: number })}
 */
function watchRuns(root = process.pid, sources = {}) {
  const now = sources.now ?? Date.now;
  return () => {
    const started = now();
    const sampler = othersBusy(root, sources);
    return () => {
      // Shorter than a few of the CPUs' 10 ms ticks (a job that started no child), a share is noise.
      if (now() - started < SHORTEST_MS) return {};
      sampler.sample();
      const result = sampler.result();
      return result ? { othersBusy: result.mean } : {};
    };
  };
}

module.exports = { othersBusy, treeMs, watchRuns };
