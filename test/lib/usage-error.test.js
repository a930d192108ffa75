'use strict';

const assert = require('node:assert/strict');
const { shown, refuse } = require('../../lib/usage-error');

// A value echoed in a refusal is cut in the middle when long: its start and
// its end stay, and a path's file name stays whole.
describe('lib/usage-error: shown', () => {
  it('quotes a short value whole', () => {
    assert.equal(shown('runs.jsonl'), '"runs.jsonl"');
    assert.equal(shown('a'.repeat(60)), `"${'a'.repeat(60)}"`);
  });

  it("keeps a long path's start and its file name, and says how long it was", () => {
    const file = `/home/someone/${'deep-folder/'.repeat(8)}results-of-tuesday.jsonl`;
    assert.equal(shown(file), `"/home/someone/deep-folder/deep-fold…/results-of-tuesday.jsonl" (${file.length} characters)`);
  });

  it('keeps a Windows path’s file name too', () => {
    const file = `C:\\Users\\someone\\${'folder\\'.repeat(10)}runs.jsonl`;
    assert.match(shown(file), /…\\\\runs\.jsonl" \(\d+ characters\)$/);
  });

  it('keeps both ends of a long value without a path, 60 characters in all', () => {
    const text = `${'a'.repeat(500)}${'z'.repeat(500)}`;
    assert.equal(shown(text), `"${'a'.repeat(30)}…${'z'.repeat(30)}" (1000 characters)`);
  });

  it('cuts a file name too long to leave room for the start in the middle', () => {
    const file = `/tmp/${'n'.repeat(100)}.jsonl`;
    assert.match(shown(file), /^"\/tmp\/n+…n*\.jsonl" \(111 characters\)$/);
  });

  it('is what refuse echoes', () => {
    const file = `/very/long/${'x'.repeat(80)}/out.jsonl`;
    assert.equal(refuse('--out', file, 'a file').message, `--out: ${shown(file)} is not allowed; expected a file`);
    assert.match(refuse('--out', file, 'a file').message, /\/out\.jsonl" \(\d+ characters\)/);
  });
});
