// Types of the public API for ES modules (lib/index.mjs): the same names as
// lib/index.d.ts, and the default export, the whole API as one object.

import * as asyncmark from './index.js';

export * from './index.js';
export default asyncmark;
