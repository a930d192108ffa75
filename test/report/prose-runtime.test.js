'use strict';

// The environments table names each environment's runtime, a browser with its
// own version string.

const assert = require('node:assert/strict');
const { runtimeText } = require('../../lib/report/render/prose');

describe('report: the runtime of an environment', () => {
  it('names node, another runtime, and a browser with its version string', () => {
    assert.equal(runtimeText(null), 'node');
    assert.equal(runtimeText({ name: 'node', version: '26.10.0' }), 'node 26.10.0');
    assert.equal(runtimeText({ name: 'bun', version: '1.4.5' }), 'bun 1.4.5');
    assert.equal(
      runtimeText({ name: 'chromium-worker', version: '156.0.8078.79', browser: 'Chrome/156.0.8078.79' }),
      'chromium-worker 156.0.8078.79 (Chrome/156.0.8078.79)',
    );
    assert.equal(runtimeText({ name: 'firefox', version: null, browser: null }), 'firefox not installed');
  });
});
