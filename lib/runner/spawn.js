'use strict';

const crypto = require('node:crypto');
const { fork, spawn } = require('node:child_process');
const { markedEnv, endUnit, watchDescendants, guard, release } = require('./fence');
const { NONCE, CHANNEL_FD } = require('./child/channel');
const { SECRET_PREFIX, ON_STDIN } = require('./child/secrets');

// Child processes for everything that measures: the benchmark runner, the
// debuggability probe and the conformance suite on a file of one's own.
// runChild starts one, keeps the tail of its stderr, kills it at the timeout
// and reports how it ended; it never throws. runInChild adds the benchmark's
// classification on top: ok (or double / invalid, as the child found), crash,
// timeout, oom. Every child is tracked so killAll can end them.
// Each child is fenced (lib/runner/fence.js): it leads a process group of its
// own, what it starts carries its mark, and the whole unit is ended when the
// run ends, however it ends, and by a watchdog if this process is killed: a
// process the example started (a cluster, a worker pool, a careless library,
// a detached child) does not outlive the run. Its word comes over IPC, or a
// descriptor of its own, sealed with a nonce of the run's
// (lib/runner/child/channel.js), never from stdout.

const STDERR_TAIL = 2000;
// How long a child that has reported may take to exit before it is killed.
const EXIT_GRACE_MS = 5000;
// How often a child's descendants are looked for unless the caller says.
const WATCH_MS = 250;
const live = new Map();
const interrupted = new WeakSet();

