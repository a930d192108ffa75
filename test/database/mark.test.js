'use strict';

const assert = require('node:assert/strict');
const { newSessionId, schemaOf, markText, readMark, isOrphan } = require('../../lib/database/mark');

// The session's mark on its schema: only a schema named for the id its
// comment carries is asyncmark's; an orphan is a mark of this host whose
// process has gone.

describe('lib/database/mark', () => {
  const id = newSessionId();
  const schema = schemaOf(id);
  const text = markText({ id, pid: 4242, host: 'here', started: '2026-11-28T12:00:00.000Z' });

  it('reads back the mark it wrote', () => {
    assert.match(id, /^[0-9a-f]{8}$/);
    assert.deepEqual(readMark(schema, text), { id, pid: 4242, host: 'here', started: '2026-11-28T12:00:00.000Z' });
  });

  it("refuses a comment that names another schema's id, or is not a mark", () => {
    assert.equal(readMark(schemaOf('00000000'), text), null);
    assert.equal(readMark('public', text), null);
    assert.equal(readMark(schema, 'a person wrote this'), null);
    assert.equal(readMark(schema, JSON.stringify({ kind: 'something else', id, pid: 1, host: 'here' })), null);
    assert.equal(readMark(schema, null), null);
  });

  it("calls a mark an orphan only when it is this host's and its process has gone", () => {
    const mark = readMark(schema, text);
    assert.equal(isOrphan(mark, { host: 'here', alive: () => false }), true);
    assert.equal(isOrphan(mark, { host: 'here', alive: () => true }), false);
    assert.equal(isOrphan(mark, { host: 'elsewhere', alive: () => false }), false);
    assert.equal(isOrphan(null, { host: 'here', alive: () => false }), false);
  });

  it('sees this process as alive (the default check)', () => {
    assert.equal(isOrphan(readMark(schema, markText({ id })), {}), false);
  });
});
