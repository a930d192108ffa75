// The type of every example file of slicing (asyncmark/examples/slicing/<name>):
// given its options, fib. package.json's exports map gives it to each.

import type { SlicingExample } from '../../lib/index.js';

declare const example: SlicingExample;
export = example;
