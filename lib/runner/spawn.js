'use strict';

const { fork } = require('node:child_process');

// Child processes for everything that measures: the benchmark runner and the
// debuggability probe. runChild starts one, keeps the tail of its stderr, kills
// it at the timeout and reports how it ended; it never throws. runInChild adds
// the benchmark's classification on top: ok (or double / invalid, as the child
// found), crash, timeout, oom. Every child is tracked so killAll can end them.
// Each child leads a process group of its own, and the whole group is killed
// when the run ends, however it ends: a process the example started (a
// cluster, a worker pool, a careless library) does not outlive the run.

const STDERR_TAIL = 2000;
// How long a child that has reported may take to exit before it is killed.
const EXIT_GRACE_MS = 5000;
const live = new Set();
const interrupted = new WeakSet();

/**
 * Runs a script in a fresh process with one JSON argument and an IPC channel.
 * @param {string} script the module to fork
 * @param {object} job passed as the JSON argument
 * @param {object} [options] { execPath, execArgv, env, timeoutMs, exitGraceMs, onMessage(message, child), onSpawn(child) }:
 *   execPath, the runtime to run it with (the node running asyncmark unless given);
 *   onMessage returns true for the child's last word, after which it has
 *   exitGraceMs to exit before its group is killed
 * @returns {Promise<{ pid, exitCode, signal, timedOut, interrupted, startError, stderr, fatal }>}
 *   fatal: the out-of-memory line, if the child printed one, wherever it stood
 *   after the process has exited and its stderr is closed; interrupted when
 *   killAll ended it
 */
function runChild(
  script,
  job,
  {
    execPath = process.execPath,
    execArgv = [],
    env = process.env,
    timeoutMs = 60000,
    exitGraceMs = EXIT_GRACE_MS,
    onMessage = () => {},
    onSpawn = () => {},
  } = {},
) {
  return new Promise((resolve) => {
    const child = fork(script, [JSON.stringify(job)], { execPath, execArgv, env, detached: true, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    live.add(child);
    onSpawn(child);
    let stderr = '';
    let fatal = null;
    let timedOut = false;
    let grace = null;
    child.stderr.on('data', (chunk) => {
      // V8's out-of-memory line comes before a native stack that can push it
      // out of the tail: it is kept as it passes.
      if (fatal === null) fatal = fatalLine(stderr.slice(-200) + chunk);
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    // Node 26 can deadlock in process.exit() when a background compile job
    // waits for a garbage collection (nodejs/node#64274): a child that has
    // said its last word and then never exits is ended, and what it said kept.
    child.on('message', (message) => {
      if (onMessage(message, child) === true && grace === null) {
        grace = setTimeout(() => killGroup(child), exitGraceMs);
      }
    });
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, timeoutMs);
    // What the child started may hold its stderr open, which would delay
    // 'close' for ever: end the group as soon as the child itself has exited.
    child.on('exit', () => killGroup(child));
    const finish = (exitCode, signal, startError = null) => {
      clearTimeout(timer);
      clearTimeout(grace);
      live.delete(child);
      resolve({ pid: child.pid ?? null, exitCode, signal, timedOut, interrupted: interrupted.has(child), startError, stderr, fatal });
    };
    child.on('close', (exitCode, signal) => finish(exitCode, signal));
    // A process that could not be started (no memory, too many open files) sends
    // no 'close'; other errors (IPC with a dying child) are followed by one.
    child.on('error', (error) => {
      if (child.pid === undefined) finish(null, null, error.message);
    });
  });
}

// Kills the child's process group (the child and every process it started
// that did not leave the group); a group already gone is fine.
function killGroup(child) {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // ESRCH: nothing left in the group.
  }
}

// The line of stderr that says what went wrong: the error's own line if Node
// printed one, else the last line that is not Node's version footer.
function headline(text) {
  const lines = String(text)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const error = lines.find((l) => /^([\w.]*(Error|Exception)\b|FATAL ERROR)/.test(l));
  const last = lines.filter((l) => !/^Node\.js v\d/.test(l)).pop();
  return (error ?? last ?? '').slice(0, 300);
}

const OUT_OF_MEMORY = /heap out of memory|Allocation failed/i;

// The line of some stderr that says the heap ran out, or null.
function fatalLine(text) {
  return (
    String(text)
      .split('\n')
      .find((line) => OUT_OF_MEMORY.test(line))
      ?.trim() ?? null
  );
}

function classifyExit(stderr) {
  return OUT_OF_MEMORY.test(stderr) ? 'oom' : 'crash';
}

/**
 * One benchmark run in a fresh child (a driver's child script, which the
 * caller names: the runner knows no driver), classified.
 * @param {object} job { problem, example, params, ... }
 * @param {object} options { script, timeoutMs, exitGraceMs, execPath, execArgv, env, onSpawn(child), ask(message, child) }: script, the driver's child;
 *   env, the child's environment (this process's unless given);
 *   ask, for a message that is a request and not the child's result (a
 *   counted child asking for callgrind's instrumentation): a promise of the
 *   reply to send back, or null when the message is not one
 * @returns {Promise<{ status, metrics, error, stderrTail }>}
 */
async function runInChild(job, { script, timeoutMs = 60000, exitGraceMs, execPath, execArgv = [], env, onSpawn, ask = () => null }) {
  let result = null;
  const end = await runChild(script, job, {
    execPath,
    execArgv,
    env,
    timeoutMs,
    exitGraceMs,
    onSpawn,
    onMessage: (message, child) => {
      const reply = ask(message, child);
      if (reply) {
        // A child that is gone by then needs no reply.
        reply.then(
          (answer) => child.connected && child.send(answer),
          () => {},
        );
        return false;
      }
      result = message;
      return true;
    },
  });
  const stderrTail = end.stderr;
  // Ended by killAll (Ctrl-C): no measurement, and nothing about the example.
  if (end.interrupted) return { status: 'interrupted', metrics: null, error: 'interrupted', stderrTail };
  if (end.startError) return { status: 'crash', metrics: null, error: `child could not be started: ${end.startError}`, stderrTail };
  // A child that reported and then hung at exit (killed after EXIT_GRACE_MS, or
  // at the timeout) measured all the same.
  if (result) return { ...result, stderrTail };
  if (end.timedOut) return { status: 'timeout', metrics: null, error: `no result within ${timeoutMs / 1000} s; killed`, stderrTail };
  const how = end.signal ? `signal ${end.signal}` : `exit code ${end.exitCode}`;
  const status = end.fatal ? 'oom' : classifyExit(end.stderr);
  return { status, metrics: null, error: `child ended with ${how}: ${end.fatal ?? (headline(end.stderr) || 'no message')}`, stderrTail };
}

/**
 * Kills every child still running (on Ctrl-C, or when the caller gives up) and
 * resolves once they are gone, so that none is left behind, not even as a zombie.
 * The kills are sent at once, so it also serves a synchronous 'exit' handler.
 */
function killAll({ waitMs = 2000 } = {}) {
  const exits = [...live].map(
    (child) =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        interrupted.add(child);
        child.once('exit', resolve);
        killGroup(child);
      }),
  );
  live.clear();
  const timeout = new Promise((resolve) => setTimeout(resolve, waitMs).unref());
  return Promise.race([Promise.all(exits), timeout]);
}

module.exports = { runChild, runInChild, killAll, headline, classifyExit };
