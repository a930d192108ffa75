'use strict';

// The edges of a counted run's measured region (bench --measure instructions,
// lib/runner/count.js). JavaScript cannot speak to valgrind, so the child
// marks an edge by calling into a C function that nothing else in a run
// calls: the getter process.ppid runs libuv's uv_os_getppid, and callgrind,
// told --dump-before=uv_os_getppid, writes the counts so far and starts
// again from zero there. Between the two marks are the counted rounds only.

/** Mark an edge of the counted region. */
function markRegionEdge() {
  // Reading the getter is the mark.
  const ppid = process.ppid;
  if (typeof ppid !== 'number') {
    throw new Error('counting instructions needs process.ppid (Node 8.10, 9.2 and later) to mark its region');
  }
}

module.exports = { markRegionEdge, MARKER: 'uv_os_getppid' };
