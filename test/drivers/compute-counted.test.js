'use strict';

// The compute driver's counted run (lib/drivers/compute/counted.js) without
// valgrind: a fixed number of calls per round, every value checked, a second
// answer caught, and no time read. The counts themselves are
// test/runner/count-valgrind.test.js's.

const assert = require('node:assert/strict');
const { countCalls, callsPerRound, recursiveCalls } = require('../../lib/drivers/compute/counted');
const { expectedFib } = require('../../lib/drivers/compute/loop');
const compute = require('../../lib/drivers/compute');

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function run({ n = 10, rounds = 3, answer = (arg) => expectedFib(arg), doubles = 0, collect } = {}) {
  let calls = 0;
  const gcs = [];
  const answers = { doubles };
  return countCalls({
    callOnce: async (arg) => {
      calls++;
      return answer(arg);
    },
    n,
    rounds,
    collect,
    nextTurn,
    gc: (options) => gcs.push(options ?? 'full'),
    answers,
  }).then((result) => ({ result, calls, gcs }));
}

describe('compute driver: a counted run', () => {
  it('makes a fixed number of calls per round, and no time is read', async () => {
    const { result, calls, gcs } = await run({ n: 10, rounds: 3 });
    assert.equal(result.status, 'ok');
    assert.equal(result.metrics.calls, callsPerRound(10));
    assert.equal(calls, 3 * callsPerRound(10));
    assert.equal(result.metrics.callMs, null);
    // A full collection before the first round, and none forced between rounds.
    assert.deepEqual(gcs, ['full']);
  });

  it("with collect 'minor', a young-generation collection after each round, the last one's too", async () => {
    const { gcs } = await run({ n: 10, rounds: 3, collect: 'minor' });
    assert.deepEqual(gcs, ['full', { type: 'minor' }, { type: 'minor' }, { type: 'minor' }]);
  });

  it('rounds hold at least 20,000 recursive invocations', () => {
    assert.equal(recursiveCalls(10), 177);
    assert.equal(callsPerRound(10), Math.ceil(20000 / 177));
    assert.equal(callsPerRound(25), 1);
  });

  it('a wrong value is INVALID, a second answer DOUBLE', async () => {
    const wrong = await run({ answer: () => 7 });
    assert.equal(wrong.result.status, 'invalid');
    assert.match(wrong.result.error, /^fib\(10\) returned 7, expected 55$/);
    const twice = await run({ doubles: 1 });
    assert.equal(twice.result.status, 'double');
  });

  it('declares what a count is divided by, and its rounds', () => {
    assert.equal(compute.counted.invocations, 'calls');
    assert.equal(compute.counted.per, 'call');
    assert.equal(compute.counted.roundSize({ params: { n: 10 } }), callsPerRound(10));
    assert.deepEqual(compute.counted.rounds, { warm: 4, counted: 4 });
  });
});
