'use strict';

const { killAll } = require('../lib/runner/spawn');
const { closeAll: closeDatabases, stillOpen } = require('../lib/database/session');

// Ctrl-C (or SIGTERM, or SIGHUP when the terminal goes) during a long
// command: stop the progress display, end every child process and its unit,
// say what was kept, and exit with the shell's code for the signal. Shared by
// every command that runs children (bench, debuggability, verify).

// The shell's convention: 128 + the signal's number.
const EXIT_CODES = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };
const SIGNALS = Object.keys(EXIT_CODES);

/**
 * Runs `task` with the signal handlers in place, and removes them after.
 * Once a signal has come, the promise returned never settles: the handler
 * ends the process, and nothing the command would do after the task (print
 * its table, close its database) runs beside it a second time.
 * @param {() => Promise<T>} task
 * @param {{ progress: { stop(): void }, note: string | (() => string), onInterrupt?: () => void, exit?: (code: number) => void }} options note: the line
 *   printed on interrupt; onInterrupt: what else to print first, once every child is gone (the finished runs' table);
 *   exit: how the process ends (process.exit; a test's own)
 * @returns {Promise<T>}
 * @template T
 */
async function interruptible(task, { progress, note, onInterrupt = () => {}, exit = (code) => process.exit(code) }) {
  let signalled = null;
  const onSignal = async (signal) => {
    // A second signal while the first is being handled: the person wants out now.
    if (signalled) return exitNow(signal, exit);
    signalled = signal;
    progress.stop();
    await killAll();
    onInterrupt();
    // A session's database server stopped and its folder deleted, or its schema dropped.
    await closeDatabases((message) => process.stderr.write(`asyncmark: ${message}\n`));
    process.stderr.write(`\nasyncmark: ${typeof note === 'function' ? note() : note}\n`);
    exit(EXIT_CODES[signal]);
    // Reached only when `exit` does not end the process (a test's).
    for (const name of SIGNALS) process.removeListener(name, onSignal);
    return undefined;
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  let value;
  try {
    value = await task();
  } catch (error) {
    if (!signalled) throw error;
  } finally {
    if (!signalled) {
      progress.stop();
      for (const signal of SIGNALS) process.removeListener(signal, onSignal);
    }
  }
  // The task ended because its children were ended: the handler finishes the command.
  if (signalled) return new Promise(() => {});
  return value;
}

// Ends the process at once, naming what the open database sessions leave.
function exitNow(signal, exit) {
  for (const line of stillOpen()) process.stderr.write(`\nasyncmark: stopped at once: ${line}\n`);
  return exit(EXIT_CODES[signal]);
}

/**
 * Runs a phase that a signal must not cut in two: opening or closing a
 * session's database (a schema made but not marked, a drop half done). A
 * signal during it is answered with a line saying what the session is doing,
 * and the phase goes on to its end; then `settle` undoes what it made, and
 * the process ends with the signal's code. A second signal ends it at once,
 * naming what is left and how to remove it.
 * @param {() => Promise<T>} task
 * @param {{ doing: () => string, settle?: (value: T) => Promise<void>, exit?: (code: number) => void }} options
 * @returns {Promise<T>}
 * @template T
 */
async function uninterrupted(task, { doing, settle = async () => {}, exit = (code) => process.exit(code) }) {
  let signalled = null;
  const onSignal = (signal) => {
    if (signalled) return exitNow(signal, exit);
    signalled = signal;
    process.stderr.write(`\nasyncmark: ${signal}: ${doing()}; finishing that first (${signal} again to stop at once)\n`);
    return undefined;
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  try {
    const value = await task();
    if (signalled) {
      await settle(value);
      process.stderr.write(`asyncmark: ${signalled}: done, and nothing of the session is left\n`);
      exit(EXIT_CODES[signalled]);
    }
    return value;
  } finally {
    for (const signal of SIGNALS) process.removeListener(signal, onSignal);
  }
}

module.exports = { interruptible, uninterrupted, EXIT_CODES };
