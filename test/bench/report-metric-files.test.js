'use strict';

// report --complexity and --debuggability name files a person chose: one that
// is not JSON, or JSON that is not the command's table, is refused in one line,
// exit 2, as a missing one is, and nothing is written; never left out of the
// report behind a warning and exit 0.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runCli } = require('./capture');
const { sessionLines, jsonl } = require('../fixtures/compare/make-runs');

describe('report: the metric files it is given', function () {
  this.timeout(60000);
  let dir;
  let runs;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-metric-'));
    runs = path.join(dir, 'runs.jsonl');
    fs.writeFileSync(runs, jsonl(sessionLines({ seed: 1, examples: { 'callbacks-original': 100, 'async-await': 130 } })));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const [option, what] of [
    ['--complexity', 'complexity'],
    ['--debuggability', 'debuggability'],
  ]) {
    for (const [kind, text, why] of [
      ['prose', 'my notes\n', 'it is not JSON'],
      ['JSON of another shape', '{"rows":"nope"}\n', 'it is JSON, but not a table of rows'],
    ]) {
      it(`${option}: ${kind} is refused, exit 2, nothing written`, async () => {
        const file = path.join(dir, `${what}-${kind.length}.json`);
        fs.writeFileSync(file, text);
        const out = path.join(dir, `out-${what}-${kind.length}`);
        fs.mkdirSync(out);
        const { code, stderr } = await runCli('report', '--in', runs, '--out', out, option, file);
        assert.equal(code, 2);
        assert.equal(
          stderr,
          `asyncmark: ${option}: ${JSON.stringify(file)} is not allowed; expected the JSON output of asyncmark ${what} --format json (${why})\n`,
        );
        assert.deepEqual(fs.readdirSync(out), []);
        assert.equal(fs.readFileSync(file, 'utf8'), text);
      });
    }
  }

  // The planted instance of the other side: the command's own output is taken.
  it('takes the output of asyncmark complexity --format json', async () => {
    const { stdout } = await runCli('complexity', '--format', 'json');
    const file = path.join(dir, 'complexity.json');
    fs.writeFileSync(file, stdout);
    const out = path.join(dir, 'out-ok');
    fs.mkdirSync(out);
    const { code, stderr } = await runCli('report', '--in', runs, '--out', out, '--complexity', file);
    assert.equal(code, 0, stderr);
    assert.ok(fs.readdirSync(out).includes('README.md'));
  });
});
