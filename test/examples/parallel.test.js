'use strict';

const assert = require('node:assert/strict');
const parallel = require('../../examples/parallel');
const model = require('../../examples/parallel/model');
const { observe } = require('../../lib/conformance');
const { createIO } = require('../../lib/fakes');
const { harness } = require('./harness');
const fixtures = require('../fixtures/parallel');

const PROBLEM = { problem: 'parallel' };
// The inserts of one upload with the default p.
const P = model.CONCURRENT.calls;
const { reference, problemsOf } = harness('parallel');

const ops = (trace) => trace.map((e) => `${e.type} ${e.op ?? ''}`.trim());
const repeat = (event, times) => Array.from({ length: times }, () => event);
const insertFault = (mode, placement) => ({ fault: { op: 'fileVersion.insert', mode, placement } });

describe('parallel model', () => {
  it('gives p to the examples, 25 by default', () => {
    assert.equal(createIO('callbacks', {}, 'parallel').io.parallelQueries, 25);
    assert.equal(createIO('callbacks', { p: 3 }, 'parallel').io.parallelQueries, 3);
  });

  it('refuses a p that is not a positive integer', () => {
    for (const p of [0, -1, 2.5, '3']) {
      assert.throws(() => createIO('callbacks', { p }, 'parallel'), /p: .* is not allowed; expected a whole number >= 1 and <= 1000$/);
    }
  });

  it('verifies a batch by its counts', async () => {
    const { io, engine } = createIO('callbacks', { latency: 'tick', p: 4, trace: false }, 'parallel');
    const upload = reference.load()(io);
    await Promise.all([0, 1].map((i) => new Promise((resolve) => upload(...model.invocationArgs(i), resolve))));
    await engine.idle();
    assert.deepEqual(model.checkRun(engine, { n: 2, p: 4, failed: 0 }), []);
    assert.deepEqual(model.checkRun(engine, { n: 2, p: 5, failed: 0 }), ['fileVersion.insert called 8 times for 2 uploads of 5 queries']);
    assert.deepEqual(model.checkRun(engine, { n: 3, p: 4, failed: 0 }), [
      '2 transactions begun for 3 uploads',
      '2 commits and rollbacks for 3 uploads',
      'fileVersion.insert called 8 times for 3 uploads of 4 queries',
      'tx.commit called 2 times for 3 uploads',
    ]);
  });

  it('bounds the failed uploads by the faults injected', async () => {
    const fault = { op: 'fileVersion.insert', mode: 'callback', placement: 'timer' };
    const { io, engine } = createIO('callbacks', { latency: 'tick', p: 4, fault, trace: false }, 'parallel');
    const upload = reference.load()(io);
    await new Promise((resolve) => upload(...model.invocationArgs(0), resolve));
    await engine.idle();
    assert.equal(engine.failures, 4);
    assert.deepEqual(model.checkRun(engine, { n: 1, p: 4, failed: 1 }), []);
    assert.deepEqual(model.checkRun(engine, { n: 1, p: 4, failed: 0 }), ['0 uploads failed but 4 faults were injected', '1 rollbacks for 0 failed uploads']);
  });
});

// The reference is checked against the problem statement itself, written out by
// hand, so that conformance does not merely compare examples with a reference
// that could be wrong.
describe(`parallel reference (${parallel.reference})`, () => {
  it('issues every insert at once, commits after the last completes, and hears once', async () => {
    const { trace, heard } = await observe(reference, { fault: null }, PROBLEM);
    assert.deepEqual(ops(trace), [
      'call db.begin',
      ...repeat('call fileVersion.insert', P),
      ...repeat('complete fileVersion.insert', P),
      'call tx.commit',
      'complete tx.commit',
      'done',
    ]);
    const inserts = trace.filter((e) => e.type === 'call' && e.op === 'fileVersion.insert');
    assert.deepEqual(
      inserts.map((e) => e.args),
      Array.from({ length: P }, (_, index) => ({ tx: 1, fileId: 'docs/2013/report.txt', index })),
    );
    assert.deepEqual(heard, [{ error: null, value: null }]);
  });

  it('rolls back once and hears once, with the first error, when every insert fails', async () => {
    const { trace, heard, injected } = await observe(reference, insertFault('callback', 'continuation'), PROBLEM);
    assert.equal(injected.length, P);
    assert.deepEqual(ops(trace).slice(P + 1, P + 4), ['complete fileVersion.insert', 'call tx.rollback', 'done']);
    assert.equal(trace.filter((e) => e.type === 'complete' && e.op === 'fileVersion.insert').length, P);
    assert.equal(trace.filter((e) => e.type === 'call' && e.op === 'tx.rollback').length, 1);
    assert.ok(!trace.some((e) => e.op === 'tx.commit'));
    assert.equal(heard.length, 1);
    assert.equal(heard[0].error, injected[0]);
  });

  it('does not roll back a failed commit', async () => {
    const fault = { op: 'tx.commit', mode: 'callback', placement: 'timer' };
    const { trace, heard, injected } = await observe(reference, { fault }, PROBLEM);
    assert.ok(!trace.some((e) => e.op === 'tx.rollback'));
    assert.equal(heard[0].error, injected[0]);
  });

  it('lets every insert that throws in its timer escape, and never hears', async () => {
    const { escaped, heard, injected } = await observe(reference, insertFault('timer', 'timer'), PROBLEM);
    assert.equal(heard.length, 0);
    assert.deepEqual(
      escaped.map((e) => e.error),
      injected,
    );
    assert.equal(escaped.length, P);
  });

  it('throws a synchronous fault of the first insert to the caller, before issuing the others', async () => {
    const { thrown, injected, heard, trace } = await observe(reference, insertFault('sync', 'call'), PROBLEM);
    assert.equal(thrown, injected[0]);
    assert.equal(heard.length, 0);
    assert.deepEqual(ops(trace), ['call db.begin', 'call fileVersion.insert', 'throw fileVersion.insert', 'thrown']);
  });
});

