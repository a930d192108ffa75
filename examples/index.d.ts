// The type of every problem's registry, by problem name (asyncmark/examples).

import type { Problems } from '../lib/index.js';

declare const registries: Problems;
export = registries;
