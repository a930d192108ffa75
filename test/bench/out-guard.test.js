'use strict';

// bench --out is a file asyncmark may append to, or it is refused at once
// (one line, exit code 2) before anything runs: never a device or a FIFO,
// whose reading never ends, and never a file a person wrote, which would be
// cut or grown. Each refusal has a planted instance here.

const assert = require('node:assert/strict');
const { execFile, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runCli } = require('./capture');
const { RESULTS } = require('../report/fixture-report');

const CLI = path.join(__dirname, '..', '..', 'bench', 'cli.js');

// The CLI in a child with a time limit: a refusal that hangs fails the test
// (killed, code null) instead of hanging it.
function cliChild(args, timeout = 30000) {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { timeout, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
      resolve({ code: error ? (error.killed ? null : error.code) : 0, stdout, stderr });
    });
  });
}

describe('asyncmark bench --out: only a results file', function () {
  this.timeout(60000);
  let dir;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-out-guard-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses a FIFO at once, without opening it', async () => {
    const fifo = path.join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const { code, stderr } = await cliChild(['bench', '--test', '--quiet', '--examples', 'async-await', '--out', fifo]);
    assert.equal(code, 2, stderr);
    assert.match(stderr, /^asyncmark: --out: .*pipe.* is not allowed; expected a regular file \(it is a FIFO/m);
    assert.equal(stderr.trim().split('\n').length, 1, stderr);
  });

  it('refuses a character device (/dev/zero, /dev/null)', async () => {
    for (const device of ['/dev/zero', '/dev/null']) {
      const { code, stderr } = await cliChild(['bench', '--test', '--quiet', '--examples', 'async-await', '--out', device]);
      assert.equal(code, 2, stderr);
      assert.match(stderr, /--out: .* expected a regular file \(it is a character device\)/);
    }
  });

  it('refuses a file a person wrote and leaves it byte-identical', async () => {
    const notes = path.join(dir, 'notes.txt');
    // No newline at the end: the old session would have cut this line off and moved it aside.
    const text = '# My notes\n\nasync is hard\nlast line without newline';
    fs.writeFileSync(notes, text);
    for (const extra of [[], ['--resume']]) {
      const { code, stderr } = await runCli('bench', '--test', '--quiet', '--examples', 'async-await', '--out', notes, ...extra);
      assert.equal(code, 2, stderr);
      assert.match(stderr, /--out: .*notes\.txt.* expected a new file or a results file of asyncmark bench/);
    }
    const json = path.join(dir, 'other.json');
    fs.writeFileSync(json, '{"name":"other"}\n');
    assert.equal((await runCli('bench', '--test', '--quiet', '--examples', 'async-await', '--out', json)).code, 2);
    assert.equal(fs.readFileSync(notes, 'utf8'), text);
    assert.equal(fs.readFileSync(json, 'utf8'), '{"name":"other"}\n');
    assert.deepEqual(fs.readdirSync(dir).sort(), ['notes.txt', 'other.json']);
  });

  it('refuses a results file of a schema this asyncmark does not read (a newer one) and leaves it byte-identical', async () => {
    const newer = path.join(dir, 'newer.jsonl');
    const text = '{"schema":"asyncmark/run@99","session":"s"}\n';
    fs.writeFileSync(newer, text);
    const { code, stderr } = await runCli('bench', '--test', '--quiet', '--examples', 'async-await', '--out', newer);
    assert.equal(code, 2);
    assert.match(
      stderr,
      /^asyncmark: --out: .*newer\.jsonl.* expected a results file of a schema this asyncmark reads \(asyncmark\/run@2 or asyncmark\/run@1\); its first line is asyncmark\/run@99, so it is left as it is\n$/,
    );
    assert.equal(fs.readFileSync(newer, 'utf8'), text);
  });

  it('appends to an empty file and to a results file', async () => {
    const empty = path.join(dir, 'empty.jsonl');
    fs.writeFileSync(empty, '');
    const { code, stderr } = await runCli('bench', '--test', '--quiet', '--examples', 'async-await', '--out', empty);
    assert.equal(code, 0, stderr);
    const again = await runCli('bench', '--test', '--quiet', '--examples', 'async-await', '--out', empty);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(fs.readFileSync(empty, 'utf8').trim().split('\n').length, 2);
  });

  it('--resume skips a garbage line in the middle of a results file with a warning, as report does', async () => {
    const out = path.join(dir, 'r.jsonl');
    const [first, second] = fs.readFileSync(RESULTS, 'utf8').split('\n');
    fs.writeFileSync(out, `${first}\nthis is not JSON\n${second}\n`);
    const { code, stderr } = await runCli('bench', '--test', '--quiet', '--examples', 'async-await', '--out', out, '--resume');
    assert.equal(code, 0, stderr);
    assert.match(stderr, /r\.jsonl:2: skipped, not a JSON line/);
    // The person's garbage line stays where it was; the run is appended after.
    const lines = fs.readFileSync(out, 'utf8').trim().split('\n');
    assert.equal(lines[1], 'this is not JSON');
    assert.equal(lines.length, 4);
  });
});
