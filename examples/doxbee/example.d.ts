// The type of every example file of doxbee (asyncmark/examples/doxbee/<name>):
// given the simulated I/O, the upload. package.json's exports map gives it to each.

import type { BatchExample } from '../../lib/index.js';

declare const example: BatchExample;
export = example;