describe('the parallel conformance check can fail', () => {
  it('rejects an example that commits after only one insert failed', async () => {
    const spec = { fault: { op: 'fileVersion.insert', mode: 'callback', placement: 'timer', index: 1 } };
    const problems = await problemsOf(fixtures.commitsAfterPartialFailure, spec);
    assert.match(problems.join('\n'), /tx\.commit/, problems.join('\n'));
  });

  it('rejects an example that calls back once per failing insert', async () => {
    const problems = await problemsOf(fixtures.callsBackPerFailure, insertFault('callback', 'timer'));
    assert.ok(problems.includes(`the caller heard ${P} times, expected exactly once`), problems.join('\n'));
    assert.match(problems.join('\n'), /trace differs .*tx\.rollback/);
  });

  it('rejects an example that commits before every insert completes', async () => {
    const problems = await problemsOf(fixtures.commitsEarly, { fault: null });
    assert.match(problems.join('\n'), new RegExp(`trace differs at event ${P + 1}: expected .*fileVersion\\.insert.*, got .*tx\\.commit`));
  });

  it('rejects an example that stops issuing inserts after a synchronous throw it should escape', async () => {
    const catchesEach = {
      ...reference,
      load: () => (io) => {
        const upload = reference.load()(io);
        return (...args) => {
          try {
            upload(...args);
          } catch {
            // Swallowed: the caller never hears.
          }
        };
      },
    };
    const problems = await problemsOf(catchesEach, insertFault('sync', 'call'));
    assert.ok(problems.length > 0);
  });

  it('rejects an example whose declared throw behaviour is wrong', async () => {
    const wrong = { ...reference, throws: 'caught' };
    const problems = await problemsOf(wrong, insertFault('sync', 'call'));
    assert.ok(problems.length > 0);
  });

  it('rejects an example that commits when the last insert it issued completes', async () => {
    const fixture = fixtures.commitsAfterLastIssued;
    assert.deepEqual(await problemsOf(fixture, { fault: null }), []);
    for (const order of ['reverse', 'shuffle']) {
      const problems = await problemsOf(fixture, { order, fault: null });
      assert.match(problems.join('\n'), /trace differs at event \d+: expected .*complete.*fileVersion\.insert.*, got .*call.*tx\.commit/, order);
    }
  });

  it('rejects an example that counts the inserts of every upload of an io together', async () => {
    const fixture = fixtures.sharesCounterBetweenUploads;
    assert.deepEqual(await problemsOf(fixture, { fault: null }), []);
    const problems = await problemsOf(fixture, { fault: null, together: true });
    assert.ok(problems.includes('the caller of upload 2 heard 0 times, expected exactly once'), problems.join('\n'));
  });

  it('tells an example that waits for every insert from one that fails fast, by its registry entry', async () => {
    const fixture = fixtures.waitsForEveryInsert;
    const stepped = { order: 'issue', ...insertFault('callback', 'timer') };
    assert.deepEqual(await problemsOf(fixture, insertFault('callback', 'timer')), []);
    assert.deepEqual(await problemsOf(fixture, stepped), [
      'after a failure of fileVersion.insert it is wait-all, but its registry entry says onFailure: fail-fast',
    ]);
    assert.deepEqual(await problemsOf({ ...fixture, onFailure: 'wait-all' }, stepped), []);
    assert.deepEqual(await problemsOf({ ...reference, onFailure: 'wait-all' }, stepped), [
      'after a failure of fileVersion.insert it is fail-fast, but its registry entry says onFailure: wait-all',
    ]);
  });
});
