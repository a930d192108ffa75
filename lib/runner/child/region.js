'use strict';

// The edges of a counted run's measured region (bench --measure instructions,
// lib/runner/count.js). JavaScript cannot speak to valgrind, so the child
// marks an edge by calling into a C function that nothing else in a run
// calls: os.loadavg() runs libuv's uv_loadavg, and callgrind, told
// --dump-before=uv_loadavg, writes the counts so far and starts again from
// zero there. Between the two marks are the counted rounds only.
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

module.exports = { markRegionEdge, MARKER: 'uv_loadavg' };
