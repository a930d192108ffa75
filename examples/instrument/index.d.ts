// The type of instrument's registry (asyncmark/examples/instrument).

import type { Problems } from '../../lib/index.js';

declare const registry: Problems['instrument'];
export = registry;
