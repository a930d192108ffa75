// The type of slicing's registry (asyncmark/examples/slicing).

import type { Problems } from '../../lib/index.js';

declare const registry: Problems['slicing'];
export = registry;
