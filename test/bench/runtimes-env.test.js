'use strict';

// A bad ASYNCMARK_RUNTIMES (the folder of installed runtimes) is refused in
// one line that names it, exit code 2, by every command that uses the
// folder, before anything is installed or probed: never a stack trace, a
// --runtime blamed, or a hang (Node's recursive mkdir under /proc never returns).

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runCli } = require('./capture');
const { cacheFolder, usableCacheFolder } = require('../../lib/runtimes/cache-folder');

const COMMANDS = [['runtimes'], ['bench', '--test', '--no-out', '--runtime', 'node@22'], ['debuggability', '--runtime', 'node@22']];

describe('ASYNCMARK_RUNTIMES', function () {
  this.timeout(30000);
  let dir;
  let saved;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-rt-'));
    saved = process.env.ASYNCMARK_RUNTIMES;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.ASYNCMARK_RUNTIMES;
    else process.env.ASYNCMARK_RUNTIMES = saved;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const cases = [
    ['a file', () => path.join(dir, 'file.txt'), /\(.*file\.txt is not a folder\)/],
    ['under a file', () => path.join(dir, 'file.txt', 'sub'), /\(.*file\.txt is not a folder\)/],
    ['only blanks', () => '   ', /\(only blanks\)/],
    ['a folder that cannot be made', () => '/proc/asyncmark-none', /\(cannot create \/proc\/asyncmark-none: E[A-Z]+\)/],
  ];
  for (const [what, value, why] of cases) {
    it(`refuses ${what} in one line naming it, exit 2, from every command`, async () => {
      fs.writeFileSync(path.join(dir, 'file.txt'), 'a person wrote this\n');
      process.env.ASYNCMARK_RUNTIMES = value();
      for (const args of COMMANDS) {
        const { code, stdout, stderr } = await runCli(...args);
        assert.equal(code, 2, args.join(' '));
        assert.equal(stdout, '');
        assert.match(stderr, /^asyncmark: ASYNCMARK_RUNTIMES: ".*" is not allowed /);
        assert.match(stderr, why);
        assert.match(stderr, /expected a folder for installed runtimes/);
        assert.equal(stderr.split('\n').length, 2, stderr);
      }
      assert.equal(fs.readFileSync(path.join(dir, 'file.txt'), 'utf8'), 'a person wrote this\n');
    });
  }

  it('makes a missing folder, one level at a time', () => {
    const deep = path.join(dir, 'a', 'b');
    assert.equal(usableCacheFolder({ env: { ASYNCMARK_RUNTIMES: deep } }), deep);
    assert.ok(fs.statSync(deep).isDirectory());
  });

  // The planted instance: the path alone accepts a file, which later ended in a stack trace.
  it('planted: cacheFolder alone takes a file for the folder', () => {
    const file = path.join(dir, 'file.txt');
    fs.writeFileSync(file, '');
    assert.equal(cacheFolder({ env: { ASYNCMARK_RUNTIMES: file } }), file);
    assert.throws(() => usableCacheFolder({ env: { ASYNCMARK_RUNTIMES: file } }), /ASYNCMARK_RUNTIMES/);
  });
});
