'use strict';

const assert = require('node:assert/strict');
const { headline } = require('../../lib/runner/spawn');

// What a crashed run's reason says: the error's own line, never a stack frame
// (a node-postgres error, printed by a run whose server restarted, begins
// "error: ", which the check for "...Error" did not know).

describe('runner/spawn headline: the reason a crashed run gives', () => {
  const pgCrash = [
    'error: terminating connection due to administrator command',
    '    at /app/node_modules/pg/lib/client.js:526:17',
    '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
    '',
    'Node.js v20.20.2',
  ].join('\n');

  it("names node-postgres's own error line", () => {
    assert.equal(headline(pgCrash), 'error: terminating connection due to administrator command');
  });

  it('keeps the Error line of a thrown Error', () => {
    assert.equal(
      headline('/x.js:1\nthrow new TypeError("bad")\n\nTypeError: bad\n    at Object.<anonymous> (/x.js:1:7)\n\nNode.js v20.20.2'),
      'TypeError: bad',
    );
  });

  it('without an error line, says the last line that is not a frame', () => {
    assert.equal(headline('the server went away\n    at a (/x.js:1:1)\n    at b (/x.js:2:2)'), 'the server went away');
  });

  it('planted: the old choice of the last line gives a stack frame', () => {
    const old = (text) =>
      String(text)
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !/^Node\.js v\d/.test(l))
        .pop();
    assert.match(old(pgCrash), /^at process\.processTicksAndRejections/);
  });
});
