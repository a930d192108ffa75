'use strict';

const assert = require('node:assert/strict');
const { firstDifference, describeDifference } = require('../../lib/conformance');

// Where two traces part: the pure comparison asyncmark verify and the
// conformance tests print from.
describe('conformance: the first difference of two traces', () => {
  const call = (op, args) => ({ type: 'call', op, args });
  const begin = call('db.begin', { tx: 1 });

  it('is null for traces alike', () => {
    assert.equal(firstDifference([], []), null);
    assert.equal(firstDifference([begin, { type: 'done', error: null }], [call('db.begin', { tx: 1 }), { type: 'done', error: null }]), null);
  });

  it('gives the index and both events where they first part', () => {
    const want = [begin, call('file.update', { tx: 1 }), call('tx.commit', { tx: 1 })];
    const got = [begin, call('tx.commit', { tx: 1 })];
    assert.deepEqual(firstDifference(want, got), { index: 1, expected: want[1], actual: got[1] });
  });

  it('gives null for the event of a trace that has ended', () => {
    assert.deepEqual(firstDifference([begin], [begin, begin]), { index: 1, expected: null, actual: begin });
    assert.deepEqual(firstDifference([begin, begin], [begin]), { index: 1, expected: begin, actual: null });
  });

  it('tells a difference in one line, as the conformance problems always have', () => {
    assert.equal(
      describeDifference({ index: 3, expected: begin, actual: null }),
      'trace differs at event 3: expected {"type":"call","op":"db.begin","args":{"tx":1}}, got nothing',
    );
  });
});
