'use strict';

// Forked by lib/runtimes/probe.js with the runtime as execPath: it answers one
// message and leaves, so the probe knows the runtime can be a runner's child.

process.on('message', (message) => {
  process.send({ echo: message }, () => process.disconnect());
});
