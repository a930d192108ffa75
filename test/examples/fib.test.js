'use strict';

const assert = require('node:assert/strict');
const fib = require('../../examples/fib');
const fixtures = require('../fixtures/fib');
const { FIB, LETS, run, valueProblems, letsProblems, threadsOf, threadProblems, registryProblems } = require('../fixtures/fib/observe');

const byName = Object.fromEntries(fib.examples.map((entry) => [entry.name, entry]));
const upTo = (last) => Array.from({ length: last + 1 }, (_, n) => n);

// Little busywork and two threads, so that the tests stay small.
const OPTIONS = { w: 10, threads: 2 };

// 0 to 25, except where that is not small: an async recursion builds its whole
// promise tree (about 250 000 promises for fib(25)), and every call to a
// worker or pool example starts threads.
function checkedAt(entry) {
  if (entry.where !== 'main') return [0, 1, 2, 20];
  return entry.family === 'sync' ? upTo(25) : upTo(20);
}

// A memo that counts the lookups made in it, how many found a value, and how
// many values were stored.
function countingMemo() {
  const counts = { lookups: 0, hits: 0, stored: 0 };
  const memo = new Proxy(
    {},
    {
      has(target, key) {
        counts.lookups += 1;
        if (key in target) counts.hits += 1;
        return key in target;
      },
      set(target, key, value) {
        counts.stored += 1;
        target[key] = value;
        return true;
      },
    },
  );
  return { memo, counts };
}

describe('fib registry', () => {
  it('has the twelve examples, each with valid fields', () => {
    assert.equal(fib.problem, 'fib');
    assert.equal(fib.examples.length, 12);
    const allowed = { family: ['sync', 'async'], call: ['sync', 'promise'], where: ['main', 'worker', 'pool'], lets: LETS };
    assert.deepEqual(registryProblems(fib, allowed), []);
    assert.deepEqual(byName['pool-split'].libraries, ['piscina']);
    assert.deepEqual(byName.effection.libraries, ['effection']);
  });
});

describe('fib examples', () => {
  for (const entry of fib.examples) {
    describe(entry.name, () => {
      const ns = checkedAt(entry);
      it(`returns fib(n) for n = ${ns.length > 4 ? `0 to ${ns.at(-1)}` : ns.join(', ')}`, async () => {
        assert.deepEqual(await valueProblems(entry, ns, OPTIONS), []);
      });

      it(`lets this run before it calls back: ${entry.lets}`, async () => {
        assert.deepEqual(await letsProblems(entry, 10, OPTIONS), []);
      });

      if (entry.where !== 'main') {
        it('leaves no worker thread running', async () => {
          assert.deepEqual(await threadProblems(entry, 10, OPTIONS), []);
        });
      }
    });
  }

  it('runs a worker example in one Worker per call', async () => {
    assert.deepEqual(await threadsOf(byName['worker-sync'], 10), { started: 1, running: 0 });
    assert.deepEqual(await threadsOf(byName['worker-async'], 10), { started: 1, running: 0 });
  });

  it('runs pool-split on as many threads as it is given', async () => {
    assert.deepEqual(await threadsOf(byName['pool-split'], 20, { threads: 2 }), { started: 2, running: 0 });
    assert.deepEqual(await threadsOf(byName['pool-split'], 20, { threads: 1, depth: 0 }), { started: 1, running: 0 });
  });

  it('passes on a failure inside the worker', async () => {
    // fib(n) of a string never reaches a base case: the worker overflows its stack.
    await assert.rejects(run(byName['worker-sync'], byName['worker-sync'].load()(), 'x'), RangeError);
  });
});

