// The type of http-client's registry (asyncmark/examples/http-client).

import type { Problems } from '../../lib/index.js';

declare const registry: Problems['http-client'];
export = registry;
