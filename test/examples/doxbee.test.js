'use strict';

const assert = require('node:assert/strict');
const doxbee = require('../../examples/doxbee');
const model = require('../../examples/doxbee/model');
const { describeCase } = require('../../lib/conformance');
const { harness } = require('./harness');
const fixtures = require('../fixtures/doxbee');
const { lacking } = require('../../lib/runtimes/syntax');
const { verifyUnderRuntime } = require('./under-runtime');

const { reference, problemsOf } = harness('doxbee');

describe('the conformance check can fail', () => {
  it('rejects an example that skips an operation', async () => {
    const problems = await problemsOf(fixtures.skipsFileUpdate, { fileExists: true, fault: null });
    assert.match(problems.join('\n'), /trace differs .*file\.update/);
  });

  it('rejects an example that calls back twice', async () => {
    const spec = { fileExists: false, fault: { op: 'tx.commit', mode: 'callback', placement: 'timer' } };
    const problems = await problemsOf(fixtures.callsBackTwice, spec);
    assert.ok(problems.includes('the caller heard 2 times, expected exactly once'), problems.join('\n'));
  });

  it('rejects an example that retries a call the reference makes once', async () => {
    const spec = { fileExists: true, fault: { op: 'file.get', mode: 'sync', placement: 'call' } };
    const problems = await problemsOf(fixtures.retriesSyncThrow, spec);
    assert.match(problems.join('\n'), /trace differs .*file\.get/);
  });

  it('rejects an example that resolves with a value of its own', async () => {
    const returnsValue = {
      ...reference,
      call: 'promise',
      io: 'promises',
      throws: 'caught',
      load: () => (io) => {
        const upload = doxbee.examples.find((e) => e.name === 'async-await').load()(io);
        return (...args) => upload(...args).then(() => 'something else');
      },
    };
    const problems = await problemsOf(returnsValue, { fileExists: true, fault: null });
    assert.ok(problems.includes('the caller heard a value on success: "something else"'), problems.join('\n'));
  });

  // The holes below were found by planting bugs in copies of the examples: each
  // fixture passes a case of one upload, in one path, with completions in the
  // order the calls were made, and is caught by the case made for it.
  it("rejects an example that keeps an upload's state in the factory, when uploads share an io", async () => {
    const fixture = fixtures.sharesStateBetweenUploads;
    assert.deepEqual(await problemsOf(fixture, { fileExists: false, fault: null }), []);
    const problems = await problemsOf(fixture, { fileExists: false, fault: null, together: true });
    assert.match(problems.join('\n'), /upload 1 of 3 \(notes\.md\): trace differs .*version\.insert.*"blobId":"blob-1".*got .*"blobId":"blob-3"/);
  });

  it("rejects an example that takes the version's date once for every upload of an io", async () => {
    const fixture = fixtures.datesOncePerFactory;
    assert.deepEqual(await problemsOf(fixture, { fileExists: true, fault: null }), []);
    for (const spec of [
      { fileExists: true, fault: null, together: true },
      { fileExists: true, fault: null, twice: true },
    ]) {
      const problems = await problemsOf(fixture, spec);
      assert.match(problems.join('\n'), /"dated":"another upload's Date"/, describeCase(spec, model));
    }
  });

  it('rejects an example that names the file by a fixed segment of its path', async () => {
    const fixture = fixtures.namesFileByFixedSegment;
    assert.deepEqual(await problemsOf(fixture, { fileExists: false, fault: null }), []);
    const problems = await problemsOf(fixture, { fileExists: false, fault: null, args: model.VARIED_ARGS[0] });
    assert.match(problems.join('\n'), /trace differs .*file\.createQuery.*"name":"notes\.md"/);
  });

  it('rejects an observable that starts its work when called, not when subscribed to', async () => {
    const fixture = fixtures.worksBeforeSubscription;
    const problems = await problemsOf(fixture, { fileExists: true, fault: null });
    assert.ok(
      problems.includes('2 call(s) traced before the subscription (blob.create, db.begin): upload() starts its work before anyone subscribes'),
      problems.join('\n'),
    );
    const twice = await problemsOf(fixture, { fileExists: true, fault: null, twice: true });
    assert.match(twice.join('\n'), /trace differs .*expected .*blob\.create.*"blob":2/);
  });

  it('rejects an example that waits for the rollback before its caller hears', async () => {
    const fixture = fixtures.waitsForRollback;
    const fault = { op: 'version.insert', mode: 'callback', placement: 'timer' };
    assert.deepEqual(await problemsOf(fixture, { fileExists: true, fault }), []);
    const problems = await problemsOf(fixture, { fileExists: true, order: 'issue', fault });
    assert.deepEqual(problems, ['the caller heard only after tx.rollback completed: it waits for an operation the reference leaves running']);
  });

  it('rejects an Effect routine that rejects with an error of its own wrapping the failure', async () => {
    const fault = { op: 'file.get', mode: 'callback', placement: 'timer' };
    for (const spec of [
      { fileExists: true, fault },
      { fileExists: true, fault: { op: 'file.get', mode: 'sync', placement: 'call' } },
    ]) {
      assert.deepEqual(
        await problemsOf(fixtures.effectWrapsError, spec),
        ['the caller did not get the injected error object itself'],
        describeCase(spec, model),
      );
    }
  });

  // Written with `using` or `await using`: in this process where this node parses it,
  // otherwise in a child under a runtime that does (test/examples/under-runtime.js).
  async function usingProblems(key, spec) {
    if (!lacking(fixtures[key].needs, null)) return problemsOf(fixtures[key], spec);
    const verdict = await verifyUnderRuntime({ problem: 'doxbee', fixture: key });
    return verdict.failures.find((f) => f.name === describeCase(spec, model))?.problems ?? [];
  }

  it('rejects a `using` DisposableStack disarmed before the work, so that a failure leaves the transaction open', async function () {
    this.timeout(180000);
    const spec = { fileExists: true, fault: { op: 'version.insert', mode: 'callback', placement: 'timer' } };
    const problems = await usingProblems('usingForgetsRollback', spec);
    assert.match(problems.join('\n'), /trace differs at event \d+: expected .*"op":"tx\.rollback".*got .*"type":"done"/);
  });

  it('rejects an `await using` AsyncDisposableStack, whose disposal waits for the rollback', async function () {
    this.timeout(180000);
    const fault = { op: 'version.insert', mode: 'callback', placement: 'timer' };
    assert.deepEqual(await usingProblems('usingAwaitsRollback', { fileExists: true, fault }), []);
    const problems = await usingProblems('usingAwaitsRollback', { fileExists: true, order: 'issue', fault });
    assert.deepEqual(problems, ['the caller heard only after tx.rollback completed: it waits for an operation the reference leaves running']);
  });

  it('rejects an example whose declared throw behaviour is wrong', async () => {
    const wrong = { ...reference, throws: 'caught' };
    const spec = { fileExists: true, fault: { op: 'file.get', mode: 'sync', placement: 'call' } };
    const problems = await problemsOf(wrong, spec);
    assert.ok(problems.length > 0);
  });
});
