'use strict';

// The edges of a counted run's measured segments (bench --measure
// instructions, lib/runner/count.js). JavaScript cannot speak to valgrind, so
// the child marks an edge by calling into a C function that nothing else in a
// run calls: os.loadavg() runs libuv's uv_loadavg, and callgrind, told
// --dump-before=uv_loadavg, writes the counts so far and starts again from
// zero there (under Deno, which has no libuv, os.loadavg() reaches libc's
// sysinfo instead: lib/runner/count-runtime.js). The counted rounds are cut
// into segments of job.markEvery rounds: an edge before each segment and one
// after the last, so that each segment's count is a file of its own.
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

/**
 * Before round `round` of a counted child: mark the edge if a segment starts
 * there. Nothing is marked in a run that is not counted. Before the first
 * counted round the child asks its parent to turn callgrind's
 * instrumentation on, and waits (the parent may have started it with the
 * instrumentation on already, and answers at once): the warm-up then runs
 * several times faster, and what it does is the same (valgrind runs the same
 * code, uncounted). The child asks either way, so that the question's own
 * work, and what it leaves in the heap, are the same in both.
 * @param {{ countFrom?: number, markEvery?: number }} job
 */
async function markRound(round, { countFrom, markEvery = 1 }) {
  if (countFrom === undefined || round < countFrom || (round - countFrom) % markEvery !== 0) return;
  if (round === countFrom) await askToInstrument();
  markRegionEdge();
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

/** After the last round of a counted child: the last segment's end. */
function markEnd({ countFrom }) {
  if (countFrom !== undefined) markRegionEdge();
}

module.exports = { markRegionEdge, markRound, markEnd, MARKER: 'uv_loadavg' };
