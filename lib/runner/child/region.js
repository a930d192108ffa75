'use strict';

// The edges of a counted run's measured rounds (bench --measure
// instructions, lib/runner/count.js). JavaScript cannot speak to valgrind, so
// the child marks an edge by calling into a C function that nothing else in a
// run calls: os.loadavg() runs libuv's uv_loadavg, and callgrind, told
// --dump-before=uv_loadavg, writes the counts so far and starts again from
// zero there (under Deno, which has no libuv, os.loadavg() reaches libc's
// sysinfo instead: lib/runner/count-runtime.js).
//
// Each counted round is a window of its own: an edge opens it just before
// the round's work starts and closes it as soon as the work is done, so
// that each window is a file of its own and nothing of the harness is in it
// (building the round's arguments, its simulated I/O, checking it). What
// falls between two windows is a gap, a file of its own too, and one more
// edge after the last round closes the last gap. count.js sums a segment's
// windows for the work, and reads from the gaps only the collections the
// harness forced there, to attribute them back to the rounds.
//
// (process.ppid, whose uv_os_getppid was the first mark, is read by nyc's
// preload at a child's start and exit: under coverage a counted run saw four
// marks. Node itself, nyc and the examples' libraries never ask for the load
// average.)

const os = require('node:os');

/** Mark an edge of the counted region. */
function markRegionEdge() {
  os.loadavg();
}

// Whether a round of the job is counted.
function isCounted(round, { countFrom }) {
  return countFrom !== undefined && round >= countFrom;
}

/**
 * Just before the work of round `round`: open its window if it is counted.
 * Before the first counted round the child asks its parent to turn
 * callgrind's instrumentation on, and waits (the parent may have started it
 * with the instrumentation on already, and answers at once): the warm-up
 * then runs several times faster, and what it does is the same (valgrind
 * runs the same code, uncounted). The child asks either way, so that the
 * question's own work, and what it leaves in the heap, are the same in both.
 * @param {{ countFrom?: number }} job
 */
async function openRound(round, job) {
  if (!isCounted(round, job)) return;
  if (round === job.countFrom) await askToInstrument();
  markRegionEdge();
}

/** As soon as the work of round `round` is done: close its window if it is counted. */
function closeRound(round, job) {
  if (isCounted(round, job)) markRegionEdge();
}

// Asks the parent over IPC to turn callgrind's instrumentation on
// (lib/runner/count.js) and resolves when it says it has. The channel is
// held open meanwhile (childMain unrefs it, so that a forgetful example
// empties the loop).
function askToInstrument() {
  return new Promise((resolve) => {
    const answer = (message) => {
      if (!message || message.instrumented !== true) return;
      process.removeListener('message', answer);
      if (process.channel) process.channel.unref();
      resolve();
    };
    if (process.channel) process.channel.ref();
    process.on('message', answer);
    process.send({ instrument: true });
  });
}

/** After the last round of a counted child, and the collection it forces after each: the last gap's end. */
function markEnd({ countFrom }) {
  if (countFrom !== undefined) markRegionEdge();
}

module.exports = { markRegionEdge, openRound, closeRound, markEnd, MARKER: 'uv_loadavg' };
