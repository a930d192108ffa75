'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runCli } = require('./capture');
const { formatRows } = require('../../lib/report/render/rows');
const { wrapLines } = require('../../lib/report/render/wrap');

// What the terminal shows by default fits 100 columns: bench's table (the
// columns a person asks first), asyncmark list; --wide and the other formats
// keep every column.

const WIDTH = 100;
// Lines wider than the terminal, as "<width>: <line>".
const tooWide = (text) =>
  text
    .split('\n')
    .filter((line) => [...line].length > WIDTH)
    .map((line) => `${[...line].length}: ${line}`);

describe('the terminal: widths', function () {
  this.timeout(180000);

  it('asyncmark list fits 100 columns', async () => {
    const { code, stdout } = await runCli('list');
    assert.equal(code, 0);
    assert.deepEqual(tooWide(stdout), []);
  });

  // The longest example names and the longest on-cancel verdicts of doxbee, two that cannot run here.
  const EXAMPLES = 'callbacks-async-waterfall-cancellable,promises-bluebird-using-cancellable,effect,async-await,callbacks-original,fibrous,async-await-using';

  // One bench session's runs, each format printed from them by --resume, which runs nothing again.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-terminal-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const out = path.join(dir, 'runs.jsonl');
  let measured = null;
  const bench = async (...args) => {
    measured = measured ?? runCli('bench', '--test', '--out', out, '--quiet', '--examples', EXAMPLES);
    const first = await measured;
    assert.equal(first.code, 0, first.stderr);
    return runCli('bench', '--test', '--out', out, '--resume', '--quiet', '--examples', EXAMPLES, ...args);
  };

  it("bench's default table fits 100 columns and shows the example, × baseline, memory and the verdicts", async () => {
    const { code, stdout, stderr } = await bench();
    assert.equal(code, 0, stderr);
    assert.deepEqual(tooWide(stdout), []);
    const header = stdout.split('\n')[1];
    assert.match(header, /^example +× baseline \(95% CI\) +peak RSS +failed runs +on cancel$/);
    assert.doesNotMatch(stdout, /CPU time|GC time|k heap/);
    assert.match(stdout, /--wide shows every column/);
  });

  it('bench --wide and --format markdown keep every column', async () => {
    const printed = {};
    for (const args of [['--wide'], ['--format', 'markdown']]) {
      const { code, stdout } = await bench(...args);
      assert.equal(code, 0);
      assert.match(stdout, /time: mean \(95% CI\).*min–max ms.*CPU time.*GC time \(count\).*on cancel/);
      printed[args[0]] = stdout;
    }
    // Planted: the table --wide prints is wider than the terminal, so the default's fit is the code's doing.
    assert.notDeepEqual(tooWide(printed['--wide']), []);
  });

  it('a table given a width wraps its widest text column, keeping the first whole', () => {
    const rows = [
      { name: 'callbacks-async-waterfall-cancellable', n: 12, text: 'writes after the abort at blob.put (file found), and more words after it' },
      { name: 'short', n: 3, text: 'keeps the contract' },
    ];
    const columns = [{ key: 'name' }, { key: 'n', align: 'right' }, { key: 'text' }];
    const fitted = formatRows(rows, columns, 'table', { width: 60 });
    assert.deepEqual(tooWideAt(fitted, 60), []);
    assert.match(fitted, /^callbacks-async-waterfall-cancellable +12 +writes after/m);
    assert.match(fitted, /^short +3 +keeps the\n +contract$/m);
    // Planted: without a width the same table is wider.
    assert.notDeepEqual(tooWideAt(formatRows(rows, columns, 'table'), 60), []);
  });

  it('wraps words, breaking one too long after a - @ / or , where it can', () => {
    assert.deepEqual(wrapLines('one two three four', 9), ['one two', 'three', 'four']);
    assert.deepEqual(wrapLines('bluebird@3.7.2', 10), ['bluebird@', '3.7.2']);
    assert.deepEqual(wrapLines('abcdefghijkl', 5, ' '), ['abcde', ' fghi', ' jkl']);
  });
});

function tooWideAt(text, width) {
  return text.split('\n').filter((line) => [...line].length > width);
}
