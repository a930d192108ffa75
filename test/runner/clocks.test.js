'use strict';

const assert = require('node:assert/strict');
const { performance } = require('node:perf_hooks');
const { changedClocks } = require('../../lib/runner/child/clocks');

// The clocks a run is measured by, taken before an example loads: a clock
// the run replaced is named (and the run is then not measured: main.js).

describe('runner/child/clocks', () => {
  const replaced = (object, name, value, body) => {
    const had = Object.getOwnPropertyDescriptor(object, name);
    object[name] = value;
    try {
      return body();
    } finally {
      if (had) Object.defineProperty(object, name, had);
      else delete object[name];
    }
  };

  it('names nothing while the clocks are the ones taken', () => {
    assert.deepEqual(changedClocks(), []);
  });

  for (const [name, object, key] of [
    ['process.hrtime.bigint', process.hrtime, 'bigint'],
    ['process.hrtime', process, 'hrtime'],
    ['process.cpuUsage', process, 'cpuUsage'],
    ['performance.now', performance, 'now'],
    ['Date.now', Date, 'now'],
  ]) {
    it(`names ${name} when the run replaces it`, () => {
      replaced(
        object,
        key,
        () => 0,
        () => assert.ok(changedClocks().includes(name), changedClocks().join(', ')),
      );
      assert.deepEqual(changedClocks(), []);
    });
  }
});