/**
 * Runs a script in a fresh, fenced process with one JSON argument and a channel to this one.
 * @param {string} script the module to fork
 * @param {object} job passed as the JSON argument
 * @param {object} [options] { execPath, execArgv, env, channel, timeoutMs, startMs, idle, watchMs, exitGraceMs, onMessage(message, child, sealed), onSpawn(child) }:
 *   execPath, the runtime to run it with (the node running asyncmark unless given);
 *   channel, how the child speaks: ipc (process.send, and the parent's child.send; the default)
 *   or fd (JSON lines on descriptor 3, where bytes that are not a message are ignored rather
 *   than breaking the channel: for a child whose own code is not asyncmark's);
 *   idle, the timeout counts from the child's last sealed message rather than from its start;
 *   startMs, with idle, how long the child may take to its first sealed message (timeoutMs
 *   unless given): its own start, when that is not what the timeout is for;
 *   watchMs, how often the child's descendants are looked for while it runs (a few small
 *   reads of /proc each time; null: never);
 *   onMessage gets every message, and `sealed` true when it carries the run's
 *   nonce (the nonce itself removed); it returns true for the child's last
 *   word, after which the child has exitGraceMs to exit before its unit is ended
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
    channel = 'ipc',
    timeoutMs = 60000,
    startMs = timeoutMs,
    idle = false,
    watchMs = WATCH_MS,
    exitGraceMs = EXIT_GRACE_MS,
    onMessage = () => {},
    onSpawn = () => {},
  } = {},
) {
  return new Promise((resolve) => {
    const nonce = crypto.randomBytes(12).toString('hex');
    // The nonce and the caller's secrets (env names starting with SECRET_PREFIX)
    // go on the child's stdin under the node running asyncmark, never in its
    // environment (child/secrets.js); another runtime finds them in its environment.
    const secrets = { [NONCE]: nonce };
    const rest = {};
    for (const [name, value] of Object.entries(env)) (name.startsWith(SECRET_PREFIX) ? secrets : rest)[name] = value;
    const onStdin = execPath === process.execPath;
    const marked = markedEnv({ ...rest, ...(onStdin ? { [ON_STDIN]: 'stdin' } : secrets), ...(channel === 'fd' ? { [CHANNEL_FD]: '3' } : {}) });
    const input = onStdin ? 'pipe' : 'ignore';
    const child =
      channel === 'fd'
        ? spawn(execPath, [...execArgv, script, JSON.stringify(job)], { env: marked.env, detached: true, stdio: [input, 'ignore', 'pipe', 'pipe'] })
        : fork(script, [JSON.stringify(job)], { execPath, execArgv, env: marked.env, detached: true, stdio: [input, 'ignore', 'pipe', 'ipc'] });
    if (onStdin && child.stdin) {
      // A child that dies before reading it closes the pipe: not an error of this process.
      child.stdin.on('error', () => {});
      child.stdin.end(JSON.stringify(secrets));
    }
    const watch = child.pid && watchMs ? watchDescendants(child.pid, watchMs) : null;
    const unit = { pid: child.pid, mark: marked.mark, seen: watch ? watch.seen : new Map(), look: watch ? watch.look : null, ended: false };
    if (child.pid) guard(child.pid);
    live.set(child, unit);
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
    let timer = null;
    const arm = (ms) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        endChild(child);
      }, ms);
    };
    arm(idle ? startMs : timeoutMs);
    // Node 26 can deadlock in process.exit() when a background compile job
    // waits for a garbage collection (nodejs/node#64274): a child that has
    // said its last word and then never exits is ended, and what it said kept.
    const hear = (message) => {
      const sealed = message !== null && typeof message === 'object' && message.nonce === nonce;
      const said = sealed ? withoutNonce(message) : message;
      // The processes the child still had at its last word (channel.js lastWord).
      if (sealed && Array.isArray(said.descendants)) {
        for (const [pid, start] of said.descendants) if (!unit.seen.has(pid)) unit.seen.set(pid, start);
        delete said.descendants;
      }
      if (sealed && idle && grace === null) arm(timeoutMs);
      if (onMessage(said, child, sealed) === true && grace === null) {
        clearTimeout(timer);
        grace = setTimeout(() => endChild(child), exitGraceMs);
      }
    };
    if (channel === 'fd') readLines(child.stdio[3], hear);
    else child.on('message', hear);
    // What the child started may hold its stderr open, which would delay
    // 'close' for ever: end the unit as soon as the child itself has exited.
    child.on('exit', () => endChild(child));
    const finish = (exitCode, signal, startError = null) => {
      clearTimeout(timer);
      clearTimeout(grace);
      if (watch) watch.stop();
      if (!unit.ended) endChild(child);
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

// Each JSON line of a stream, parsed; a line that is not JSON is not a message.
function readLines(stream, hear) {
  let buffered = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    buffered += chunk;
    let end;
    while ((end = buffered.indexOf('\n')) !== -1) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      let message;
      try {
        message = JSON.parse(line);
      } catch {
        continue;
      }
      hear(message);
    }
  });
  stream.on('error', () => {});
}

function withoutNonce({ nonce, ...message }) {
  return message;
}

// Ends a child's unit (lib/runner/fence.js): its group, its descendants seen
// while it ran, every process with its mark. A unit already gone is fine.
function endChild(child) {
  const unit = live.get(child);
  if (!unit || !unit.pid) return;
  // One more look, while the child may still be there to be looked under.
  if (unit.look) unit.look();
  endUnit(unit);
  release(unit.pid);
  unit.ended = true;
}

// The line of stderr that says what went wrong: the error's own line if Node
// printed one (node-postgres names its errors "error: …"), else the last line
// that is neither Node's version footer nor a stack frame.
function headline(text) {
  const lines = String(text)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const error = lines.find((l) => /^([\w.]*(Error|Exception)\b|error: |FATAL ERROR)/.test(l));
  const last = lines.filter((l) => !/^Node\.js v\d/.test(l) && !/^at /.test(l)).pop();
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
async function runInChild(job, { script, timeoutMs = 60000, exitGraceMs, execPath, execArgv = [], env, onSpawn, ask = null }) {
  let result = null;
  const end = await runChild(script, job, {
    execPath,
    execArgv,
    env,
    // Under the node running asyncmark, with no request to answer, the child
    // reports on a descriptor of its own, which bytes the example writes to
    // it cannot break (on node's IPC they would crash this process). Other
    // runtimes keep node's IPC, which each of them implements.
    channel: ask === null && (execPath === undefined || execPath === process.execPath) ? 'fd' : 'ipc',
    timeoutMs,
    exitGraceMs,
    onSpawn,
    onMessage: (message, child, sealed) => {
      const reply = ask === null ? null : ask(message, child);
      if (reply) {
        // A child that is gone by then needs no reply.
        reply.then(
          (answer) => child.connected && child.send(answer),
          () => {},
        );
        return false;
      }
      // Only the child's own word is its result: what the example sends is not.
      if (!sealed) return false;
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
  const exits = [...live.keys()].map(
    (child) =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        interrupted.add(child);
        child.once('exit', resolve);
        endChild(child);
      }),
  );
  const timeout = new Promise((resolve) => setTimeout(resolve, waitMs).unref());
  return Promise.race([Promise.all(exits), timeout]);
}

module.exports = { runChild, runInChild, killAll, headline, classifyExit };
