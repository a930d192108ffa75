'use strict';

const { killAll } = require('../lib/runner/spawn');
const { closeAll: closeDatabases } = require('../lib/database/session');

// Ctrl-C (or SIGTERM) during a long command: stop the progress display, end
// every child process and its group, say what was kept, exit 130 (143 on SIGTERM). Shared by
// every command that runs children (bench, debuggability).

/**
 * Runs `task` with the signal handlers in place, and removes them after.
 * @param {() => Promise<T>} task
 * @param {{ progress: { stop(): void }, note: string | (() => string), onInterrupt?: () => void }} options note: the line
 *   printed on interrupt; onInterrupt: what else to print first, once every child is gone (the finished runs' table)
 * @returns {Promise<T>}
 * @template T
 */
async function interruptible(task, { progress, note, onInterrupt = () => {} }) {
  // The shell's convention: 128 + the signal's number (SIGINT 130, SIGTERM 143).
  const onSignal = async (signal) => {
    progress.stop();
    await killAll();
    onInterrupt();
    // A session's database server stopped and its folder deleted, or its schema dropped.
    await closeDatabases((message) => process.stderr.write(`asyncmark: ${message}\n`));
    process.stderr.write(`\nasyncmark: ${typeof note === 'function' ? note() : note}\n`);
    process.exit(signal === 'SIGTERM' ? 143 : 130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await task();
  } finally {
    progress.stop();
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}

module.exports = { interruptible };