describe('the published claims’ own programs', () => {
  const asyncHooks = require('node:async_hooks');
  // The promises a call makes: before it returns (its pending tree), and in all.
  async function promisesOf(fibOf, n) {
    let made = 0;
    const hook = asyncHooks.createHook({ init: (id, type) => (made += type === 'PROMISE' ? 1 : 0) }).enable();
    try {
      const pending = fibOf(n);
      const before = made;
      await pending;
      return { before, total: made };
    } finally {
      hook.disable();
    }
  }
  const load = (name) => byName[name].load()();

  it('async-depth-first keeps one path of the tree pending, where async (Promise.all, planted) builds the whole tree first', async () => {
    const depthFirst = await promisesOf(load('async-depth-first'), 20);
    assert.ok(depthFirst.before <= 3 * 20, `${depthFirst.before} promises before fib(20) returned`);
    const breadthFirst = await promisesOf(load('async'), 20);
    assert.ok(breadthFirst.before > 2 * FIB[20], `${breadthFirst.before} promises before fib(20) returned`);
  });

  it('async-generator takes n steps, not a recursion (planted: async-depth-first grows as fib(n))', async () => {
    const steps = async (name) => {
      const [small, large] = [await promisesOf(load(name), 10), await promisesOf(load(name), 20)];
      return large.total / small.total;
    };
    const linear = await steps('async-generator');
    assert.ok(linear > 1.5 && linear < 2.5, `fib(20) made ${linear.toFixed(2)}× the promises of fib(10)`);
    assert.ok((await steps('async-depth-first')) > 50);
    assert.equal(await load('async-generator')(78), FIB[78]);
  });
});

describe('memoization', () => {
  it('lets sync-memo reach fib(78), the largest below Number.MAX_SAFE_INTEGER, in 2n − 1 calls', () => {
    const { memo, counts } = countingMemo();
    assert.equal(byName['sync-memo'].load()()(78, memo), 8944394323791464);
    assert.equal(FIB[78], 8944394323791464);
    assert.ok(FIB[77] + FIB[78] > Number.MAX_SAFE_INTEGER);
    assert.deepEqual(counts, { lookups: 155, hits: 75, stored: 77 });
  });

  it('gives async-memo no benefit: every branch starts before any value is stored', async () => {
    const sync = countingMemo();
    assert.equal(byName['sync-memo'].load()()(10, sync.memo), 55);
    assert.deepEqual(sync.counts, { lookups: 19, hits: 7, stored: 9 });

    const async = countingMemo();
    const result = byName['async-memo'].load()()(10, async.memo);
    // All the calls of the unmemoized recursion, 2 × fib(11) − 1, are made
    // before fib returns its promise, so none of them can find a value.
    assert.deepEqual(async.counts, { lookups: 2 * FIB[11] - 1, hits: 0, stored: 0 });
    assert.equal(await result, 55);
    // Every call that was not a base case stores, each n many times over.
    assert.deepEqual(async.counts, { lookups: 177, hits: 0, stored: FIB[11] - 1 });
  });

  it('starts every top-level call with a fresh memo', () => {
    const fibMemo = byName['sync-memo'].load()();
    assert.equal(fibMemo(30), FIB[30]);
    const { memo, counts } = countingMemo();
    assert.equal(fibMemo(30, memo), FIB[30]);
    assert.equal(counts.lookups, 59);
  });
});

describe('the fib checks can fail', () => {
  it('rejects a wrong value, even at n = 0 only', async () => {
    assert.deepEqual(await valueProblems(fixtures.offAtZero, upTo(25)), ['off-at-zero: fib(0) = 1, expected 0']);
  });

  it('rejects the async recursion registered as letting the event loop run', async () => {
    const problems = await letsProblems({ ...byName.async, lets: 'event-loop' }, 10);
    assert.deepEqual(problems, ['async: lets microtasks run before it calls back, registered as event-loop']);
  });

  it('rejects a worker left running after the call', async () => {
    assert.deepEqual(await threadProblems(fixtures.leavesWorker, 10), ['leaves-worker: 1 of 1 worker threads still running after the call']);
  });

  it('rejects a pool that is never destroyed, although piscina unrefs its threads', async () => {
    assert.deepEqual(await threadProblems(fixtures.keepsPool, 10), ['keeps-pool: 1 of 1 worker threads still running after the call']);
  });
});
