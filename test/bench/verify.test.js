'use strict';

// asyncmark verify FILE as a user meets it: the whole suite on a file of one's
// own, each failing case with its first difference, exit codes 0, 1 and 2.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFile } = require('node:child_process');
const { runCli } = require('./capture');
const { shown } = require('../../bench/usage');
const doxbeeFixtures = require('../fixtures/doxbee');
const parallelFixtures = require('../fixtures/parallel');
const cancelFixtures = require('../fixtures/doxbee/on-cancel');
const { lacking } = require('../../lib/runtimes/syntax');
const { entryForFile, createVerifier } = require('../../lib/verify');
const { firstOfEach } = require('../kinds');

const ROOT = path.join(__dirname, '..', '..');
const CLI = path.join(ROOT, 'bench', 'cli.js');

function spawnCli(...args) {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { timeout: 60000, cwd: ROOT }, (error, stdout, stderr) => {
      resolve({ code: error ? error.code : 0, stdout, stderr });
    });
  });
}

// The options that call a fixture as its registry entry says.
const styleOf = (entry) => ['--io', entry.io, '--call', entry.call, '--throws', entry.throws];

describe('asyncmark verify', function () {
  this.timeout(60000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-verify-'));
  const copy = path.join(dir, 'my-style.js');
  fs.copyFileSync(path.join(ROOT, 'examples', 'doxbee', 'async-await.js'), copy);
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('passes a copy of a registered example, saying what it inferred, with exit code 0', async () => {
    const { code, stdout, stderr } = await spawnCli('verify', copy, '--io', 'promises');
    assert.equal(code, 0, stderr);
    assert.equal(stderr, '');
    assert.equal(
      stdout,
      `verify my-style (${copy}) as a doxbee example (call promise, io promises, throws caught) against the reference callbacks-original\n\n124 of 124 cases pass\n` +
        'on cancel: n/a (no means to cancel); --cancel signal, unsubscribe or halt says how the file is cancelled\n',
    );
  });

  describe('--cancel: what the file does when its caller gives up, judged by the cancel contract', () => {
    const onCancel = (stdout) => stdout.split('\n').find((line) => /^(FAIL )?on cancel: /.test(line));
    const SIGNAL =
      'its caller aborted its signal before start, while each operation was in flight and turns after each completed, with many uploads at once, one signal shared by two, AbortSignal.timeout and AbortSignal.any';

    it('passes a cancellable example that keeps the contract, with exit code 0', async () => {
      const { code, stdout } = await runCli('verify', 'examples/doxbee/async-await-cancellable.js', '--io', 'promises', '--cancel', 'signal');
      assert.equal(code, 0, stdout);
      // What its caller may expect, and the times measured: the times are shown, never asserted.
      const line = onCancel(stdout);
      assert.ok(line.startsWith('on cancel: keeps the contract; hears within one step (up to t ms): '), line);
      assert.match(line, /: [\d.]+ ms at t=300, [\d.]+ ms at t=1 \(/);
      assert.ok(line.endsWith(` (${SIGNAL})`), line);
    });

    it('fails each planted fixture with exit code 1, saying the breach and where', async function () {
      // Each fixture breaks only the cancel contract: the ordinary suite passes, in this process.
      // The command (two fenced children: the suite, then the cancel case) for the first fixture of
      // each means of cancelling; test/examples/cancel.test.js catches every fixture's breach by
      // the same observeCancel the fenced child runs.
      this.timeout(60000 * Object.keys(cancelFixtures).length);
      const verifier = createVerifier('doxbee');
      // The first fixture of each means of cancelling (signal, unsubscribe).
      const throughCommand = new Set(firstOfEach(Object.values(cancelFixtures), (fixture) => fixture.cancel));
      for (const fixture of Object.values(cancelFixtures)) {
        const entry = entryForFile(fixture.file, { io: fixture.io, call: fixture.call, throws: fixture.throws, cancel: fixture.cancel });
        const verdict = await verifier.verify(entry);
        assert.deepEqual([verdict.passed, verdict.total], [124, 124], fixture.name);
        if (!throughCommand.has(fixture)) continue;
        const { code, stdout } = await runCli('verify', fixture.file, ...styleOf(fixture), '--cancel', fixture.cancel);
        assert.equal(code, 1, fixture.name);
        assert.match(stdout, /\n124 of 124 cases pass\n/, fixture.name);
        assert.ok(onCancel(stdout).startsWith(`FAIL on cancel: ${fixture.caught}: it breaks the cancel contract (its caller `), onCancel(stdout));
      }
    });

    it("holds a registered example to its registry's declaration, by its registry's means", async () => {
      const { code, stdout } = await runCli('verify', 'examples/doxbee/async-await.js', '--io', 'promises');
      assert.equal(code, 0, stdout);
      const line = onCancel(stdout);
      assert.ok(line.startsWith('on cancel: writes after the abort at blob.put (file found); '), line);
      assert.ok(line.endsWith(` (${SIGNAL}; its registry declares writes after the abort)`), line);
    });

    it('fails a file that does worse than declared, and passes one that does as declared or better', async () => {
      const { cancelVerdict } = require('../../bench/commands/verify');
      const fixture = cancelFixtures.writesAfterAbort;
      const entry = entryForFile(fixture.file, { io: 'promises', cancel: 'signal' });
      const worse = await cancelVerdict({ problem: 'doxbee', entry, declared: 'hears late' });
      assert.equal(worse.failure, 'on cancel it does worse than its registry declares (hears late)');
      assert.match(worse.line, /^FAIL on cancel: writes after the abort at blob\.put \(file found\): it does worse than/);
      assert.equal((await cancelVerdict({ problem: 'doxbee', entry, declared: 'writes after the abort' })).failure, null);
      assert.equal((await cancelVerdict({ problem: 'doxbee', entry, declared: 'commits anyway' })).failure, null);
    });

    it("times its caller's wait only for an outcome that passes: a failing line shows no times, so none are taken", async () => {
      const { cancelFenced } = require('../../lib/verify-fenced');
      const { KEEPS, HEAR_AT_T } = require('../../lib/conformance');
      const fixture = cancelFixtures.ignoresSignal;
      const entry = entryForFile(fixture.file, { io: 'promises', cancel: 'signal' });
      const failing = await cancelFenced('doxbee', entry, { declared: KEEPS });
      assert.equal(failing.outcome, fixture.caught);
      assert.deepEqual(failing.hearing.times, []);
      // Declared so, it passes, and the times are taken at every latency.
      const declared = await cancelFenced('doxbee', entry, { declared: 'commits anyway' });
      assert.equal(declared.outcome, fixture.caught);
      assert.deepEqual(
        declared.hearing.times.map((time) => time.t),
        HEAR_AT_T,
      );
    });

    it('holds a parallel example to its problem, its inserts and commit the cancel points', async () => {
      const { code, stdout } = await runCli('verify', 'examples/parallel/async-await.js', '--problem', 'parallel', '--io', 'promises', '--cancel', 'signal');
      assert.equal(code, 0, stdout);
      const line = onCancel(stdout);
      assert.ok(line.startsWith('on cancel: issues I/O though already aborted at before start; '), line);
      assert.ok(line.endsWith(` (${SIGNAL}; its registry declares issues I/O though already aborted)`), line);
    });

    it('fails, saying why, when the means does not fit the file', async () => {
      const { code, stdout } = await runCli('verify', copy, '--io', 'promises', '--cancel', 'unsubscribe');
      assert.equal(code, 1);
      assert.match(
        onCancel(stdout),
        /^FAIL on cancel: n\/a \(the cancel case failed: the process ended with exit code 1: TypeError: .*subscribe is not a function\)$/,
      );
    });
  });

  it('prints each failing case with its first difference, and exits 1', async () => {
    const { code, stdout } = await spawnCli('verify', 'test/fixtures/doxbee/skips-file-update.js', '--io', 'promises');
    assert.equal(code, 1);
    assert.match(
      stdout,
      /^FAIL file found, success\n {2}first difference at event 10\n {4}expected: call file\.update .*\n {4}actual: {3}call tx\.commit \{"tx":1\}\n/m,
    );
    assert.equal(stdout.match(/^FAIL /gm).length, 54);
    assert.match(stdout, /\n\n70 of 124 cases pass\non cancel: n\/a \(no means to cancel\); [^\n]*\n$/);
  });

  it('holds a parallel example to its problem', async () => {
    const { code, stdout } = await spawnCli('verify', 'test/fixtures/parallel/commits-early.js', '--problem', 'parallel', '--io', 'promises');
    assert.equal(code, 1);
    assert.match(
      stdout,
      /^FAIL success\n {2}first difference at event 26\n {4}expected: complete fileVersion\.insert value=null\n {4}actual: {3}call tx\.commit \{"tx":1\}\n/m,
    );
    assert.match(stdout, /\n4 of 37 cases pass\non cancel: n\/a \(no means to cancel\); [^\n]*\n$/);
  });

  it('exits 1 for a planted-bug fixture of each style, and 2 for one this node cannot parse', async () => {
    // test/lib/verify.test.js rejects every fixture in this process; the command
    // (a fenced child or two each) for the first of each style the options pass.
    for (const [problem, fixtures] of Object.entries({ doxbee: doxbeeFixtures, parallel: parallelFixtures })) {
      for (const entry of firstOfEach(Object.values(fixtures), (e) => [...styleOf(e), Boolean(lacking(e.needs, null))].join(' '))) {
        const { code, stdout, stderr } = await runCli('verify', entry.file, '--problem', problem, ...styleOf(entry));
        // One in a syntax this node cannot parse is refused as it loads, saying
        // so (its conformance runs under a runtime that can: test/examples).
        const reason = lacking(entry.needs, null);
        if (reason) {
          assert.equal(code, 2, entry.name);
          assert.match(stderr, /; this node cannot parse all syntax: it needs /, stderr);
          assert.ok(stderr.includes(`it ${reason}`) && stderr.endsWith(')\n'), stderr);
          continue;
        }
        assert.equal(code, 1, entry.name);
        assert.match(stdout, /^FAIL /m, entry.name);
      }
    }
  });

  it('takes the failure behaviour of a parallel example from --on-failure', async () => {
    const entry = parallelFixtures.waitsForEveryInsert;
    const { code, stdout } = await runCli('verify', entry.file, '--problem', 'parallel', ...styleOf(entry), '--on-failure', 'wait-all');
    assert.equal(code, 0, stdout);
    assert.match(stdout, /on failure wait-all/);
  });

  it('refuses bad input in one line naming the parameter, with exit code 2', async () => {
    const refusals = [
      [['nope.js', '--io', 'promises'], 'FILE: "nope.js": no such file; expected the path of a JavaScript file'],
      [[dir, '--io', 'promises'], `FILE: ${shown(dir)} is a directory; expected the path of a JavaScript file`],
      [['package.json', '--io', 'promises'], 'FILE: "package.json" exports object; expected a function (io) => upload, as examples/doxbee/*.js do'],
      [
        [copy],
        '--io: missing; expected the I/O flavour the file is given, one of callbacks, callbacks-ctx, native, promises, bluebird, q, when, thunks, observables, effect, effection',
      ],
      [
        [copy, '--io', 'fibres'],
        '--io: "fibres" is not allowed; expected one of callbacks, callbacks-ctx, native, promises, bluebird, q, when, thunks, observables, effect, effection',
      ],
      [[copy, '--io', 'promises', '--problem', 'fib'], '--problem: "fib" is not allowed; expected one of doxbee, parallel'],
      [[copy, '--io', 'promises', '--call', 'thunk'], '--call: "thunk" is not allowed; expected one of callback, promise, observable'],
      [[copy, '--io', 'promises', '--throws', 'sometimes'], '--throws: "sometimes" is not allowed; expected one of caught, escapes'],
      [[copy, '--io', 'promises', '--on-failure', 'wait-all'], '--on-failure: only for a problem with calls made at once (parallel); this one is doxbee'],
      [[copy, '--io', 'promises', '--cancel', 'abort'], '--cancel: "abort" is not allowed; expected one of signal, unsubscribe, halt'],
    ];
    for (const [args, message] of refusals) {
      const { code, stdout, stderr } = await runCli('verify', ...args);
      assert.equal(code, 2, args.join(' '));
      assert.equal(stdout, '');
      assert.equal(stderr, `asyncmark: ${message}\n`);
    }
    const missing = await runCli('verify');
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /^asyncmark: missing required argument 'file'\n$/);
  });

  it('refuses a file that does not load, naming it', async () => {
    const broken = path.join(dir, 'broken.js');
    fs.writeFileSync(broken, 'module.exports = (io) => {\n');
    const { code, stderr } = await runCli('verify', broken, '--io', 'promises');
    assert.equal(code, 2);
    assert.equal(stderr, `asyncmark: FILE: ${shown(broken)} is not valid JavaScript (2:1: Unexpected token)\n`);
    const throwing = path.join(dir, 'throwing.js');
    fs.writeFileSync(throwing, "throw new Error('no database configured');\n");
    const thrown = await runCli('verify', throwing, '--io', 'promises');
    assert.equal(thrown.code, 2);
    assert.equal(thrown.stderr, `asyncmark: FILE: ${shown(throwing)} cannot be loaded (no database configured)\n`);
  });
});
