'use strict';

// A results file taken away during a session (deleted, replaced, or no longer
// writable) costs no measured run, and the closing line claims only what each
// file holds. Planted: the file is deleted, or its writes fail, between runs.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { createWriter } = require('../../lib/runner/results-writer');
const { runCli } = require('../bench/capture');

const lines = (file) =>
  fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

describe('runner: results writer', function () {
  this.timeout(60000);
  let dir;
  let out;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-writer-'));
    out = path.join(dir, 'r.jsonl');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('appends, and says how many runs the file holds', () => {
    const writer = createWriter(out);
    writer.append({ run: 0 });
    writer.append({ run: 1 });
    assert.deepEqual(lines(out), [{ run: 0 }, { run: 1 }]);
    assert.equal(writer.closing(), `2 runs in ${out}`);
  });

  it('a file deleted during the session: every run of the session goes to a new file, named once', () => {
    const warnings = [];
    const writer = createWriter(out, { onWarning: (message) => warnings.push(message) });
    writer.append({ run: 0 });
    fs.unlinkSync(out);
    writer.append({ run: 1 });
    writer.append({ run: 2 });
    const rescued = path.join(dir, 'r-rescued.jsonl');
    assert.deepEqual(lines(rescued), [{ run: 0 }, { run: 1 }, { run: 2 }]);
    assert.equal(fs.existsSync(out), false, 'no new file quietly takes the old name');
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /r\.jsonl was deleted during the session; 2 runs are in .*r-rescued\.jsonl/);
    assert.equal(writer.closing(), `3 runs in ${rescued}`);
  });

  it('a file replaced during the session is left alone', () => {
    const writer = createWriter(out, { onWarning: () => {} });
    writer.append({ run: 0 });
    fs.unlinkSync(out);
    fs.writeFileSync(out, 'a person wrote this\n');
    writer.append({ run: 1 });
    assert.equal(fs.readFileSync(out, 'utf8'), 'a person wrote this\n');
    assert.deepEqual(lines(path.join(dir, 'r-rescued.jsonl')), [{ run: 0 }, { run: 1 }]);
  });

  it('a file that can no longer be written: the runs it holds stay, the next go to a new file', () => {
    const warnings = [];
    const writer = createWriter(out, { onWarning: (message) => warnings.push(message) });
    writer.append({ run: 0 });
    const open = fs.openSync;
    // chmod does not stop root, who runs CI here: the failing open is planted.
    fs.openSync = (file, ...rest) => {
      if (file === out) throw Object.assign(new Error('permission denied'), { code: 'EACCES' });
      return open(file, ...rest);
    };
    try {
      writer.append({ run: 1 });
      writer.append({ run: 2 });
    } finally {
      fs.openSync = open;
    }
    const rescued = path.join(dir, 'r-rescued.jsonl');
    assert.deepEqual(lines(out), [{ run: 0 }]);
    assert.deepEqual(lines(rescued), [{ run: 1 }, { run: 2 }]);
    assert.match(warnings[0], /could not be written \(EACCES\)/);
    assert.equal(writer.closing(), `1 run in ${out}; 2 runs in ${rescued}`);
  });

  it('bench: a results file deleted after the first run keeps every run, prints the table, and claims no run the file lacks', async () => {
    const open = fs.openSync;
    let writes = 0;
    fs.openSync = (file, ...rest) => {
      if (file === out && ++writes === 2) fs.unlinkSync(out);
      return open(file, ...rest);
    };
    let result;
    try {
      result = await runCli('bench', '--test', '--examples', 'async-await,callbacks-original', '--out', out);
    } finally {
      fs.openSync = open;
    }
    const { code, stdout, stderr } = result;
    assert.equal(code, 0, stderr);
    assert.match(stdout, /async-await/);
    assert.match(stdout, /callbacks-original/);
    const rescued = path.join(dir, 'r-rescued.jsonl');
    assert.equal(lines(rescued).length, 2);
    assert.match(stderr, /was deleted during the session/);
    assert.match(stderr, new RegExp(`asyncmark: 2 runs in ${rescued.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n`));
    assert.doesNotMatch(stderr, new RegExp(`runs in ${out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n`));
  });
});
