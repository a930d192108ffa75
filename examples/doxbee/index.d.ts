// The type of doxbee's registry (asyncmark/examples/doxbee).

import type { Problems } from '../../lib/index.js';

declare const registry: Problems['doxbee'];
export = registry;
