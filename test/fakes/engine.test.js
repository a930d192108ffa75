'use strict';

const assert = require('node:assert/strict');
const { createLatency } = require('../../lib/fakes/latency');
const { keyedRandom } = require('../../lib/fakes/random');
const asyncmark = require('../../lib');

describe('latency models', () => {
  it('constant and tick', () => {
    assert.equal(createLatency({ model: 'constant', t: 7 })('x', 100), 7);
    assert.equal(createLatency({ model: 'tick' })('x', 100), 0);
  });

  it('load grows with the operations in flight', () => {
    const delay = createLatency({ model: 'load', dt: 0.5 });
    assert.equal(delay('x', 0), 0);
    assert.equal(delay('x', 10), 5);
  });

  it('dithers a fractional delay so that its mean is kept (timers have 1 ms resolution)', () => {
    const delay = createLatency({ model: 'load', dt: 0.1, seed: 9 });
    const values = Array.from({ length: 4000 }, (_, i) => delay(`op:${i}`, 3));
    assert.deepEqual([...new Set(values)].sort(), [0, 1]);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    assert.ok(Math.abs(mean - 0.3) < 0.03, `mean ${mean}`);
  });

  it('jitter is seeded, keyed, within t(1 ± jitter) and keeps its mean in whole milliseconds', () => {
    const delay = createLatency({ model: 'jitter', t: 10, jitter: 0.5, seed: 4 });
    const again = createLatency({ model: 'jitter', t: 10, jitter: 0.5, seed: 4 });
    const values = Array.from({ length: 2000 }, (_, i) => delay(`op:${i}`, 0));
    assert.deepEqual(
      values,
      Array.from({ length: 2000 }, (_, i) => again(`op:${i}`, 0)),
    );
    assert.ok(values.every((v) => Number.isInteger(v) && v >= 5 && v <= 15));
    assert.equal(new Set(values).size, 11);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    assert.ok(Math.abs(mean - 10) < 0.3, `mean ${mean}`);
  });

  it('refuses an unknown model', () => {
    assert.throws(() => createLatency({ model: 'warp' }), /latency model must be one of constant, load, jitter, tick; got warp/);
  });

  it('keyed randomness depends on seed and key only', () => {
    assert.equal(keyedRandom(1, 'a'), keyedRandom(1, 'a'));
    assert.notEqual(keyedRandom(1, 'a'), keyedRandom(2, 'a'));
    assert.notEqual(keyedRandom(1, 'a'), keyedRandom(1, 'b'));
  });
});

