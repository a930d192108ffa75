'use strict';

const fs = require('node:fs');

// Whether a process still runs: signal 0 only checks that it exists, and a
// zombie (ended, not yet reaped by its parent) exists but no longer runs.
function alive(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

module.exports = { alive };
