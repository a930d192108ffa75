'use strict';

// npm run count-audit: the pure table (a ratio the two harnesses disagree on
// by more than 5% is a range, flagged, never one figure; planted pairs on
// either side of the bound), its refusals, and one run of the command on
// three examples at a small size under valgrind.

const assert = require('node:assert/strict');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { AGREE, apart, ratioOf, auditRows } = require('../../bench/count-audit/table');
const { findValgrind } = require('../../lib/runner/count-plan');

const COMMAND = path.join(__dirname, '..', '..', 'bench', 'count-audit', 'index.js');
const audit = (args) => spawnSync(process.execPath, [COMMAND, ...args], { encoding: 'utf8' });

describe('count audit: the table', () => {
  it('one figure when the two ratios agree within 5%, a flagged range when not', () => {
    assert.equal(AGREE, 0.05);
    assert.deepEqual(ratioOf(2.0, 2.08), { text: '2.04×', agree: true });
    // The Node 20 pair: the tool's 2.0x, the audit's 2.60x.
    assert.deepEqual(ratioOf(2.0, 2.6), { text: '2.00×–2.60× ≠', agree: false });
    assert.equal(apart(100, 105), 0.05);
    assert.equal(ratioOf(100, 105).agree, true);
    assert.equal(ratioOf(100, 105.1).agree, false);
  });

  it('rows: each count with its collector share, how far apart, the ratios both ways', () => {
    const tool = { a: { total: 20000, mutator: 18000, collector: 2000 }, b: { total: 40000, mutator: 30000, collector: 10000 } };
    const auditCounts = { a: { total: 20400, mutator: 18400, collector: 2000 }, b: { total: 52000, mutator: 40000, collector: 12000 } };
    const [a, b] = auditRows({ examples: ['a', 'b'], tool, audit: auditCounts });
    assert.deepEqual(a, {
      example: 'a',
      compiling: 'n/a / n/a',
      tool: '20.0k (GC 10%)',
      audit: '20.4k (GC 10%)',
      apart: '2.0%',
      toolRatio: '1.00×',
      auditRatio: '1.00×',
      ratio: '1.00×',
    });
    assert.equal(b.apart, '30.0% ≠');
    assert.equal(b.toolRatio, '2.00×');
    assert.equal(b.auditRatio, '2.55×');
    assert.equal(b.ratio, '2.00×–2.55× ≠');
    // The optimizing compiler's part, each way: a planted steady state that keeps compiling.
    const compiled = auditRows({ examples: ['a'], tool: { a: { ...tool.a, compiler: 0 } }, audit: { a: { ...auditCounts.a, compiler: 6120 } } });
    assert.equal(compiled[0].compiling, '0% / 30%');
  });

  it('with a floor: each ratio also above it, both ways, and the floor on a row of its own', () => {
    const tool = { a: { total: 20000, mutator: 18000, collector: 2000 }, b: { total: 40000, mutator: 30000, collector: 10000 } };
    const auditCounts = { a: { total: 22000, mutator: 20000, collector: 2000 }, b: { total: 42000, mutator: 32000, collector: 10000 } };
    const floor = { name: 'timer-floor', tool: { total: 10000, mutator: 9000, collector: 1000 }, audit: { total: 12000, mutator: 11000, collector: 1000 } };
    const rows = auditRows({ examples: ['a', 'b'], tool, audit: auditCounts, floor });
    // (40 - 10) / (20 - 10) = 3, and (42 - 12) / (22 - 12) = 3: one figure above the floor, where the totals' ratios (2.00, 1.91) agree too.
    assert.deepEqual([rows[1].toolAbove, rows[1].auditAbove, rows[1].above], ['3.00×', '3.00×', '3.00×']);
    assert.equal(rows[1].ratio, '1.95×');
    assert.deepEqual(rows[2], { example: 'floor (timer-floor)', tool: '10.0k (GC 10%)', audit: '12.0k (GC 8%)', apart: '20.0% ≠' });
    // Planted: a floor the audit counts higher moves the audit's ratio above it, and the pair is flagged.
    const higher = { ...floor, audit: { total: 16000, mutator: 15000, collector: 1000 } };
    assert.match(auditRows({ examples: ['a', 'b'], tool, audit: auditCounts, floor: higher })[1].above, /^3\.00×–4\.33× ≠$/);
  });

  it('refuses a bad option in one line naming it, exit code 2', () => {
    for (const [args, pattern] of [
      [['--examples', 'no-such-style'], /^count-audit: --examples: .*no-such-style/],
      [['--batches', '1'], /^count-audit: --batches: .*1/],
      [['--batches', '5', '--counted', '5'], /^count-audit: --counted: .*fewer than --batches/],
      [['--runtime', 'deno'], /^count-audit: --runtime: .*deno.*Node/],
    ]) {
      const result = audit(args);
      assert.equal(result.status, 2, result.stderr);
      assert.match(result.stderr, pattern);
      assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
    }
  });
});

// Not under coverage (nyc's hooks would run inside the counted batches): npm
// test runs this file again without it, as it does count.test.js.
const counting = findValgrind() && !process.env.NYC_CONFIG;

(counting ? describe : describe.skip)('count audit under valgrind (three examples, small)', function () {
  this.timeout(1800000);

  it('counts each example both ways and prints the two figures and the two ratios side by side', () => {
    const result = audit(['--examples', 'callbacks-original,async-await,promises-native', '--n', '100', '--batches', '6', '--counted', '3']);
    assert.equal(result.status, 0, result.stderr);
    const rows = result.stdout.split('\n').filter((line) => /^(callbacks-original|async-await|promises-native) /.test(line));
    assert.equal(rows.length, 3, result.stdout);
    for (const row of rows) assert.match(row, /\d+\.\dk \(GC \d+%\) +\d+\.\dk \(GC \d+%\) +\d+\.\d%(?: ≠)? +\d+% \/ \d+%/);
    assert.match(rows[0], /1\.00× +1\.00× +1\.00×/);
    assert.match(result.stdout, /≠: the two harnesses more than 5% apart/);
  });
});
