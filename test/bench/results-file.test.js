'use strict';

// A results file whose last line was cut off (a crash or a full disk in the
// middle of a write) must not cost the next run too: bench sets the partial
// line aside, appends on a fresh line, and --resume goes on from the rest.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runCli } = require('./capture');

describe('asyncmark bench and a cut-off results file', function () {
  this.timeout(120000);
  let dir;
  let out;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-results-file-'));
    out = path.join(dir, 'r.jsonl');
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const bench = (examples, ...more) => runCli('bench', '--examples', examples, '--test', '--quiet', '--out', out, ...more);
  const readLines = () =>
    fs
      .readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));

  it('appends the next run on a fresh line, never glued to the partial one', async () => {
    await bench('callbacks-original');
    fs.appendFileSync(out, '{"schema":"asyncmark/run@1","sess');
    const { code, stderr } = await bench('callbacks-original,async-await');
    assert.equal(code, 0, stderr);
    assert.equal(readLines().length, 3);
    assert.equal(fs.readFileSync(`${out}.partial`, 'utf8'), '{"schema":"asyncmark/run@1","sess');
  });

  it('resumes from the complete lines', async () => {
    await bench('callbacks-original');
    fs.appendFileSync(out, '{"schema":"asyncmark/run@1","sess');
    const { code, stderr } = await bench('callbacks-original,async-await', '--resume');
    assert.equal(code, 0, stderr);
    assert.deepEqual(
      readLines()
        .map((line) => line.example)
        .sort(),
      ['async-await', 'callbacks-original'],
    );
  });
});
