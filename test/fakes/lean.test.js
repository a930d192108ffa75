'use strict';

// The engine's lean path: a benchmark run (no trace, no fault) builds nothing
// per call that verification does not read, and its seeded decisions are the
// very numbers the string-keyed forms give, so that faults and jitter do not
// change with how they are computed.

const assert = require('node:assert/strict');
const { hashString, hashInteger, keyedRandom, keyedRandomAt } = require('../../lib/fakes/random');
const { createDelay, createLatency } = require('../../lib/fakes/latency');
const { Engine, createIO, MODELS_BY_PROBLEM } = require('../../lib');
const doxbee = require('../../examples/doxbee/model');

// A spec whose trace arguments must never be asked for.
const UNTRACED = {
  op: 'blob.put',
  args() {
    throw new Error('trace arguments built without tracing');
  },
  value() {
    return 'v';
  },
};

describe('keyed randomness without strings', () => {
  it('continues a hash over more text, and over the digits of a whole number', () => {
    assert.equal(hashString('ab:cd'), hashString('cd', hashString('ab:')));
    for (const k of [0, 7, 10, 99, 100, 12345, 4294967296]) {
      assert.equal(hashInteger(k, hashString('x:')), hashString(`x:${k}`), String(k));
    }
  });

  it('draws what keyedRandom draws for the same seed and key', () => {
    for (const k of [1, 9, 10, 1000, 99999]) {
      assert.equal(keyedRandomAt(hashString('3:fault:tx.commit:'), k), keyedRandom(3, `fault:tx.commit:${k}`));
    }
  });
});

describe('latency keyed by operation and call', () => {
  it('never draws for a whole constant delay', () => {
    const keys = { draw: () => assert.fail('drew a random number') };
    assert.equal(createDelay({ model: 'constant', t: 2 })(keys, 1, 0), 2);
  });

  for (const [model, options] of [
    ['jitter', { t: 10 }],
    ['load', { dt: 0.3 }],
    ['constant', { t: 1.4 }],
  ]) {
    it(`gives the k-th call of an operation the ${model} delay the string key ${'`${op}:${k}`'} gives`, () => {
      const engine = new Engine({ latency: model, ...options, seed: 5 });
      const byString = createLatency({ model, ...options, seed: 5 });
      const operation = engine.operation('file.get');
      for (let k = 1; k <= 200; k++) {
        assert.equal(engine.delay(operation, k, k % 7), byString(`file.get:${k}`, k % 7), `call ${k}`);
      }
    });
  }
});

describe('engine on a benchmark run', () => {
  it('decides faults by (seed, operation, call) as keyedRandom does', () => {
    const engine = new Engine({ e: 0.3, seed: 8, operations: doxbee.FAILABLE });
    for (let k = 1; k <= 200; k++) {
      assert.equal(Boolean(engine.faultFor('file.update', k)), keyedRandom(8, `fault:file.update:${k}`) < 0.3, `call ${k}`);
    }
  });

  it('builds no trace arguments and asks no call whether it fails', (done) => {
    const engine = new Engine({ trace: false, latency: 'tick' });
    engine.faultFor = () => assert.fail('asked for a fault');
    engine.callback(UNTRACED, {}, 'a', undefined, (error, value) => {
      assert.equal(error, null);
      assert.equal(value, 'v');
      assert.deepEqual(engine.trace, []);
      done();
    });
  });

  it('still builds them when tracing', () => {
    const engine = new Engine({ latency: 'tick' });
    assert.throws(() => engine.callback(UNTRACED, {}, 'a', undefined, () => {}), /trace arguments built without tracing/);
  });

  it('counts ids and calls as plain integers, read as the counts verification expects', async () => {
    const { io, engine } = createIO('callbacks', { latency: 'tick', trace: false });
    const tx = io.db.begin();
    await new Promise((resolve) => io.Version.insert({}).execWithin(tx, resolve));
    await new Promise((resolve) => tx.commit(resolve));
    assert.deepEqual(engine.counts, { tx: 1, 'op:version.insert': 1, 'op:tx.commit': 1 });
    assert.equal(engine.operation('tx.commit').calls, 1);
  });

  it('calls a callbacks-ctx callback on its context, on a benchmark run as when tracing', async () => {
    for (const trace of [false, true]) {
      const { io, engine } = createIO('callbacks-ctx', { latency: 'tick', trace });
      const ctx = { name: 'upload' };
      const tx = io.db.begin();
      const heard = await new Promise((resolve) =>
        io.Version.insert({}).execWithin(
          tx,
          function (error, value) {
            resolve({ self: this, error, value });
          },
          ctx,
        ),
      );
      assert.deepEqual(heard, { self: ctx, error: null, value: null }, `trace: ${trace}`);
      assert.equal(engine.counts['op:version.insert'], 1);
      await engine.idle();
      assert.equal(engine.inFlight, 0);
    }
  });

  it('keeps no query rows when not tracing', () => {
    const { io } = createIO('callbacks', { trace: false });
    assert.equal(io.FileVersion.insert({ fileId: 'f' }).row, null);
    assert.deepEqual(createIO('callbacks').io.FileVersion.insert({ fileId: 'f' }).row, { fileId: 'f' });
  });
});

describe('version hash', () => {
  const version = { userAccountId: 'user-1', blobId: 'blob-1', creatorId: 'user-1', previousId: null };

  it("is a pure function of the version's fields, not of its date", () => {
    const hash = doxbee.createHash(version);
    assert.match(hash, /^version-[0-9a-f]{8}$/);
    assert.equal(doxbee.createHash({ ...version, date: new Date(0) }), hash);
    for (const field of ['userAccountId', 'blobId', 'creatorId', 'previousId']) {
      assert.notEqual(doxbee.createHash({ ...version, [field]: 'other' }), hash, field);
    }
  });
});

describe('model classes', () => {
  it('carry a written-out node-callback method for every asynchronous method', () => {
    for (const [problem, model] of Object.entries(MODELS_BY_PROBLEM)) {
      for (const [className, methods] of Object.entries(model.OPERATIONS)) {
        for (const method of Object.keys(methods)) {
          const nodeStyle = model.BASES[className] && model.BASES[className].prototype[method];
          assert.equal(typeof nodeStyle, 'function', `${problem}: ${className}.${method}`);
          assert.equal(nodeStyle.length, methods[method].args.length + 1, `${problem}: ${className}.${method} takes its callback last`);
        }
      }
    }
  });
});
