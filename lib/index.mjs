// The public API for ES modules: the same objects as lib/index.js, one
// instance, under the same names. Node cannot find lib/index.js's names by
// itself (they are spread in from lib/fakes), so each is listed here;
// test/package/exports.test.js fails when this list and lib/index.js differ.

import asyncmark from './index.js';

export const {
  problems,
  example,
  invoke,
  createIO,
  Engine,
  InjectedError,
  FLAVOURS,
  LATENCY_MODELS,
  FAULT_MODES,
  PLACEMENTS,
  ORDERS,
  MODELS_BY_PROBLEM,
  uploadContext,
  CONTEXTS,
} = asyncmark;

export default asyncmark;
