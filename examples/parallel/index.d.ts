// The type of parallel's registry (asyncmark/examples/parallel).

import type { Problems } from '../../lib/index.js';

declare const registry: Problems['parallel'];
export = registry;
