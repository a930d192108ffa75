'use strict';

// debuggability --keep: an earlier report's result is kept only while what it
// was measured on is unchanged; each way it can change is planted here (an
// example file edited, another runtime version, a library's version, the
// probe's own code), and each must be probed again.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { probe } = require('../../metrics/debuggability/probe');
const { splitKept, mergeKept } = require('../../metrics/debuggability/keep');
const { sourceHashes } = require('../../metrics/debuggability/sources');
const { runCli } = require('../bench/capture');

const ROOT = path.join(__dirname, '..', '..');
const EXAMPLE = path.join(ROOT, 'examples', 'doxbee', 'callbacks-original.js');

describe('debuggability --keep: probing only what changed', function () {
  this.timeout(120000);
  let dir;
  let current;
  const entry = (name) => ({ name, file: path.join(dir, `${name}.js`), call: 'callback', io: 'callbacks', libraries: [] });
  // An earlier report of the two examples, as their files are now.
  const earlierOf = (header, names) => ({
    ...header,
    examples: names.map((name) => ({ name, status: 'probed', sources: sourceHashes(entry(name)), probedAt: '2026-01-01T00:00:00.000Z', runs: [] })),
  });

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-keep-'));
    for (const name of ['same', 'edited']) fs.copyFileSync(EXAMPLE, path.join(dir, `${name}.js`));
    // What a run asks and runs under: a probe of no example.
    current = await probe([], { problem: 'doxbee' });
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('records the hashes of the files an example depends on, and of the probe code', () => {
    assert.deepEqual(Object.keys(sourceHashes(entry('same'))), [path.join(dir, 'same.js')]);
    assert.match(Object.values(sourceHashes(entry('same')))[0], /^sha256:[0-9a-f]{64}$/);
    assert.match(current.probeCode, /^sha256:[0-9a-f]{64}$/);
  });

  it('keeps an unchanged example and probes one whose file was edited since', () => {
    const earlier = earlierOf(current, ['same', 'edited']);
    fs.appendFileSync(path.join(dir, 'edited.js'), '// one line more\n');
    const split = splitKept(earlier, [entry('same'), entry('edited')], current);
    assert.equal(split.reason, null);
    assert.deepEqual(
      split.probe.map((e) => e.name),
      ['edited'],
    );
    assert.deepEqual(
      split.kept.map((e) => e.name),
      ['same'],
    );
  });

  it('probes every example when the runtime, a library it had, or the probe code differs', () => {
    const entries = [entry('same')];
    const changes = [
      [{ environment: { ...current.environment, node: 'v0.0.1' } }, null],
      [{ environment: { ...current.environment, packages: { ...current.environment.packages, bluebird: '0.0.1' } } }, /^the library bluebird is /],
      [{ probeCode: 'sha256:0' }, /^the probe's own code differs$/],
      [{ probeCode: undefined }, /^the probe's own code differs \(not recorded then\)$/],
      [{ timeoutMs: 1 }, /^the time limit differs$/],
    ];
    for (const [change, reason] of changes) {
      const split = splitKept({ ...earlierOf(current, ['same']), ...change }, entries, current);
      assert.deepEqual(split.kept, [], JSON.stringify(change));
      assert.deepEqual(split.probe, entries);
      if (reason) assert.match(split.reason, reason);
    }
    // A library installed since was not there for the earlier run to use.
    const installed = { environment: { ...current.environment, packages: { ...current.environment.packages, 'left-pad': '1.0.0' } } };
    assert.equal(splitKept(earlierOf(current, ['same']), entries, { ...current, ...installed }).kept.length, 1);
  });

  it('merges in the order asked, listing what was kept and when it was probed', () => {
    const fresh = { ...current, examples: [{ name: 'edited', probedAt: 'now' }] };
    const kept = [{ name: 'same', probedAt: '2026-01-01T00:00:00.000Z' }];
    const merged = mergeKept(fresh, kept, [entry('same'), entry('edited')]);
    assert.deepEqual(
      merged.examples.map((e) => e.name),
      ['same', 'edited'],
    );
    assert.deepEqual(merged.kept, [{ name: 'same', probedAt: '2026-01-01T00:00:00.000Z' }]);
  });

  it('through the command: a doctored hash is probed again, the rest kept and said so; a file that is not a report is refused', async () => {
    const args = ['debuggability', '--examples', 'callbacks-original,promises-native', '--settings', 'none', '--quiet'];
    const first = await runCli(...args, '--format', 'json');
    assert.equal(first.code, 0, first.stderr);
    const earlier = JSON.parse(first.stdout);
    // Planted: the earlier result of promises-native was of another file.
    earlier.examples[1].sources = { 'examples/doxbee/promises-native.js': 'sha256:0' };
    earlier.examples[0].probedAt = '2026-01-01T00:00:00.000Z';
    const file = path.join(dir, 'earlier.json');
    fs.writeFileSync(file, JSON.stringify(earlier));
    const again = await runCli(...args, '--format', 'json', '--keep', file);
    assert.equal(again.code, 0, again.stderr);
    const report = JSON.parse(again.stdout);
    assert.deepEqual(report.kept, [{ name: 'callbacks-original', probedAt: '2026-01-01T00:00:00.000Z' }]);
    assert.deepEqual(
      report.examples.map((e) => e.name),
      ['callbacks-original', 'promises-native'],
    );
    assert.notEqual(report.examples[1].probedAt, earlier.examples[1].probedAt);
    assert.deepEqual(report.examples[1].sources, sourceHashes({ file: path.join(ROOT, 'examples', 'doxbee', 'promises-native.js') }));
    const table = await runCli(...args, '--keep', file);
    assert.match(table.stdout, /\nKept from an earlier probe, .*; probed 2026-01-01T00:00:00\.000Z: callbacks-original\n/);

    const notReport = path.join(dir, 'rows.json');
    fs.writeFileSync(notReport, '[]');
    const refused = await runCli(...args, '--keep', notReport);
    assert.equal(refused.code, 2);
    assert.equal(
      refused.stderr,
      `asyncmark: --keep: "${notReport}" is not a report of asyncmark debuggability --format json; expected the path of one (or of none yet)\n`,
    );
  });
});
