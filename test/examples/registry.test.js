'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const problems = require('../../examples');
const { SYNC_BEHAVIOURS, FAILURE_BEHAVIOURS } = require('../../lib/conformance');
const { CONVENTIONS } = require('../../lib/invoke');
const { FLAVOURS, MODELS_BY_PROBLEM } = require('../../lib/fakes');
const { FAMILIES } = require('../../lib/registry');
const drivers = require('../../lib/drivers');
const scenarios = require('../../bench/scenarios');
const { NEEDS, lacking } = require('../../lib/runtimes/syntax');

// What an entry must say, by the driver that measures its problem.
const VALID = {
  batch: (entry, registry) => {
    assert.ok(CONVENTIONS.includes(entry.call), `${entry.name}: call ${entry.call}`);
    assert.ok(FLAVOURS.includes(entry.io), `${entry.name}: io ${entry.io}`);
    assert.ok(SYNC_BEHAVIOURS.includes(entry.throws), `${entry.name}: throws ${entry.throws}`);
    assert.ok(FAMILIES.includes(entry.family), `${entry.name}: family ${entry.family}`);
    // What a failure among calls made at once does, where the problem makes some.
    if (MODELS_BY_PROBLEM[registry.problem].CONCURRENT) {
      assert.ok(FAILURE_BEHAVIOURS.includes(entry.onFailure), `${entry.name}: onFailure ${entry.onFailure}`);
    } else {
      assert.equal(entry.onFailure, undefined, `${entry.name}: onFailure for a problem without calls made at once`);
    }
  },
  compute: (entry) => {
    assert.ok(drivers.compute.calls.includes(entry.call), `${entry.name}: call ${entry.call}`);
    assert.ok(drivers.compute.families.includes(entry.family), `${entry.name}: family ${entry.family}`);
  },
  // Servers say how their work is written and what serves; clients, their style and convention.
  'http-load': (entry) => {
    if (entry.where) {
      assert.ok(drivers['http-load'].families.includes(entry.family), `${entry.name}: family ${entry.family}`);
      assert.ok(['process', 'cluster', 'pool'].includes(entry.where), `${entry.name}: where ${entry.where}`);
    } else {
      assert.ok(FAMILIES.includes(entry.family), `${entry.name}: family ${entry.family}`);
      assert.ok(['callback', 'promise'].includes(entry.call), `${entry.name}: call ${entry.call}`);
    }
  },
};

describe('example registries', () => {
  it('name a driver, and the fakes model every problem the batch driver measures', () => {
    for (const registry of Object.values(problems)) assert.ok(drivers[registry.driver], `${registry.problem}: driver ${registry.driver}`);
    const batch = Object.values(problems)
      .filter((r) => r.driver === 'batch')
      .map((r) => r.problem);
    assert.deepEqual(batch.sort(), Object.keys(MODELS_BY_PROBLEM).sort());
  });

  it('are each measured by a scenario of their driver', () => {
    for (const registry of Object.values(problems)) {
      assert.ok(
        Object.values(scenarios).some((s) => s.problem === registry.problem && s.driver === registry.driver),
        registry.problem,
      );
    }
  });

  for (const [name, registry] of Object.entries(problems)) {
    describe(name, () => {
      // The fewest examples each problem must have, as its registry says (the
      // issues' lists; doxbee: every row of the 2013 article, lib/article-2013.json, and ours besides).
      const fewest = registry.fewestExamples ?? 2;
      it(`has at least ${fewest} examples with valid entries`, () => {
        assert.equal(registry.problem, name);
        assert.ok(registry.examples.length >= fewest, `${registry.examples.length} examples`);
        for (const entry of registry.examples) {
          VALID[registry.driver](entry, registry);
          assert.ok(Array.isArray(entry.libraries), `${entry.name}: libraries`);
          // An example that cannot run says why, and its file is there to be
          // counted; loading it gives the reason, not a missing module.
          if (entry.unavailable !== undefined) {
            assert.ok(typeof entry.unavailable === 'string' && entry.unavailable.length > 0, `${entry.name}: unavailable`);
            assert.ok(fs.existsSync(entry.file), `${entry.name}: ${entry.file}`);
            assert.throws(() => entry.load(), { message: `${entry.name} cannot run here: ${entry.unavailable}` });
            continue;
          }
          // One written in a syntax this node cannot parse fails to load on
          // that syntax, which is why the commands say UNSUPPORTED.
          if (entry.needs !== undefined) {
            assert.ok(NEEDS.includes(entry.needs), `${entry.name}: needs ${entry.needs}`);
            if (lacking(entry.needs, null)) {
              assert.throws(() => entry.load(), SyntaxError, entry.name);
              continue;
            }
          }
          assert.equal(typeof entry.load(), 'function', `${entry.name} exports a factory`);
        }
      });

      it('has unique names and a registered reference', () => {
        const names = registry.examples.map((e) => e.name);
        assert.equal(new Set(names).size, names.length);
        assert.ok(names.includes(registry.reference), registry.reference);
      });
    });
  }
});
