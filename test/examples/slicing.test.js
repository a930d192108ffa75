'use strict';

const assert = require('node:assert/strict');
const timersPromises = require('node:timers/promises');
const slicing = require('../../examples/slicing');
const fixtures = require('../fixtures/slicing');
const { LETS, valueProblems, letsOf, letsProblems, registryProblems } = require('../fixtures/fib/observe');

const byName = Object.fromEntries(slicing.examples.map((entry) => [entry.name, entry]));
const upTo = (last) => Array.from({ length: last + 1 }, (_, n) => n);

// A small k, so that chunked yields within the small n of the tests.
const OPTIONS = { k: 4 };

// 0 to 25 for the reference; the sliced examples pay a turn of the event loop
// per call (fib(15) is about 2 000 calls), and set-timeout a millisecond at least.
function checkedAt(entry) {
  if (!entry.yields) return upTo(25);
  return entry.name === 'set-timeout' ? upTo(8) : upTo(15);
}

describe('slicing registry', () => {
  it('has the eight examples, each with valid fields', () => {
    assert.equal(slicing.problem, 'slicing');
    assert.equal(slicing.examples.length, 8);
    const allowed = { family: ['sync', 'async'], call: ['sync', 'callback', 'promise'], yields: [true, false], lets: LETS };
    assert.deepEqual(registryProblems(slicing, allowed), []);
  });
});

describe('slicing examples', () => {
  for (const entry of slicing.examples) {
    describe(entry.name, () => {
      const ns = checkedAt(entry);
      it(`returns fib(n) for n = 0 to ${ns.at(-1)}`, async () => {
        assert.deepEqual(await valueProblems(entry, ns, OPTIONS), []);
      });

      it(`lets this run before it calls back: ${entry.lets}`, async () => {
        assert.deepEqual(await letsProblems(entry, 5, OPTIONS), []);
      });
    });
  }

  it('lets chunked yield only once every k calls', async () => {
    // fib(10) makes 177 calls.
    assert.equal(await letsOf(byName.chunked, 10, { k: 177 }), 'event-loop');
    assert.equal(await letsOf(byName.chunked, 10, { k: 178 }), 'microtasks');
    assert.equal(await letsOf(byName.chunked, 10), 'microtasks', 'the default k is above 177');
  });
});

describe('scheduler-yield without scheduler.yield', () => {
  const entry = byName['scheduler-yield'];
  const { scheduler } = timersPromises;

  afterEach(() => {
    timersPromises.scheduler = scheduler;
    delete require.cache[entry.file];
  });

  it('loads, and fails with a clear error only when called', async () => {
    timersPromises.scheduler = undefined;
    delete require.cache[entry.file];
    const fib = entry.load()();
    await assert.rejects(fib(10), /^Error: scheduler\.yield\(\) is not available in node v\d+/);
  });
});

describe('the slicing check can fail', () => {
  it('rejects a fib that awaits a resolved promise, which yields to promise jobs only', async () => {
    const problems = await letsProblems(fixtures.awaitsResolved, 10);
    assert.deepEqual(problems, ['awaits-resolved: lets microtasks run before it calls back, registered as event-loop']);
  });
});
