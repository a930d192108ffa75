'use strict';

const { invocationArgs } = require('./model');

// What the debuggability probe (metrics/debuggability/) needs to know of
// DoxBee to run one of its examples with a failure injected. It is written here,
// beside the examples it describes, so that the probe and its child stay the
// same for every problem: a problem is probed once it has a file like this one.

module.exports = {
  // The operation made to fail: deep in the routine, after several awaits or callbacks.
  op: 'fileVersion.insert',
  // Engine options of the run: a missing file takes the longer path, through file creation.
  options: { fileExists: false },
  // The arguments of the one upload the probe starts.
  args: invocationArgs(1),
  // How each operation that can be made to fail is written in an example:
  // object.method(...) followed by .then(...) on the query it returns, e.g.
  // FileVersion.insert(row).execWithin(tx). The probe finds the failing line by it.
  callSites: {
    'version.insert': { object: 'Version', method: 'insert', then: 'execWithin' },
    'fileVersion.insert': { object: 'FileVersion', method: 'insert', then: 'execWithin' },
    'file.update': { object: 'File', method: 'whereUpdate', then: 'execWithin' },
  },
};
