'use strict';

const assert = require('node:assert/strict');
const { createProgress, progressLine, duration } = require('../../bench/progress');

// A stream that keeps what was written; isTTY chooses the bar or plain lines.
function stream(isTTY) {
  const chunks = [];
  return { isTTY, chunks, write: (chunk) => chunks.push(String(chunk)) > 0, on() {}, removeListener() {}, cursorTo() {}, clearLine() {}, moveCursor() {} };
}

describe('progress on stderr', () => {
  it('writes plain lines when not on a terminal, at most one per interval, and a closing one', () => {
    let clock = 0;
    const out = stream(false);
    const progress = createProgress({ total: 4, stream: out, every: 5000, now: () => clock });
    clock = 1000;
    progress.tick('a n=10');
    assert.equal(out.chunks.length, 0, 'nothing before the interval');
    clock = 6000;
    progress.tick('b n=10');
    assert.deepEqual(out.chunks, ['asyncmark: 2/4 runs, 6 s elapsed, about 6 s left; last: b n=10\n']);
    clock = 7000;
    progress.tick('c n=10');
    progress.tick('d n=10');
    progress.stop();
    progress.stop();
    assert.equal(out.chunks.length, 2);
    assert.equal(out.chunks[1], 'asyncmark: 4/4 runs, 7 s elapsed; last: d n=10\n');
  });

  it('does not repeat the closing count when the last tick already wrote it', () => {
    let clock = 0;
    const out = stream(false);
    const progress = createProgress({ total: 1, stream: out, every: 0, now: () => clock });
    clock = 10;
    progress.tick('only');
    progress.stop();
    assert.equal(out.chunks.length, 1);
  });

  it('is silent with quiet, on a terminal or not', () => {
    for (const isTTY of [true, false]) {
      const out = stream(isTTY);
      const progress = createProgress({ total: 2, stream: out, quiet: true, every: 0 });
      progress.tick('x');
      progress.stop();
      assert.deepEqual(out.chunks, []);
    }
  });

  it('draws a bar on a terminal', () => {
    const out = stream(true);
    const progress = createProgress({ total: 2, stream: out, unit: 'probes', env: { TERM: 'xterm-256color' } });
    progress.tick('x');
    progress.stop();
    assert.ok(out.chunks.join('').includes('probes'), out.chunks.join(''));
  });

  // The bar's cursor codes are what the dumb terminal cannot take: the check
  // below finds them in the bar (the planted case), and none in its lines.
  const CURSOR_CODES = new RegExp(`${String.fromCharCode(27)}\\[|\r`);
  it('writes plain lines, no cursor codes, on a terminal that says it is dumb (TERM=dumb)', () => {
    const drawn = (TERM) => {
      const out = stream(true);
      const progress = createProgress({ total: 2, stream: out, every: 0, env: { TERM } });
      progress.tick('x');
      progress.stop();
      return out.chunks.join('');
    };
    assert.match(drawn('xterm'), CURSOR_CODES);
    const dumb = drawn('dumb');
    assert.doesNotMatch(dumb, CURSOR_CODES);
    assert.match(dumb, /^asyncmark: 1\/2 runs, /);
  });

  it('says durations in seconds, then minutes', () => {
    assert.equal(duration(0), '0 s');
    assert.equal(duration(119000), '119 s');
    assert.equal(duration(200000), '3 min 20 s');
    assert.equal(progressLine({ done: 0, total: 3, elapsedMs: 0, what: '' }), 'asyncmark: 0/3 runs, 0 s elapsed');
  });
});
