'use strict';

// The supervisor of one of asyncmark's temporary folders (owned-folder.js
// starts it, in a process group of its own, with the folder as its argument).
// It holds the read end of a pipe from the session that made the folder. The
// pipe ends when that session's process ends, however it ends, SIGKILL
// included: then every process of the folder is stopped (a PostgreSQL server
// among them) and the folder deleted. A session that ends well has done both
// already, and closing the pipe only lets the supervisor go.

const fs = require('node:fs');
const { stopProcessesOf } = require('./folder-processes');

const folder = process.argv[2];

async function cleanUp() {
  await stopProcessesOf(folder);
  fs.rmSync(folder, { recursive: true, force: true });
}

// Nothing but the pipe's end decides: a terminal's signals are the session's
// to handle, and a SIGTERM of the supervisor alone cleans up as the end would.
process.on('SIGINT', () => {});
process.on('SIGHUP', () => {});
process.once('SIGTERM', () => cleanUp().finally(() => process.exit(0)));
process.stdin.on('data', () => {});
process.stdin.on('error', () => {});
process.stdin.once('close', () => cleanUp().finally(() => process.exit(0)));
