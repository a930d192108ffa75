// The type of every example file of fib (asyncmark/examples/fib/<name>):
// given its options, fib. package.json's exports map gives it to each.

import type { FibExample } from '../../lib/index.js';

declare const example: FibExample;
export = example;
