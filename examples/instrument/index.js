'use strict';

const path = require('node:path');
const { entryIn } = require('../../lib/registry');

// The registry of the instrument problem, which weighs the simulated I/O itself
// rather than a style: the DoxBee reference (callbacks-original, its own file)
// on the engine and on a minimal fake of the same API, and a floor of bare
// timers with no fake at all. See docs/explanation/benchmark.md, "The weight of the instrument".

const DOXBEE = path.join(__dirname, '..', 'doxbee');
const CALLBACKS = { family: 'callbacks', call: 'callback', libraries: [], throws: 'escapes' };

// The reference's file, registered under another name with another I/O.
function reference(name, io) {
  return { ...entryIn(DOXBEE, { name: 'callbacks-original', ...CALLBACKS, io }), name };
}

module.exports = {
  problem: 'instrument',
  // Where lists show it, and the fewest examples the registry test accepts.
  order: 3,
  fewestExamples: 3,
  driver: 'batch',
  reference: 'minimal-fake',
  examples: [
    entryIn(__dirname, { name: 'timer-floor', ...CALLBACKS, io: 'timers' }),
    reference('minimal-fake', 'minimal'),
    reference('engine', 'callbacks'),
  ],
};
