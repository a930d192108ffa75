'use strict';

const assert = require('node:assert/strict');
const problems = require('../../examples');
const { MODELS_BY_PROBLEM, uploadContext } = require('../../lib/fakes');
const { measureSurvival, contextProblems } = require('../../lib/survival');
const { VERIFIABLE, createVerifier } = require('../../lib/verify');
const { harness } = require('./harness');
const contextFixtures = require('../fixtures/context');
const { lacking } = require('../../lib/runtimes/syntax');
const { verifyUnderRuntime } = require('./under-runtime');

// The registry's `context` field against what is measured: every example of
// every problem with a conformance suite, several uploads in flight, each in
// an AsyncLocalStorage context of its own, on this Node (the default runtime).
// Other runtimes are measured by bench --context als; the report shows them.

const DOXBEE = { problem: 'doxbee' };

// What the field may say of an example of this problem.
function allowed(problem) {
  const model = MODELS_BY_PROBLEM[problem];
  const operations = [...model.FAILABLE, ...model.FIRE_AND_FORGET];
  return ['kept', ...operations.map((op) => `lost at ${op}`)];
}

describe('async context survival', () => {
  for (const problem of VERIFIABLE) {
    describe(problem, () => {
      for (const entry of problems[problem].examples) {
        if (entry.unavailable) {
          it(`${entry.name} cannot run, so says nothing of its context`, () => {
            assert.equal(entry.context, undefined);
          });
          continue;
        }
        it(`${entry.name}: ${entry.context}`, async function () {
          // Written in a syntax this node cannot parse: measured in a child
          // under a runtime that can (test/examples/under-runtime.js).
          const elsewhere = entry.needs && lacking(entry.needs, null);
          if (elsewhere) this.timeout(180000);
          assert.ok(allowed(problem).includes(entry.context), `${entry.name}: context ${entry.context}`);
          for (const branch of MODELS_BY_PROBLEM[problem].BRANCHES ?? [{}]) {
            const measured = elsewhere
              ? await verifyUnderRuntime({ problem, example: entry.name, survival: branch })
              : await measureSurvival(entry, { problem, ...branch });
            assert.equal(measured.failed, 0);
            assert.ok(measured.checked > 0);
            assert.deepEqual(contextProblems(entry, measured), []);
          }
        });
      }
    });
  }

  describe('the check can fail', () => {
    it('measures an example that runs its continuations in another upload’s context as losing it', async () => {
      const measured = await measureSurvival(contextFixtures.losesContext, DOXBEE);
      assert.equal(measured.survival, 'lost at file.get');
      assert.ok(measured.foreign > 0);
      assert.equal(measured.missing, 0);
      assert.deepEqual(contextProblems(contextFixtures.losesContext, measured), ['registry says context kept, measured lost at file.get']);
    });

    it('measures an upload made outside any context as missing it', async () => {
      const reference = problems.doxbee.examples.find((e) => e.name === 'callbacks-original');
      const outside = {
        ...reference,
        load:
          () =>
          (io) =>
          (...args) =>
            uploadContext.exit(() => reference.load()(io)(...args)),
      };
      const measured = await measureSurvival(outside, DOXBEE);
      assert.equal(measured.survival, 'lost at blob.put');
      assert.equal(measured.missing, measured.checked);
    });

    it('finds a registry that says an example loses what it keeps', async () => {
      const reference = problems.doxbee.examples.find((e) => e.name === 'callbacks-original');
      const measured = await measureSurvival(reference, DOXBEE);
      assert.deepEqual(contextProblems({ ...reference, context: 'lost at tx.commit' }, measured), ['registry says context lost at tx.commit, measured kept']);
    });
  });
});

describe('conformance in an async context', () => {
  const { problemsOf } = harness('doxbee');
  const reference = problems.doxbee.examples.find((e) => e.name === 'async-await');

  it('passes the planted context-losing example, whose traces are the reference’s: only the context check catches it', async () => {
    const verdict = await createVerifier('doxbee').verify(contextFixtures.losesContext);
    assert.deepEqual(verdict.failures, []);
    assert.equal(verdict.passed, verdict.total);
  });

  it('compares with the reference observed without context: an example that works otherwise in one fails', async () => {
    // Planted bug: skips the file update when a store is active.
    const skipsInContext = {
      ...reference,
      load: () => (io) => {
        const File = { whereUpdate: (...args) => (uploadContext.getStore() ? { execWithin: async () => {} } : io.File.whereUpdate(...args)) };
        return reference.load()({ ...io, File });
      },
    };
    const spec = { fileExists: true, fault: null };
    assert.deepEqual(await problemsOf(skipsInContext, spec), []);
    assert.match((await problemsOf(skipsInContext, { ...spec, context: true })).join('\n'), /trace differs .*file\.update/);
  });
});
