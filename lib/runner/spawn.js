'use strict';

const { fork } = require('node:child_process');
const path = require('node:path');

// Runs one job in a fresh child process and classifies what happened: ok (or
// double / invalid, as the child found), crash, timeout, oom. It never throws
// for a misbehaving example; the session goes on.

const CHILD = path.join(__dirname, 'child.js');
const STDERR_TAIL = 2000;
const live = new Set();

function classifyExit(code, signal, stderr) {
  if (/heap out of memory|Allocation failed/i.test(stderr)) return 'oom';
  return 'crash';
}

// The line of stderr that says what went wrong: the error's own line if there is
// one, else the last line.
function headline(text) {
  const lines = text.trim().split('\n').map((l) => l.trim()).filter(Boolean);
  const error = lines.find((l) => /^(\w*Error\b|FATAL ERROR)/.test(l));
  return (error ?? lines[lines.length - 1] ?? '').slice(0, 300);
}

/**
 * @param {object} job { problem, example, params, fileExists, ... } for lib/runner/child.js
 * @param {object} [options] { timeoutMs, execArgv, script, onSpawn(child) }
 * @returns {Promise<{ status, metrics, error, stderrTail }>}
 */
function runInChild(job, { timeoutMs = 60000, execArgv = ['--expose-gc'], script = CHILD, onSpawn = () => {} } = {}) {
  return new Promise((resolve) => {
    const child = fork(script, [JSON.stringify(job)], { execArgv, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    live.add(child);
    onSpawn(child);
    let stderr = '';
    let result = null;
    let timedOut = false;
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    child.on('message', (message) => {
      result = message;
    });
    // The child could not be started (no memory, too many open files): a cell
    // that crashed, not a crash of the session.
    child.on('error', (error) => {
      if (child.pid === undefined) {
        clearTimeout(timer);
        live.delete(child);
        resolve({ status: 'crash', metrics: null, error: `child could not be started: ${error.message}`, stderrTail: '' });
      }
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      live.delete(child);
      // Let the last stderr chunks arrive before deciding.
      setImmediate(() => {
        const stderrTail = stderr;
        if (timedOut) {
          resolve({ status: 'timeout', metrics: null, error: `no result within ${timeoutMs / 1000} s; killed`, stderrTail });
        } else if (result) {
          resolve({ ...result, stderrTail });
        } else {
          const status = classifyExit(code, signal, stderr);
          const how = signal ? `signal ${signal}` : `exit code ${code}`;
          resolve({ status, metrics: null, error: `child ended with ${how}: ${headline(stderr) || 'no message'}`, stderrTail });
        }
      });
    });
  });
}

/**
 * Kills every child still running (on Ctrl-C, or when the session fails) and
 * resolves once they are gone, so that none is left behind, not even as a zombie.
 */
function killAll({ waitMs = 2000 } = {}) {
  const exits = [...live].map((child) => new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGKILL');
  }));
  live.clear();
  const timeout = new Promise((resolve) => setTimeout(resolve, waitMs).unref());
  return Promise.race([Promise.all(exits), timeout]);
}

module.exports = { runInChild, killAll, classifyExit };
