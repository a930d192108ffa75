// The type of http-server's registry (asyncmark/examples/http-server).

import type { Problems } from '../../lib/index.js';

declare const registry: Problems['http-server'];
export = registry;
