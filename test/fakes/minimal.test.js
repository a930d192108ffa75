'use strict';

// The minimal fake must offer what the engine offers to a node-callback
// example, give the same values, and count what verification reads, so that
// engine ÷ minimal fake compares like with like.

const assert = require('node:assert/strict');
const path = require('node:path');
const { createIO, problems } = require('../../lib');
const { createMinimalIO } = require('../../examples/instrument/minimal');
const doxbee = require('../../examples/doxbee/model');

const reference = problems.doxbee.examples.find((e) => e.name === problems.doxbee.reference);
const skipsFileUpdate = require(path.join(__dirname, 'fixtures', 'skips-file-update.js'));

// Runs n uploads at once; resolves with what each caller heard.
function batch(upload, n) {
  return Promise.all(
    Array.from(
      { length: n },
      (_, i) =>
        new Promise((resolve) => {
          upload(...doxbee.invocationArgs(i), (error, value) => resolve({ error, value }));
        }),
    ),
  );
}

// The names an io offers, and the methods of the objects it hands out.
function surface(io) {
  const tx = io.db.begin();
  const blob = io.blobManager.create(io.account);
  const query = io.Version.insert({});
  const methods = (object) => ['put', 'get', 'execWithin', 'commit', 'rollback', 'createQuery', 'byUuidOrPath'].filter((m) => typeof object[m] === 'function');
  return {
    names: Object.keys(io).sort(),
    blob: methods(blob),
    tx: methods(tx),
    query: methods(query),
    self: methods(io.self),
    lookup: methods(io.self.byUuidOrPath('x')),
  };
}

// What each operation delivers, called one after another.
function deliveries(io, fileExists) {
  return new Promise((resolve) => {
    const seen = [];
    const tx = io.db.begin();
    io.blobManager.create(io.account).put('s', (e1, blobId) => {
      seen.push(blobId);
      io.self.byUuidOrPath('docs/a.txt').get((e2, file) => {
        seen.push(file);
        io.self.createQuery('docs/a.txt', { id: 'f' }, (e3, query) => {
          seen.push(typeof query.execWithin);
          query.execWithin(tx, (e4, inserted) => {
            seen.push(inserted);
            tx.commit((e5, committed) => {
              seen.push(
                committed,
                [e1, e2, e3, e4, e5].every((e) => e === null),
                fileExists,
              );
              resolve(seen);
            });
          });
        });
      });
    });
  });
}

describe('minimal fake', () => {
  it('offers the names and methods the engine offers a callback example', () => {
    assert.deepEqual(surface(createMinimalIO().io), surface(createIO('callbacks').io));
  });

  for (const fileExists of [false, true]) {
    it(`delivers the engine's values (file ${fileExists ? 'found' : 'not found'})`, async () => {
      const engine = createIO('callbacks', { latency: 'constant', t: 1, fileExists, trace: false });
      const minimal = createMinimalIO({ t: 1, fileExists });
      assert.deepEqual(await deliveries(minimal.io, fileExists), await deliveries(engine.io, fileExists));
    });
  }

  it('hashes a version as the engine does', () => {
    assert.equal(createMinimalIO().io.Version.createHash, createIO('callbacks').io.Version.createHash);
  });

  it('runs the reference and counts what verification reads', async () => {
    const { io, engine } = createMinimalIO({ t: 1 });
    const heard = await batch(reference.load()(io), 20);
    assert.ok(heard.every((h) => h.error === null));
    await engine.idle();
    assert.deepEqual(doxbee.checkRun(engine, { n: 20, failed: 0 }), []);
    assert.equal(engine.counts['op:file.update'], 20);
    assert.equal(engine.counts.tx, 20);
  });

  it("counts a found file's shorter path", async () => {
    const { io, engine } = createMinimalIO({ t: 1, fileExists: true });
    await batch(reference.load()(io), 5);
    assert.deepEqual(doxbee.checkRun(engine, { n: 5, failed: 0 }), []);
    assert.equal(engine.counts['op:file.insert'], 0);
  });

  it('counts rollbacks, and idle() waits for them', async () => {
    const { io, engine } = createMinimalIO({ t: 1 });
    let rolledBack = false;
    io.db.begin().rollback(() => {
      rolledBack = true;
    });
    io.db.begin().rollback();
    await engine.idle();
    assert.equal(rolledBack, true);
    assert.equal(engine.counts['op:tx.rollback'], 2);
  });

  it('lets verification catch an upload that skips an operation (planted bug)', async () => {
    const { io, engine } = createMinimalIO({ t: 1 });
    await batch(skipsFileUpdate(io), 3);
    await engine.idle();
    assert.deepEqual(doxbee.checkRun(engine, { n: 3, failed: 0 }), ['file.update called 0 times for 3 uploads']);
  });

  it('refuses what it cannot model', () => {
    assert.throws(() => createMinimalIO({ latency: 'jitter' }), /the minimal fake has constant latency only; got jitter/);
    assert.throws(() => createMinimalIO({ t: 1.5 }), /whole t of at least 1 ms; got 1.5/);
    assert.throws(() => createMinimalIO({ t: 0 }), /whole t of at least 1 ms; got 0/);
    assert.throws(() => createMinimalIO({ e: 0.1 }), /injects no faults/);
    assert.throws(() => createIO('minimal', {}, 'doxbee'), /flavour minimal is for the instrument problem only; got problem doxbee/);
  });
});
