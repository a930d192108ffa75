'use strict';

// Whether a process still exists (signal 0 only checks).
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

module.exports = { alive };
