'use strict';

// A file of one's own that is not JavaScript (prose, Markdown, a typo) is
// told so, with the parser's line:col and message, by verify and bench --add;
// the hint of syntax this node lacks (`await using`) is given only to a file
// written in it. Nothing here runs the file's code in this process.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runCli } = require('./capture');
const { lacking } = require('../../lib/runtimes/syntax');

describe('a file that is not JavaScript', function () {
  this.timeout(60000);
  let dir;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-notjs-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (name, text) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };

  const cases = [
    ['prose', 'notes.txt', 'hello world, these are my notes\n', '1:7: Unexpected token world'],
    ['Markdown', 'README.md', 'Some text\n\n- a list\n', '1:6: Unexpected token text'],
    ['a typo', 'typo.js', 'module.exports = function (io) {\n  return io +;\n};\n', '2:14: Unexpected token ;'],
  ];
  for (const [what, name, text, where] of cases) {
    it(`${what}: not valid JavaScript at its line:col, never the await using hint, from verify and bench --add`, async () => {
      const file = write(name, text);
      const verify = await runCli('verify', file, '--io', 'promises');
      assert.equal(verify.code, 2);
      assert.equal(verify.stderr, `asyncmark: FILE: ${JSON.stringify(file)} is not valid JavaScript (${where})\n`);
      const add = await runCli('bench', '--add', file, '--io', 'promises', '--no-out', '--test');
      assert.equal(add.code, 2);
      assert.equal(add.stderr, `asyncmark: --add: ${JSON.stringify(path.relative(process.cwd(), file))} is not valid JavaScript (${where})\n`);
      assert.equal(fs.readFileSync(file, 'utf8'), text);
    });
  }

  // The planted instance of the other side: a file that is written in the
  // syntax keeps the hint wherever this node lacks it.
  it('a file in `await using` keeps the hint where this node cannot parse it', async function () {
    const reason = lacking('await using', null);
    if (!reason) this.skip();
    const file = write('uses.js', 'module.exports = async function (io) {\n  await using tx = io;\n};\n');
    const { code, stderr } = await runCli('verify', file, '--io', 'promises');
    assert.equal(code, 2);
    assert.ok(stderr.endsWith(`; this node cannot parse all syntax: it ${reason})\n`), stderr);
  });
});
