'use strict';

const assert = require('node:assert/strict');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { peerDependencies } = require('../../package.json');

// asyncmark as after a plain `npm install asyncmark`, the optional peers
// hidden from it (test/fixtures/package/hide-packages.js, preloaded into the
// CLI and every child it starts): a command that needs one refuses before it
// runs anything, in one line with the command that installs it, exit code 2;
// and a session that measured nothing does not exit 0.

const ROOT = path.join(__dirname, '..', '..');
const CLI = path.join(ROOT, 'bench', 'cli.js');
const HIDE = path.join(ROOT, 'test', 'fixtures', 'package', 'hide-packages.js');

function asyncmark(args, hidden = []) {
  const env = { ...process.env, NODE_OPTIONS: `--require ${HIDE}`, ASYNCMARK_TEST_HIDE: hidden.join(',') };
  const { status, stdout, stderr } = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 120000 });
  return { status, stdout, stderr };
}

const install = (...names) => `npm install ${names.map((name) => `${name}@${peerDependencies[name]}`).join(' ')}`;

describe('asyncmark without its optional dependencies', function () {
  this.timeout(180000);

  for (const runtime of ['chromium', 'firefox-worker']) {
    it(`refuses --runtime ${runtime} without puppeteer-core and esbuild before any run, in one line, exit code 2`, () => {
      const result = asyncmark(['bench', '--scenario', 'fib', '--test', '--no-out', '--runtime', runtime], ['puppeteer-core', 'esbuild']);
      assert.deepEqual(result, {
        status: 2,
        stdout: '',
        stderr: `asyncmark: --runtime ${runtime} needs puppeteer-core and esbuild: ${install('puppeteer-core', 'esbuild')}\n`,
      });
    });
  }

  it('names only the package that is missing', () => {
    const { status, stderr } = asyncmark(['bench', '--scenario', 'fib', '--test', '--no-out', '--runtime', 'node,chromium'], ['puppeteer-core']);
    assert.equal(status, 2);
    assert.equal(stderr, `asyncmark: --runtime chromium needs puppeteer-core: ${install('puppeteer-core')}\n`);
  });

  it('refuses clean --db <url> without pg in one line, exit code 2, no stack trace', () => {
    const result = asyncmark(['clean', '--db', 'postgres://someone@127.0.0.1:1/nowhere'], ['pg']);
    assert.deepEqual(result, { status: 2, stdout: '', stderr: `asyncmark: clean --db needs pg: ${install('pg')}\n` });
  });

  it('planted: with pg present the same command gets as far as connecting', () => {
    const { status, stderr } = asyncmark(['clean', '--db', 'postgres://someone@127.0.0.1:1/nowhere']);
    assert.equal(status, 2);
    assert.match(stderr, /^asyncmark: --db: cannot connect to /);
  });

  it('exits non-zero, saying so, when every run of a session is unsupported or unavailable', () => {
    // fibrous is registered but cannot run on this Node (its registry says why).
    const { status, stdout, stderr } = asyncmark(['bench', '--examples', 'fibrous', '--test', '--no-out', '--quiet']);
    assert.equal(status, 1, stderr);
    assert.match(stdout, /^fibrous .*N\/A|^fibrous /m);
    assert.match(stderr, /^asyncmark: nothing was measured: no run finished \(1 [A-Z/]+\)$/m);
  });

  it('planted: a session with one finished run exits 0', () => {
    const { status, stderr } = asyncmark(['bench', '--examples', 'fibrous,callbacks-original', '--test', '--no-out', '--quiet']);
    assert.equal(status, 0, stderr);
  });
});
