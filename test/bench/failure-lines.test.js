'use strict';

const assert = require('node:assert/strict');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { failureLines, nothingMeasured } = require('../../bench/failure-lines');

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

describe('bench: a run that crashes says why on the terminal', function () {
  this.timeout(180000);

  it('prints the cause of a CRASH in one line on stderr, beside the table', async () => {
    const root = path.join(__dirname, '..', '..');
    const file = path.join(root, 'test', 'fixtures', 'hostile', 'user-code.js');
    const env = { ...process.env, ASYNCMARK_HOSTILE: JSON.stringify({ does: 'throws-later', when: 'bench', log: '/dev/null' }) };
    const args = ['bench', '--scenario', 'madeup-parallel', '--examples', 'async-await', '--add', file, '--io', 'promises', '--test', '--no-out', '--quiet'];
    const cli = spawn(process.execPath, [path.join(root, 'bench', 'cli.js'), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    cli.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    cli.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise((resolve) => cli.on('exit', resolve));
    assert.equal(code, 0, stderr);
    assert.match(stdout, /^user-code .*CRASH/m);
    assert.match(stderr, /^asyncmark: CRASH in user-code \(1 run\): child ended with exit code 1: Error: hostile late throw$/m);
  });
});

describe('bench: a session that measured nothing', () => {
  const run = (status) => ({ example: 'a', status, error: status === 'ok' ? null : 'why' });

  it('is said in one line counting each status when no run finished', () => {
    assert.equal(nothingMeasured([run('unsupported'), run('unsupported'), run('crash')]), 'nothing was measured: no run finished (2 UNSUPPORTED, 1 CRASH)');
    assert.equal(nothingMeasured([]), 'nothing was measured: the session had no run to do');
  });

  it('is nothing to say when one run finished', () => {
    assert.equal(nothingMeasured([run('crash'), run('ok')]), null);
  });
});
