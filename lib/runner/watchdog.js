'use strict';

const { markedWith, endUnit } = require('./fence');

// The watchdog of lib/runner/fence.js: a process of its own, in a group of
// its own, that reads the process groups of one asyncmark process's fenced
// children from a pipe, a line each: +pid when one starts, -pid when it has
// been ended (so that a pid used again later is not mistaken for it). When the pipe closes (that process
// has ended, however it ended, SIGKILL included) it ends those groups and
// every process still marked as that process's, then exits.

const session = process.argv[2];
const groups = new Set();
let buffered = '';

process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffered += chunk;
  const lines = buffered.split('\n');
  buffered = lines.pop();
  for (const line of lines) {
    const told = /^([+-])(\d+)$/.exec(line);
    if (told && told[1] === '+') groups.add(Number(told[2]));
    else if (told) groups.delete(Number(told[2]));
  }
});
process.stdin.on('end', () => {
  for (const pid of groups) endUnit({ pid });
  // Marked processes of the session's, found afresh until none is left.
  endUnit({ mark: session });
  if (markedWith(session).length > 0) process.exitCode = 1;
});
