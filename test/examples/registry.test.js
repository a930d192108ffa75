'use strict';

const assert = require('node:assert/strict');
const problems = require('../../examples');
const { SYNC_BEHAVIOURS } = require('../../lib/conformance');
const { CONVENTIONS } = require('../../lib/invoke');
const { FLAVOURS, MODELS_BY_PROBLEM } = require('../../lib/fakes');
const { FAMILIES } = require('../../lib/registry');

// The fewest examples each problem must have (the issues' lists).
const AT_LEAST = { doxbee: 18, parallel: 8 };

describe('example registries', () => {
  it('cover every problem the fakes model', () => {
    assert.deepEqual(Object.keys(problems).sort(), Object.keys(MODELS_BY_PROBLEM).sort());
  });

  for (const [name, registry] of Object.entries(problems)) {
    describe(name, () => {
      it(`has at least ${AT_LEAST[name]} examples with valid entries`, () => {
        assert.equal(registry.problem, name);
        assert.ok(registry.examples.length >= AT_LEAST[name], `${registry.examples.length} examples`);
        for (const entry of registry.examples) {
          assert.ok(CONVENTIONS.includes(entry.call), `${entry.name}: call ${entry.call}`);
          assert.ok(FLAVOURS.includes(entry.io), `${entry.name}: io ${entry.io}`);
          assert.ok(SYNC_BEHAVIOURS.includes(entry.throws), `${entry.name}: throws ${entry.throws}`);
          assert.ok(FAMILIES.includes(entry.family), `${entry.name}: family ${entry.family}`);
          assert.ok(Array.isArray(entry.libraries), `${entry.name}: libraries`);
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
