'use strict';

// One input given twice counts once: complexity f.js f.js prints one row and
// says so; compare f f (or a file and its copy) refuses to compare runs with
// themselves, and says how many runs two sides share. A FIFO or device given
// as a file is refused before it is read.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { runCli } = require('./capture');
const { sessionLines, jsonl } = require('../fixtures/compare/make-runs');

const EXAMPLE = path.join(__dirname, '..', '..', 'examples', 'doxbee', 'promises-native.js');

describe('duplicate inputs', function () {
  this.timeout(30000);
  let dir;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-dup-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('complexity measures a file named twice (or through a link) once, with a note', async () => {
    const file = path.join(dir, 'mine.js');
    fs.copyFileSync(EXAMPLE, file);
    const link = path.join(dir, 'link.js');
    fs.symlinkSync(file, link);
    const { code, stdout, stderr } = await runCli('complexity', file, file, link, '--format', 'json');
    assert.equal(code, 0);
    const rows = JSON.parse(stdout);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].score, 1);
    assert.equal(stderr, `asyncmark: note: given more than once, measured once: ${file} (the same file as ${file}), ${link} (the same file as ${file})\n`);
    // The planted instance: two different files are two rows.
    const other = path.join(dir, 'other.js');
    fs.copyFileSync(EXAMPLE, other);
    const two = await runCli('complexity', file, other, '--format', 'json');
    assert.equal(JSON.parse(two.stdout).length, 2);
    assert.equal(two.stderr, '');
  });

  it('compare refuses both sides being the same runs: one file twice, or a file and its copy', async () => {
    const a = path.join(dir, 'a.jsonl');
    fs.writeFileSync(a, jsonl(sessionLines({ seed: 1, examples: { 'callbacks-original': 100, 'async-await': 130 } })));
    const copy = path.join(dir, 'copy.jsonl');
    fs.copyFileSync(a, copy);
    for (const second of [a, copy]) {
      const { code, stdout, stderr } = await runCli('compare', a, second);
      assert.equal(code, 2);
      assert.equal(stdout, '');
      assert.match(stderr, /^asyncmark: OLD and NEW: both sides are the same \d+ runs \(.*\); expected two different sets of runs, e\.g\. two sessions\n$/);
    }
  });

  it('compare says how many runs two sides share, and compares two sessions without a word', async () => {
    const one = sessionLines({ seed: 1, session: 's1', examples: { 'callbacks-original': 100 } });
    const two = sessionLines({ seed: 2, session: 's2', examples: { 'callbacks-original': 100 } });
    const both = path.join(dir, 'both.jsonl');
    fs.writeFileSync(both, jsonl([...one, ...two]));
    const second = path.join(dir, 'two.jsonl');
    fs.writeFileSync(second, jsonl(two));
    const shared = await runCli('compare', both, second);
    assert.equal(shared.code, 0);
    assert.equal(shared.stderr, `asyncmark: warning: OLD and NEW: ${two.length} runs are on both sides; a run compared with itself shows no change\n`);
    // The planted instance of the other side: two sessions share no run.
    const first = path.join(dir, 'one.jsonl');
    fs.writeFileSync(first, jsonl(one));
    const apart = await runCli('compare', first, second);
    assert.equal(apart.code, 0);
    assert.equal(apart.stderr, '');
  });

  it('complexity, verify and bench --add refuse a FIFO at once', async () => {
    const fifo = path.join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    for (const args of [
      ['complexity', fifo],
      ['verify', fifo, '--io', 'promises'],
      ['bench', '--add', fifo, '--io', 'promises', '--no-out'],
    ]) {
      const { code, stderr } = await runCli(...args);
      assert.equal(code, 2, args.join(' '));
      assert.match(stderr, /is not a regular file \(a pipe, device or socket\); expected the path of a JavaScript file\n$/);
    }
  });
});
