'use strict';

const assert = require('node:assert/strict');
const problems = require('../../examples');
const { createIO, uploadContext } = require('../../lib/fakes');
const { invoke } = require('../../lib/invoke');
const { measureSurvival } = require('../../lib/survival');

// The engine's context check (lib/fakes/context.js): read at every operation
// with context, never without, in every flavour's path (callbacks-ctx has a
// path of its own).

describe('fakes: async context', () => {
  let reads;
  const getStore = uploadContext.getStore;
  beforeEach(() => {
    reads = 0;
    uploadContext.getStore = function () {
      reads++;
      return getStore.call(this);
    };
  });
  afterEach(() => {
    uploadContext.getStore = getStore;
  });

  for (const name of ['callbacks-original', 'callbacks-flattened-class-ctx', 'async-await-native-io', 'observables-rxjs']) {
    const entry = problems.doxbee.examples.find((e) => e.name === name);
    it(`${name} (${entry.io}): reads the store at every operation with context, never without`, async () => {
      // What run() itself reads, on this Node (some compare the store given with the current one).
      uploadContext.run({}, () => {});
      const byRun = reads;
      reads = 0;
      const measured = await measureSurvival(entry, { problem: 'doxbee', uploads: 3 });
      // Every operation of the path, file not found: 8 per upload.
      assert.equal(measured.checked, 24);
      assert.equal(reads - 3 * byRun, 24);
      assert.equal(measured.survival, 'kept');

      reads = 0;
      const { io, engine } = createIO(entry.io, { latency: 'tick', trace: false });
      assert.equal(engine.context, null);
      assert.equal(engine.plain, true);
      await new Promise((resolve) => invoke(entry.call, entry.load()(io), ['s', 'p', 't'], resolve));
      await engine.idle();
      assert.equal(reads, 0);
    });
  }
});
