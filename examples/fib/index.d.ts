// The type of fib's registry (asyncmark/examples/fib).

import type { Problems } from '../../lib/index.js';

declare const registry: Problems['fib'];
export = registry;
