'use strict';

// What package.json's exports map gives for ./streamline: the example is
// written in streamline's syntax (streamline._js, `_` for every wait), which
// Node runs only once streamline's compiler has turned it into callbacks. Its
// registry entry's load() (lib/registry.js) installs that compiler first.
module.exports = require('..')
  .examples.find((entry) => entry.name === 'streamline')
  .load();
