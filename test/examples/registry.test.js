'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const problems = require('../../examples');
const { MODELS_BY_PROBLEM } = require('../../lib/fakes');
const drivers = require('../../lib/drivers');
const scenarios = require('../../bench/scenarios');
const { NEEDS, lacking } = require('../../lib/runtimes/syntax');

// Constructs after ES2016 (Node 6) that an example may use: the style it
// shows (async functions), or what its runtime must have anyway (optional
// chaining beside an AbortSignal, `using`, a catch without its binding,
// object spread). A layout is not among them: a trailing comma after a
// call's last argument (ES2017) kept the promise and RxJS examples off Node 6.
const LATER_CONSTRUCTS = /\basync\b|\bawait\b|\?\.|\?\?|\busing\b|catch\s*\{|[{,]\s*\.\.\./;
function laterThanNode6(source) {
  try {
    require('espree').parse(source, { ecmaVersion: 2016, sourceType: 'script' });
    return false;
  } catch {
    return !LATER_CONSTRUCTS.test(source);
  }
}

describe('example registries', () => {
  it('hold examples that Node 6 parses unless they use a later construct on purpose, which finds a planted trailing comma', () => {
    const late = Object.values(problems).flatMap((registry) =>
      registry.examples.filter((entry) => laterThanNode6(fs.readFileSync(entry.file, 'utf8'))).map((entry) => `${registry.problem}/${entry.name}`),
    );
    assert.deepEqual(late, []);
    assert.equal(laterThanNode6('f(a,\n  b,\n);'), true);
    assert.equal(laterThanNode6('f(a,\n  b\n);'), false);
  });

  it('are held to what each driver asks of an entry, which finds a planted wrong one', () => {
    const [batch, compute, load] = ['batch', 'compute', 'http-load'].map((name) => Object.values(problems).find((r) => r.driver === name));
    const wrong = { name: 'planted', call: 'telepathy', io: 'carrier-pigeon', throws: 'never', family: 'cubism' };
    assert.deepEqual(drivers.batch.entryFaults(wrong, batch), ['call telepathy', 'io carrier-pigeon', 'throws never', 'family cubism']);
    assert.deepEqual(drivers.compute.entryFaults(wrong, compute), ['call telepathy', 'family cubism']);
    assert.deepEqual(drivers['http-load'].entryFaults({ ...wrong, where: 'moon' }, load), ['family cubism', 'where moon']);
  });

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
          // What an entry must say is the driver's that measures its problem.
          assert.deepEqual(drivers[registry.driver].entryFaults(entry, registry), [], entry.name);
          assert.ok(Array.isArray(entry.libraries), `${entry.name}: libraries`);
          // An example that cannot run says why, and its file is there to be
          // counted; loading it gives the reason, not a missing module.
          if (entry.unavailable !== undefined) {
            assert.ok(typeof entry.unavailable === 'string' && entry.unavailable.length > 0, `${entry.name}: unavailable`);
            assert.ok(fs.existsSync(entry.file), `${entry.name}: ${entry.file}`);
            assert.throws(() => entry.load(), { message: `${entry.name} cannot run here: ${entry.unavailable}` });
            continue;
          }
          // One written in a syntax this node cannot parse says so when
          // loaded, and where it runs, not a bare SyntaxError: the commands
          // say UNSUPPORTED with the same reason.
          if (entry.needs !== undefined) {
            assert.ok(NEEDS.includes(entry.needs), `${entry.name}: needs ${entry.needs}`);
            const lacks = lacking(entry.needs, null);
            if (lacks) {
              assert.throws(() => entry.load(), { message: `${entry.name} ${lacks}` });
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