describe('engine', () => {
  it('refuses a fault at an unknown operation, mode or placement', () => {
    assert.throws(() => asyncmark.createIO('callbacks', { fault: { op: 'x', mode: 'callback', placement: 'timer' } }), /fault op must be one of blob.put/);
    assert.throws(() => asyncmark.createIO('callbacks', { fault: { op: 'blob.put', mode: 'loud', placement: 'timer' } }), /fault mode/);
    assert.throws(() => asyncmark.createIO('callbacks', { fault: { op: 'blob.put', mode: 'timer', placement: 'x' } }), /fault placement/);
    assert.throws(() => asyncmark.createIO('smoke-signals'), /flavour must be one of callbacks/);
    assert.throws(() => asyncmark.createIO('callbacks', {}, 'nope'), /problem must be one of doxbee/);
  });

  it('fails calls with likelihood e, the same ones for the same seed', () => {
    const failures = (seed) => {
      const { engine } = asyncmark.createIO('callbacks', { e: 0.3, seed });
      const failed = [];
      for (let i = 1; i <= 100; i++) if (engine.faultFor('blob.put', i)) failed.push(i);
      return failed;
    };
    assert.deepEqual(failures(5), failures(5));
    assert.notDeepEqual(failures(5), failures(6));
    assert.ok(failures(5).length > 15 && failures(5).length < 45);
    const { engine } = asyncmark.createIO('callbacks', { e: 1 });
    assert.equal(engine.faultFor('tx.rollback', 1), null);
  });

  it('records nothing when tracing is off, but still counts', (done) => {
    const { io, engine } = asyncmark.createIO('callbacks', { trace: false, latency: 'tick', e: 1, seed: 1 });
    const tx = io.db.begin();
    tx.commit((err) => {
      assert.ok(err instanceof asyncmark.InjectedError);
      assert.equal(err.code, 'EINJECTED');
      assert.equal(engine.trace.length, 0);
      assert.equal(engine.injected.length, 0);
      assert.equal(engine.failures, 1);
      done();
    });
  });

  it('a native-promise operation throws a synchronous fault at the call', () => {
    const { io } = asyncmark.createIO('native', { fault: { op: 'tx.commit', mode: 'sync' } });
    const tx = io.db.begin();
    assert.throws(() => tx.commit(), /tx.commit failed \(injected sync fault\)/);
  });

  it('waits for real timers under constant latency', async () => {
    const { io, engine } = asyncmark.createIO('native', { latency: 'constant', t: 1 });
    const pending = io.db.begin().commit();
    assert.equal(engine.pending, 1);
    await pending;
    await engine.idle();
    assert.equal(engine.pending, 0);
  });

  // The order in which five inserts made at once complete, released one by one.
  async function stepped(order, seed = 1) {
    const { io, engine } = asyncmark.createIO('callbacks', { latency: 'tick', order, seed, p: 5 }, 'parallel');
    const tx = io.db.begin();
    const completed = [];
    for (let index = 0; index < 5; index++) io.FileVersion.insert({ index }).execWithin(tx, () => completed.push(index));
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(completed, [], 'nothing completes before it is released');
    while (engine.release()) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(engine.pending, 0);
    return completed;
  }

  it('holds completions and releases them one by one, in issue, reverse or seeded shuffled order', async () => {
    assert.deepEqual(await stepped('issue'), [0, 1, 2, 3, 4]);
    assert.deepEqual(await stepped('reverse'), [4, 3, 2, 1, 0]);
    const shuffled = await stepped('shuffle');
    assert.deepEqual([...shuffled].sort(), [0, 1, 2, 3, 4]);
    assert.notDeepEqual(shuffled, [0, 1, 2, 3, 4]);
    assert.deepEqual(await stepped('shuffle'), shuffled);
    assert.notDeepEqual(await stepped('shuffle', 2), shuffled);
    assert.throws(() => asyncmark.createIO('callbacks', { order: 'sideways' }), /order must be one of issue, reverse, shuffle; got sideways/);
  });

  it("marks a version whose date is not a Date, or another version's of the same io", async () => {
    const { io, engine } = asyncmark.createIO('callbacks', { latency: 'tick' });
    const date = new Date();
    for (const version of [{ date }, { date: new Date() }, { date }, { date: Date.now() }]) {
      io.Version.insert(version).execWithin(io.db.begin(), () => {});
    }
    await engine.idle();
    const rows = engine.trace.filter((e) => e.op === 'version.insert' && e.type === 'call').map((e) => e.args.dated);
    assert.deepEqual(rows, [true, true, "another upload's Date", 'not a Date']);
  });
});

describe('public API', () => {
  it('runs an example in a few lines, as the README shows', (done) => {
    const { createIO, example } = asyncmark;
    const { io, engine } = createIO('promises', { latency: 'tick' });
    const upload = example('doxbee', 'async-await').load()(io);
    upload('stream', 'docs/a.txt', 'tag').then(() => {
      assert.deepEqual(
        engine.trace
          .filter((e) => e.type === 'call')
          .map((e) => e.op)
          .slice(0, 3),
        ['blob.create', 'db.begin', 'blob.put'],
      );
      done();
    }, done);
  });

  it('lists problems and refuses unknown names', () => {
    assert.ok(asyncmark.problems.doxbee.examples.length >= 18);
    assert.throws(() => asyncmark.example('nope', 'x'), /problem must be one of/);
    assert.throws(() => asyncmark.example('doxbee', 'nope'), /example must be one of/);
  });

  it('invoke refuses an unknown convention', () => {
    assert.throws(
      () =>
        asyncmark.invoke(
          'telepathy',
          () => {},
          [],
          () => {},
        ),
      /convention must be one of callback, promise, observable/,
    );
  });
});
