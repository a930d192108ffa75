'use strict';

const assert = require('node:assert/strict');
const { failureLines } = require('../../bench/failure-lines');

// A run's CRASH or INVALID cause reaches the terminal in one line, each cause once.
describe('bench: the causes of failed runs, for the terminal', () => {
  const run = (example, status, error) => ({ example, status, error });

  it('says each distinct cause once, with how many runs it ended', () => {
    const lines = [
      run('mine', 'crash', 'child ended with exit code 1: Error: boom\n    at upload (mine.js:3:9)'),
      run('callbacks-original', 'ok', null),
      run('mine', 'crash', 'child ended with exit code 1: Error: boom\n    at upload (mine.js:3:9)'),
      run('mine', 'invalid', '1 uploads failed but 0 faults were injected'),
      run('slow', 'timeout', 'no result within 60 s; killed'),
    ];
    assert.deepEqual(failureLines(lines), [
      'CRASH in mine (2 runs): child ended with exit code 1: Error: boom',
      'INVALID in mine (1 run): 1 uploads failed but 0 faults were injected',
      'T/O in slow (1 run): no result within 60 s; killed',
    ]);
  });

  it('says nothing of runs that did not fail: ok, unsupported, unavailable', () => {
    const lines = [run('a', 'ok', null), run('b', 'unsupported', 'bun cannot parse using'), run('c', 'unavailable', 'no valgrind')];
    assert.deepEqual(failureLines(lines), []);
  });
});
