'use strict';

// npm run count-audit: the pure table (a ratio the two harnesses disagree on
// by more than 5% is a range, flagged, never one figure; planted pairs on
// either side of the bound), its refusals, and one run of the command on
// three examples at a small size under valgrind.

const assert = require('node:assert/strict');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { AGREE, apart, ratioOf, rangeOf, auditRows } = require('../../bench/count-audit/table');
const { toolFigures, auditFigures } = require('../../bench/count-audit');
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

  it('rows: the mean beside the steady figure, both ways, and an audit whose halves are 5% apart flagged', () => {
    const tool = { a: { total: 20000, mutator: 18000, collector: 2000, mean: 22300 } };
    const settled = { a: { total: 19600, mutator: 17600, collector: 2000, mean: 22700, halves: [23000, 22400] } };
    const [row] = auditRows({ examples: ['a'], tool, audit: settled });
    assert.deepEqual([row.toolMean, row.auditMean, row.meanApart], ['22.3k', '22.7k (23.0k | 22.4k)', '1.8%']);
    // Planted: a recompilation in the first half only, the mean not settled.
    const unsettled = { a: { ...settled.a, halves: [25300, 20200] } };
    assert.equal(auditRows({ examples: ['a'], tool, audit: unsettled })[0].auditMean, '22.7k (25.3k | 20.2k ≠)');
  });

  it("the audit's batches summed up by the tool's rule and by the mean; the tool's segments by the mean", () => {
    const batch = (ir, inCollections = 0) => ({ Ir: ir, inCollections, collections: inCollections ? 1 : 0, inCompiler: 0 });
    // Five batches of 1,000: steady 20M outside the collector, one collection of 4M, one recompilation of 60M.
    const files = [batch(80e6), batch(24e6, 4e6), batch(20e6), batch(20e6), batch(20e6)];
    const figures = auditFigures(files, 1000);
    assert.equal(figures.mutator, 20000);
    // The collector's mean over the batches from the first settled one on, as the tool's.
    assert.equal(figures.collector, 1000);
    assert.equal(figures.total, 21000);
    assert.equal(figures.mean, 32800);
    assert.deepEqual(figures.halves, [52000, 20000]);
    // Fewer batches than a segment (n=100: 10 batches a segment) are one segment: their mean.
    assert.equal(auditFigures([batch(2e6), batch(3e6)], 100).mutator, 25000);
    // The tool's results line: its segments, per round, averaged and divided by n.
    const metrics = {
      instructionsPerInvocation: 21000,
      mutatorPerInvocation: 20000,
      collectorPerInvocation: 1000,
      countedInCompiler: 0,
      countedSegmentMutator: [80e6, 20e6, 20e6, 20e6],
      countedSegmentCollector: [0, 4e6, 0, 0],
    };
    assert.deepEqual(toolFigures(metrics, 1000), { total: 21000, mutator: 20000, collector: 1000, compiler: 0, mean: 36000 });
  });

  it('with --states: the audit made per batch beside it, and each ratio over the three counts, a range past 5%', () => {
    assert.equal(rangeOf([2.0, 2.04, 2.08]), '2.04×');
    assert.equal(rangeOf([2.0, 2.2, 2.1]), '2.00×–2.20× ≠');
    const tool = { a: { total: 20000, mutator: 18000, collector: 2000 }, b: { total: 40000, mutator: 36000, collector: 4000 } };
    const once = { a: { total: 20000, mutator: 18000, collector: 2000 }, b: { total: 40400, mutator: 36400, collector: 4000 } };
    // Planted: made per batch, the baseline lands in a dearer state (Node 26's callbacks-original: 25.7k against 19.5k).
    const perBatch = { a: { total: 26000, mutator: 23000, collector: 3000 }, b: { total: 41000, mutator: 37000, collector: 4000 } };
    const [, b] = auditRows({ examples: ['a', 'b'], tool, audit: once, perBatch });
    assert.equal(b.ratio, '2.01×');
    assert.deepEqual([b.perBatch, b.perBatchRatio, b.states], ['41.0k (GC 10%)', '1.58×', '1.58×–2.02× ≠']);
    // The same states in agreement: one figure.
    const alike = { a: once.a, b: { total: 40800, mutator: 36800, collector: 4000 } };
    assert.equal(auditRows({ examples: ['a', 'b'], tool, audit: once, perBatch: alike })[1].states, '2.02×');
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

  it('refuses a bad option in one line naming it, exit code 2', function () {
    // Five children, each loading every example before it refuses: under coverage, with
    // another test file beside it (mocha --parallel) on a loaded machine, more than 20 s.
    this.timeout(5 * 20000);
    for (const [args, pattern] of [
      [['--examples', 'no-such-style'], /^count-audit: --examples: .*no-such-style/],
      [['--batches', '1'], /^count-audit: --batches: .*1/],
      [['--batches', '5', '--counted', '5'], /^count-audit: --counted: .*fewer than --batches/],
      [['--runtime', 'deno'], /^count-audit: --runtime: .*deno.*Node/],
      [['--tool-flags'], /^count-audit: .*--tool-flags.*expected .*--minimal-flags/],
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
    for (const row of rows)
      assert.match(
        row,
        /\d+\.\dk \(GC \d+%\) +\d+\.\dk \(GC \d+%\) +\d+\.\d%(?: ≠)? +\d+\.\dk +\d+\.\dk \(\d+\.\dk \| \d+\.\dk(?: ≠)?\) +\d+\.\d%(?: ≠)? +\d+% \/ \d+%/,
      );
    assert.match(rows[0], /1\.00× +1\.00× +1\.00×/);
    assert.match(result.stdout, /≠: more than 5% apart/);
  });
});
