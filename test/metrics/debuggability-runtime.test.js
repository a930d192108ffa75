'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { probe } = require('../../metrics/debuggability/probe');
const { SETTING_NAMES } = require('../../metrics/debuggability/stack-settings');
const { debuggabilityRows } = require('../../lib/report/sections/debuggability-rows');
const { render } = require('../../bench/commands/debuggability');
const { resolveRuntimes } = require('../../lib/runtimes');
const { runCli } = require('../bench/capture');
const { plantRuntime, writeBinary } = require('../fixtures/runtimes/plant');
const fixtures = require('../fixtures/debuggability');

// asyncmark debuggability --runtime: every example probed under each runtime,
// from a temporary cache of planted runtimes (a "bun" that is really the node
// running the tests, so nothing is downloaded; one that drops a flag, as Bun
// drops those it does not take; one that cannot run anything).

const GRADED = ['callback/timer', 'callback/continuation', 'sync'];

describe('debuggability --runtime', function () {
  this.timeout(60000);
  let cache;
  let saved;
  let log;
  beforeEach(() => {
    cache = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-debuggability-runtime-'));
    saved = process.env.ASYNCMARK_RUNTIMES;
    process.env.ASYNCMARK_RUNTIMES = cache;
    log = path.join(cache, 'runs.log');
    plantRuntime(cache, { spec: 'bun', version: '9.9.9', delegate: true, log });
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.ASYNCMARK_RUNTIMES;
    else process.env.ASYNCMARK_RUNTIMES = saved;
    fs.rmSync(cache, { recursive: true, force: true });
  });

  // The "run" lines of the planted bun's log: none while nothing ran under it.
  const runsUnderBun = () =>
    fs.existsSync(log)
      ? fs
          .readFileSync(log, 'utf8')
          .split('\n')
          .filter((line) => line === 'run').length
      : 0;

  it('probes every example under each runtime: rows per runtime, a setting one cannot apply n/a, each graded on its own', async () => {
    // A binary of one's own that drops --no-async-stack-traces: it cannot apply `none`.
    const stubborn = writeBinary(path.join(cache, 'own', 'stubborn'), { versionLine: 'stubborn 1.2.3', delegate: true, ignore: ['--no-async-stack-traces'] });
    const runtimes = await resolveRuntimes(['node', 'bun', stubborn], { install: false });
    const before = runsUnderBun();
    const report = await probe([fixtures.knownLine], { cases: GRADED, runtimes });
    const node = `node ${process.versions.node}`;
    const own = `${stubborn} 1.2.3`;

    assert.deepEqual(
      report.runtimes.map((r) => [r.spec, r.label, r.unsupported]),
      [
        ['node', node, null],
        ['bun', 'bun 9.9.9', null],
        [stubborn, own, null],
      ],
    );
    assert.ok(SETTING_NAMES.every((s) => report.runtimes[1].settings[s].applies && report.runtimes[1].settings[s].form === 'flags'));
    assert.equal(report.runtimes[2].settings.none.applies, false);
    assert.match(report.runtimes[2].settings.none.reason, /^its traces keep async frames under /);

    // One example of the report per runtime, its runs under that runtime only.
    assert.deepEqual(
      report.examples.map((e) => [e.name, e.runtime, e.status, e.runs.length]),
      [
        ['known-line', 'node', 'probed', 9],
        ['known-line', 'bun', 'probed', 9],
        ['known-line', stubborn, 'probed', 6],
      ],
    );
    assert.ok(runsUnderBun() - before >= 9, 'the runs of "bun" ran under its binary');
    // The same node underneath: the same grade, derived the same way; the
    // runtime that could not apply `none` is graded without it, and says so.
    assert.deepEqual(
      report.examples.map((e) => e.grade),
      [4, 4, 4],
    );
    assert.doesNotMatch(report.examples[1].gradeReason, /cannot be applied/);
    assert.match(report.examples[2].gradeReason, /\(none: cannot be applied under this runtime, not run\)$/);

    const rows = debuggabilityRows(report);
    assert.deepEqual(
      rows.map((r) => `${r.runtime}/${r.setting}`),
      [node, 'bun 9.9.9', own].flatMap((label) => SETTING_NAMES.map((s) => `${label}/${s}`)),
    );
    const table = render(report, 'table');
    assert.match(table, /^example\s+runtime\s+setting\s+callback\/timer\s+callback\/continuation\s+sync\s+to caller\s+grade\s+source maps$/m);
    assert.match(table, /^known-line\s+bun 9\.9\.9\s+node\s+caller -\s+caller 0\s+caller 0\s+0\/3\s+4\s+5$/m);
    assert.match(table, /^known-line\s+bun 9\.9\.9\s+none\s+caller -\s+caller -\s+caller 0\s+0\/3\s+4\s+5$/m);
    assert.match(table, new RegExp(`^known-line\\s+${own.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s+none\\s+n/a\\s+n/a\\s+n/a\\s+4\\s+5$`, 'm'));
    assert.match(
      table,
      /^ {2}bun 9\.9\.9: none as --no-async-stack-traces --stack-trace-limit=10; node, long as --async-stack-traces --stack-trace-limit=10$/m,
    );
    assert.match(table, /^ {2}.*stubborn 1\.2\.3: none n\/a \(its traces keep async frames/m);
    assert.match(table, /^ {2}known-line under bun 9\.9\.9: 4 \(failing line named by default in: callback\/continuation, sync\)$/m);

    const csv = render(report, 'csv').split('\r\n');
    assert.match(csv[0], /^example,runtime,setting,callback\/timer outcome,/);
    assert.ok(csv.some((line) => line.startsWith(`known-line,${own},none,n/a,,n/a,,n/a,,,4,`)));
    const json = JSON.parse(render(report, 'json'));
    assert.deepEqual(
      json.examples.map((e) => e.runtime),
      ['node', 'bun', stubborn],
    );
    assert.ok(json.runtimes.every((r) => !('record' in r)));
  });

  it('reads UNSUPPORTED, with the reason, where a runtime cannot load an example or cannot run the probe at all', async () => {
    plantRuntime(cache, { spec: 'node@99', version: '99.0.0' });
    const runtimes = await resolveRuntimes('bun,node@99', { install: false });
    const report = await probe([fixtures.crashesAtLoad], { settings: ['node'], cases: ['sync'], runtimes });
    const [underBun, underBroken] = report.examples;
    assert.deepEqual([underBun.status, underBun.grade], ['unsupported', null]);
    assert.match(underBun.gradeReason, /^bun cannot load crashes-at-load: Error: fixture broken at load$/);
    assert.equal(underBun.runs[0].outcome, 'unsupported');
    assert.deepEqual([underBroken.status, underBroken.runs], ['unsupported', []]);
    assert.equal(underBroken.gradeReason, 'node@99 cannot be a forked child that reports over IPC');

    const table = render(report, 'table');
    assert.match(table, /^crashes-at-load\s+bun 9\.9\.9\s+UNSUPPORTED\s*$/m);
    assert.match(table, /^crashes-at-load\s+node 99\.0\.0\s+UNSUPPORTED\s*$/m);
    assert.match(table, /^crashes-at-load under bun 9\.9\.9: UNSUPPORTED \(not probed\): bun cannot load crashes-at-load: Error: fixture broken at load$/m);
    assert.match(table, /^crashes-at-load under node 99\.0\.0: UNSUPPORTED \(not probed\): node@99 cannot be a forked child that reports over IPC$/m);
  });

  it('takes --runtime on the command line: a runtime field in the JSON only then', async () => {
    const given = await runCli(
      'debuggability',
      '--examples',
      'callbacks-original',
      '--settings',
      'node',
      '--runtime',
      'node,bun',
      '--format',
      'json',
      '--quiet',
    );
    assert.equal(given.code, 0, given.stderr);
    const json = JSON.parse(given.stdout);
    assert.deepEqual(
      json.examples.map((e) => [e.name, e.runtime, e.runs.length]),
      [
        ['callbacks-original', 'node', 5],
        ['callbacks-original', 'bun', 5],
      ],
    );
    assert.deepEqual(
      json.runtimes.map((r) => r.spec),
      ['node', 'bun'],
    );
    const plain = await runCli('debuggability', '--examples', 'callbacks-original', '--settings', 'node', '--quiet');
    assert.equal(plain.code, 0, plain.stderr);
    assert.match(plain.stdout, /^example\s+setting\s+callback\/timer\s/);
    assert.match(plain.stdout, /^callbacks-original\s+node\s+caller /m);
    assert.doesNotMatch(plain.stdout, /runtime/);
  });

  it('refuses a runtime it cannot have before anything runs, in one line, exit code 2', async () => {
    const before = runsUnderBun();
    const bad = await runCli('debuggability', '--runtime', 'bun,cobol', '--quiet');
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /^asyncmark: --runtime: "cobol" is not allowed; expected /);
    assert.equal(bad.stderr.trim().split('\n').length, 1);
    assert.equal(bad.stdout, '');
    const missing = await runCli('debuggability', '--runtime', './no-such-binary', '--quiet');
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /^asyncmark: --runtime: .*no-such-binary/);
    assert.equal(missing.stderr.trim().split('\n').length, 1);
    assert.equal(runsUnderBun(), before, 'nothing ran');
  });
});
