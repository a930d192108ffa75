'use strict';

const assert = require('node:assert/strict');
const doxbee = require('../../examples/doxbee');
const model = require('../../lib/fakes/doxbee');
const { cases, describeCase } = require('../../lib/conformance');
const { harness } = require('./harness');
const fixtures = require('../fixtures/doxbee');

const { reference, problemsOf } = harness('doxbee');

describe('doxbee conformance', () => {
  for (const entry of doxbee.examples) {
    describe(entry.name, () => {
      for (const spec of cases(model)) {
        it(describeCase(spec), async () => {
          assert.deepEqual(await problemsOf(entry, spec), []);
        });
      }
    });
  }
});

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

  it('rejects an example whose declared throw behaviour is wrong', async () => {
    const wrong = { ...reference, throws: 'caught' };
    const spec = { fileExists: true, fault: { op: 'file.get', mode: 'sync', placement: 'call' } };
    const problems = await problemsOf(wrong, spec);
    assert.ok(problems.length > 0);
  });
});
