'use strict';

// A file of one's own runs in a child with a time limit, never in asyncmark's
// process: one that ends the process, hangs, or throws from a timer fails
// with its reason, and "N of M cases pass" always prints. Each is planted.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runCli } = require('./capture');
const { verifyFenced, cancelFenced } = require('../../lib/verify-fenced');
const { entryForFile } = require('../../lib/verify');

const PLANTED = {
  exits: 'module.exports = () => async function upload() { process.exit(0); };\n',
  'loops-when-loaded': 'for (;;) {}\n',
  'loops-when-called': 'module.exports = () => async function upload() { for (;;) {} };\n',
  'throws-late': "module.exports = () => async function upload() { setTimeout(() => { throw new Error('late boom'); }, 0); return new Promise(() => {}); };\n",
};

describe('asyncmark verify: the file runs fenced in a child', function () {
  // A file that ends the process costs a child per case: 124 children, on a
  // machine shared by many, took over two minutes.
  this.timeout(300000);
  let dir;
  const file = (name) => path.join(dir, `${name}.js`);
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-fenced-'));
    for (const [name, text] of Object.entries(PLANTED)) fs.writeFileSync(file(name), text);
    // The registered promises-native upload of the parallel problem (37 cases,
    // where DoxBee has 124: a child a case or two), but a child's second call ends the process.
    const real = JSON.stringify(path.join(__dirname, '..', '..', 'examples', 'parallel', 'promises-native.js'));
    fs.writeFileSync(
      file('exits-second'),
      `const real = require(${real});\nlet calls = 0;\nmodule.exports = (deps) => { const upload = real(deps); return function (...args) { if (++calls === 2) process.exit(0); return upload.apply(this, args); }; };\n`,
    );
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a file that calls process.exit(0) fails every case, exit code 1, and the summary line prints', async () => {
    const { code, stdout } = await runCli('verify', file('exits'), '--io', 'promises');
    assert.equal(code, 1);
    assert.match(stdout, /the file ended the process \(exit code 0\)/);
    assert.match(stdout, /^0 of \d+ cases pass$/m);
    // When no case passes, how the file was given is the likelier cause.
    assert.match(stdout, /^no case passes: is exits a doxbee example \(--problem\), given the I\/O it is written for \(--io promises\)/m);
    // Three children that each ended in their first case, then the rest are not run.
    assert.equal((stdout.match(/^ {2}the file ended the process \(exit code 0\) before the case finished$/gm) ?? []).length, 3, stdout);
    assert.match(stdout, /not run: the process ended in the first case of 3 children in a row \(the last: the file ended the process/);
  });

  it('a file that ends the process only in some cases has every other case run', async () => {
    const verdict = await verifyFenced('parallel', entryForFile(file('exits-second'), { io: 'promises' }), { limitMs: 3000 });
    // Each child passes its first case and ends in a later one (a case may call
    // upload more than once): many pass, and no case is left unrun.
    assert.ok(verdict.passed > 0, `${verdict.passed} of ${verdict.total}`);
    assert.ok(verdict.failures.length > 0);
    assert.ok(verdict.failures.every((f) => /ended the process \(exit code 0\)/.test(f.problems[0])));
  });

  it('a file that throws from a timer fails with its error, not a raw stack trace', async () => {
    // The parallel problem's 37 cases: a late throw ends a child every case or two.
    const verdict = await verifyFenced('parallel', entryForFile(file('throws-late'), { io: 'promises' }), { limitMs: 3000 });
    assert.equal(verdict.passed, 0);
    assert.match(verdict.failures[0].problems.join('\n'), /late boom/);
  });

  it('a file that loops when called times out within its limit, and the rest are not run', async () => {
    const verdict = await verifyFenced('doxbee', entryForFile(file('loops-when-called'), { io: 'promises' }), { limitMs: 1000 });
    assert.equal(verdict.passed, 0);
    assert.equal(verdict.failures.length, verdict.total);
    assert.match(verdict.failures[0].problems[0], /timed out: no answer within 1 s/);
    assert.match(verdict.failures[1].problems[0], /not run: an earlier case .* hung/);
  });

  it("counts its limit from the file's load, not from asyncmark's own start", async () => {
    // A node that takes 2 s to start, as a loaded machine under coverage can: a 1 s limit was
    // spent before the file was loaded, and a file that loads at once "did not load".
    const slowNode = path.join(dir, 'slow-node');
    fs.writeFileSync(slowNode, `#!/bin/sh\nsleep 2\nexec ${JSON.stringify(process.execPath)} "$@"\n`, { mode: 0o755 });
    const verdict = await verifyFenced('doxbee', entryForFile(file('loops-when-called'), { io: 'promises' }), { limitMs: 1000, runtime: slowNode });
    assert.match(verdict.failures[0].problems[0], /timed out: no answer within 1 s/);
    assert.match(verdict.failures[1].problems[0], /not run: an earlier case .* hung/);
  });

  it('a file that loops when loaded fails every case as not loaded', async () => {
    const verdict = await verifyFenced('doxbee', entryForFile(file('loops-when-loaded'), { io: 'promises' }), { limitMs: 1000 });
    assert.equal(verdict.passed, 0);
    assert.match(verdict.failures[0].problems[0], /the file did not load: timed out/);
  });

  it('the cancel case runs fenced too: a file that ends the process there is n/a with the reason', async () => {
    const entry = entryForFile(file('exits'), { io: 'promises', cancel: 'signal' });
    assert.equal(
      (await cancelFenced('doxbee', entry, { limitMs: 3000 })).outcome,
      'n/a (the cancel case failed: the file ended the process (exit code 0) before the case finished)',
    );
    const hangs = entryForFile(file('loops-when-called'), { io: 'promises', cancel: 'signal' });
    assert.equal((await cancelFenced('doxbee', hangs, { limitMs: 1000 })).outcome, 'n/a (the cancel case failed: timed out: no answer within 1 s (killed))');
    // Without a means to cancel nothing is run, not even the file.
    assert.equal((await cancelFenced('doxbee', entryForFile(file('loops-when-loaded'), { io: 'promises' }))).outcome, 'n/a (no means to cancel)');
  });

  it('bench --add refuses a file that ends the process, in one line', async () => {
    const { code, stderr } = await runCli('bench', '--test', '--quiet', '--no-out', '--add', file('exits'), '--io', 'promises');
    assert.equal(code, 2);
    assert.match(
      stderr,
      /--add: .*exits\.js fails verification \(0 of \d+ cases pass: is it written for --io promises and --call promise\?\); first failing case: .*ended the process/,
    );
  });
});
