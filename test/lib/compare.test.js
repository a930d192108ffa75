'use strict';

// asyncmark compare's logic on planted runs: which cells are compared, the
// stars each earns, why the others are not, and which environment is which
// side. Seeded made-up runs; nothing here is timed.

const assert = require('node:assert/strict');
const stats = require('../../lib/stats');
const { parseResults } = require('../../lib/results');
const drivers = require('../../lib/drivers');
const { CompareInputError, environments, chooseSides, compare } = require('../../lib/compare');
const { renderComparison, falsePositivesLine } = require('../../lib/report/render/comparison');
const { sessionLines, computeLines, planted, jsonl } = require('../fixtures/compare/make-runs');
const registries = require('../../examples');
const DECLARATIONS = { drivers, registries };

// Every line goes through the one reader, as the command's do.
function file(name, lines) {
  const { runs, skipped } = parseResults(jsonl(lines), name, { drivers });
  assert.deepEqual(skipped, []);
  return { name, runs };
}

const cell = (row) => `${row.example} n=${row.params.n}`;

// These tests judge the times themselves; compare-shift.test.js the other bases.
const ABSOLUTE = { basis: 'absolute', ...DECLARATIONS };

function expectThrows(fn, code, fields = {}) {
  assert.throws(fn, (error) => {
    assert.ok(error instanceof CompareInputError, String(error));
    assert.equal(error.code, code);
    for (const [key, value] of Object.entries(fields)) assert.deepEqual(error[key], value, key);
    return true;
  });
}

describe('compare', () => {
  const { old, now } = planted();

  it('gives each planted cell its stars: 30% slower and 20% faster ***, unchanged none', () => {
    const result = compare(chooseSides([file('old.jsonl', old), file('new.jsonl', now)]), ABSOLUTE);
    assert.deepEqual(
      result.rows.map((row) => [cell(row), row.stars]),
      [
        ['async-await n=100', '***'],
        ['callbacks-original n=100', ''],
        ['promises-bluebird n=100', '***'],
        ['promises-native n=100', ''],
        ['async-await n=1000', '***'],
        ['callbacks-original n=1000', ''],
        ['promises-bluebird n=1000', '***'],
      ],
    );
    const slower = result.rows.find((row) => cell(row) === 'async-await n=1000');
    assert.ok(slower.changePercent > 27 && slower.changePercent < 33, String(slower.changePercent));
    assert.ok(slower.lowPercent < 30 && slower.highPercent > 30, 'the interval holds the planted 30%');
    assert.ok(slower.lowPercent > 0);
    const faster = result.rows.find((row) => cell(row) === 'promises-bluebird n=1000');
    assert.ok(faster.changePercent < -17 && faster.changePercent > -23, String(faster.changePercent));
    assert.ok(faster.highPercent < 0);
    const same = result.rows.find((row) => cell(row) === 'callbacks-original n=1000');
    assert.ok(same.lowPercent < 0 && same.highPercent > 0, 'an unchanged cell: the interval holds 0');
    assert.ok(same.pValue >= 0.05);
  });

  it('takes its numbers from stats.ratio of the new times over the old, the wall times of each side', () => {
    const result = compare(chooseSides([file('old.jsonl', old), file('new.jsonl', now)]), ABSOLUTE);
    const times = (lines, example) => lines.filter((l) => l.example === example && l.params.n === 1000).map((l) => l.metrics.wallMs);
    const expected = stats.ratio(times(now, 'async-await'), times(old, 'async-await'));
    const row = result.rows.find((r) => cell(r) === 'async-await n=1000');
    assert.equal(row.metric, 'wallMs');
    assert.equal(row.pValue, expected.p);
    assert.equal(row.changePercent, (expected.ratio - 1) * 100);
    assert.equal(row.lowPercent, (expected.low - 1) * 100);
    assert.equal(row.highPercent, (expected.high - 1) * 100);
    assert.equal(row.oldMean, stats.mean(times(old, 'async-await')));
    assert.equal(row.newMean, stats.mean(times(now, 'async-await')));
    assert.deepEqual([row.oldRuns, row.newRuns], [5, 5]);
  });

  it("compares each driver's own time: the compute driver's time per call, not its fixed wall time", () => {
    const before = computeLines({ examples: { sync: 0.5, async: 2.0 } });
    const after = computeLines({ seed: 2, env: { node: 'v26.1.0' }, examples: { sync: 0.5, async: 2.6 } });
    const result = compare(chooseSides([file('old.jsonl', before), file('new.jsonl', after)]), ABSOLUTE);
    assert.deepEqual(
      result.rows.map((row) => [row.example, row.metric, row.stars]),
      [
        ['async', 'callMs', '***'],
        ['sync', 'callMs', ''],
      ],
    );
    assert.ok(Math.abs(result.rows[0].changePercent - 30) < 3, String(result.rows[0].changePercent));
    assert.match(renderComparison(result, 'table', { drivers }), /^fib: time per call, mean of the runs; minTime=500, threads=2, w=1000$/m);
  });

  it('keeps a parameter named p (madeup-parallel) apart from the p-value', () => {
    const parallel = (seed, node, slow) =>
      [1, 4].flatMap((p) =>
        sessionLines({
          seed: seed + p,
          ns: [100],
          env: { node },
          scenario: 'madeup-parallel',
          problem: 'parallel',
          params: { p },
          examples: { 'callbacks-original': 100, 'async-await': p === 4 ? 100 * slow : 100 },
        }),
      );
    const result = compare(chooseSides([file('old.jsonl', parallel(10, 'v22.12.0', 1)), file('new.jsonl', parallel(20, 'v26.1.0', 1.3))]), ABSOLUTE);
    assert.deepEqual(
      result.rows.map((row) => [row.example, row.params.p, row.stars]),
      [
        ['async-await', 1, ''],
        ['callbacks-original', 1, ''],
        ['async-await', 4, '***'],
        ['callbacks-original', 4, ''],
      ],
    );
    const table = renderComparison(result, 'table', { drivers });
    assert.match(table, /^example +p +old ms +new ms +change +95% interval +p-value$/m);
    assert.match(table, /^madeup-parallel: wall time, mean of the runs; n=100, t=1, /m);
    const [header, ...lines] = renderComparison(result, 'csv', { drivers }).trimEnd().split('\r\n');
    const columns = header.split(',');
    assert.deepEqual(
      columns.filter((c) => c === 'p' || c === 'pValue'),
      ['p', 'pValue'],
    );
    const slower = lines.map((line) => line.split(',')).find((fields) => fields[1] === 'async-await' && fields[columns.indexOf('p')] === '4');
    assert.equal(slower[columns.indexOf('stars')], '***');
    assert.ok(Number(slower[columns.indexOf('pValue')]) < 0.001);
  });

  it('lists the cells on one side only and the one with a crashed run, with the reason', () => {
    const result = compare(chooseSides([file('old.jsonl', old), file('new.jsonl', now)]), ABSOLUTE);
    assert.deepEqual(
      result.notCompared.map((c) => [cell(c), c.reason]),
      [
        ['generators-co n=100', 'only in new'],
        ['generators-co n=1000', 'only in new'],
        ['promises-native n=1000', 'new: 1 of 5 runs CRASH (child exited with code 1)'],
      ],
    );
    assert.equal(result.notCompared[0].old, null);
    assert.deepEqual(result.notCompared[2].new, { runs: 5, finished: 4, statuses: { ok: 4, crash: 1 } });
  });

  it('lists a cell with under 2 finished runs, and one only on the old side', () => {
    const one = sessionLines({ runs: 1, ns: [100], examples: { 'callbacks-original': 100, 'async-await': 100 } });
    const three = sessionLines({ seed: 3, runs: 3, ns: [100], env: { node: 'v26.1.0' }, examples: { 'callbacks-original': 100 } });
    const result = compare(chooseSides([file('old.jsonl', one), file('new.jsonl', three)]), ABSOLUTE);
    assert.deepEqual(result.rows, []);
    assert.deepEqual(
      result.notCompared.map((c) => [cell(c), c.reason]),
      [
        ['async-await n=100', 'only in old'],
        ['callbacks-original n=100', 'old: 1 finished run; at least 2 on each side are needed'],
      ],
    );
    assert.equal(result.expectedFalsePositives.comparisons, 0);
  });

  it('says which side failed and how, every status counted', () => {
    const before = sessionLines({
      ns: [100],
      examples: { 'callbacks-original': 100 },
      failures: {
        'callbacks-original|100|1': { status: 'crash', error: 'child exited with code 1' },
        'callbacks-original|100|3': { status: 'timeout', error: 'no result within 60000 ms' },
      },
    });
    const after = sessionLines({
      seed: 3,
      ns: [100],
      env: { node: 'v26.1.0' },
      examples: { 'callbacks-original': 100 },
      failures: { 'callbacks-original|100|4': { status: 'oom', error: 'out of memory' } },
    });
    const result = compare(chooseSides([file('old.jsonl', before), file('new.jsonl', after)]), ABSOLUTE);
    assert.deepEqual(
      result.notCompared.map((c) => c.reason),
      ['old: 1 CRASH, 1 T/O of 5 runs (child exited with code 1); new: 1 of 5 runs OOM (out of memory)'],
    );
  });

  it('says how many false positives to expect among the cells it compared', () => {
    const result = compare(chooseSides([file('old.jsonl', old), file('new.jsonl', now)]), ABSOLUTE);
    assert.equal(result.expectedFalsePositives.comparisons, 7);
    assert.deepEqual(
      result.expectedFalsePositives.levels.map((l) => [l.stars, Number(l.expected.toFixed(6))]),
      [
        ['*', 0.35],
        ['**', 0.07],
        ['***', 0.007],
      ],
    );
    assert.equal(
      falsePositivesLine(result.expectedFalsePositives),
      '7 cells compared on time: were nothing different, chance alone would still mark about 0.35 of them * or more (p < 0.05), 0.07 ** or more (p < 0.01) and 0.007 *** (p < 0.001).',
    );
    const forty = { comparisons: 40, levels: stats.expectedFalsePositives(40) };
    assert.match(falsePositivesLine(forty), /^40 cells compared on time: .* about 2 of them \* or more .*, 0\.4 \*\* or more .* and 0\.04 \*\*\* /);
  });

  describe('choosing the sides', () => {
    const node24 = sessionLines({ seed: 4, env: { node: 'v24.11.0' }, examples: { 'callbacks-original': 1000, 'async-await': 1000 } });

    it('takes the two environments of one file in the order their runs first appear', () => {
      const both = file('both.jsonl', [...old, ...now]);
      assert.deepEqual(
        environments(both.runs).map((env) => [env.label, env.runs]),
        [
          ['node v22.12.0 on Fixture CPU @ 2.00GHz', 40],
          ['node v26.1.0 on Fixture CPU @ 2.00GHz', 50],
        ],
      );
      const sides = chooseSides([both]);
      assert.equal(sides.old.label, 'node v22.12.0 on Fixture CPU @ 2.00GHz');
      assert.equal(sides.new.label, 'node v26.1.0 on Fixture CPU @ 2.00GHz');
      assert.ok(sides.old.runs.every((run) => run.env.node === 'v22.12.0'));
      assert.ok(sides.new.runs.every((run) => run.env.node === 'v26.1.0'));
      // The same comparison as from two files.
      const fromOne = compare(sides, ABSOLUTE);
      const fromTwo = compare(chooseSides([file('old.jsonl', old), file('new.jsonl', now)]), ABSOLUTE);
      assert.deepEqual(fromOne.rows, fromTwo.rows);
      assert.deepEqual(fromOne.notCompared, fromTwo.notCompared);
    });

    it('swaps the sides with --old and --new, and takes the one left when only one is named', () => {
      const both = file('both.jsonl', [...old, ...now]);
      const swapped = chooseSides([both], { old: 'V26', new: 'v22' });
      assert.deepEqual([swapped.old.label, swapped.new.label], ['node v26.1.0 on Fixture CPU @ 2.00GHz', 'node v22.12.0 on Fixture CPU @ 2.00GHz']);
      const oneNamed = chooseSides([both], { new: 'v22' });
      assert.deepEqual([oneNamed.old.label, oneNamed.new.label], [swapped.old.label, swapped.new.label]);
      const row = compare(swapped, ABSOLUTE).rows.find((r) => cell(r) === 'async-await n=1000');
      assert.ok(row.changePercent < -20, 'Node 22 is faster than 26 at async-await');
      assert.equal(row.stars, '***');
    });

    it('never pools environments: of three in one file, the third is left out', () => {
      // Node 24 is ten times slower: pooled into either side, it would show.
      const three = file('three.jsonl', [...old, ...node24, ...now]);
      const result = compare(chooseSides([three], { old: 'v22', new: 'v26' }), ABSOLUTE);
      const twoOnly = compare(chooseSides([file('old.jsonl', old), file('new.jsonl', now)]), ABSOLUTE);
      assert.deepEqual(result.rows, twoOnly.rows);
      assert.equal(result.old.runs, 40);
      assert.equal(result.new.runs, 50);
    });

    it('compares two files from different machines, picking one environment of each', () => {
      const laptop = sessionLines({ seed: 5, env: { cpu: 'Laptop CPU' }, examples: { 'callbacks-original': 100, 'async-await': 100 } });
      const laptopOther = sessionLines({ seed: 6, env: { cpu: 'Laptop CPU', node: 'v26.1.0' }, examples: { 'callbacks-original': 500, 'async-await': 500 } });
      const server = sessionLines({ seed: 7, env: { cpu: 'Server CPU' }, examples: { 'callbacks-original': 50, 'async-await': 65 } });
      const serverOther = sessionLines({ seed: 8, env: { cpu: 'Server CPU', node: 'v26.1.0' }, examples: { 'callbacks-original': 5, 'async-await': 5 } });
      const files = [file('laptop.jsonl', [...laptop, ...laptopOther]), file('server.jsonl', [...serverOther, ...server])];
      expectThrows(() => chooseSides(files), 'NEEDS_CHOICE', { side: 'old', source: 'laptop.jsonl' });
      expectThrows(() => chooseSides(files, { old: 'v22' }), 'NEEDS_CHOICE', { side: 'new', source: 'server.jsonl' });
      const sides = chooseSides(files, { old: 'v22', new: 'v22' });
      assert.deepEqual([sides.old.label, sides.new.label], ['node v22.12.0 on Laptop CPU', 'node v22.12.0 on Server CPU']);
      const result = compare(sides, ABSOLUTE);
      const byCell = Object.fromEntries(result.rows.map((row) => [cell(row), row]));
      assert.ok(Math.abs(byCell['callbacks-original n=1000'].changePercent + 50) < 3, 'the server is twice as fast');
      assert.ok(Math.abs(byCell['async-await n=1000'].changePercent + 35) < 3);
      assert.deepEqual(
        result.rows.map((row) => row.stars),
        ['***', '***', '***', '***'],
      );
    });

    it('refuses what it cannot choose between', () => {
      const both = file('both.jsonl', [...old, ...now]);
      const three = file('three.jsonl', [...old, ...node24, ...now]);
      const labels = environments(three.runs).map((env) => env.label);
      expectThrows(() => chooseSides([file('old.jsonl', old)]), 'NOT_TWO_ENVS', { labels: [labels[0]] });
      expectThrows(() => chooseSides([three]), 'NOT_TWO_ENVS', { labels });
      expectThrows(() => chooseSides([three], { old: 'v22' }), 'NEEDS_CHOICE', { side: 'new', labels: labels.slice(1) });
      expectThrows(() => chooseSides([both], { old: 'v20' }), 'NO_MATCH', { side: 'old', text: 'v20' });
      expectThrows(() => chooseSides([three], { old: 'v2', new: 'v26' }), 'MANY_MATCHES', { side: 'old', labels });
      expectThrows(() => chooseSides([both], { old: 'v22', new: 'v22.12' }), 'SAME_ENV', { side: 'new' });
      expectThrows(() => chooseSides([file('old.jsonl', old), file('new.jsonl', now)], { new: 'v22' }), 'NO_MATCH', { side: 'new', source: 'new.jsonl' });
    });

    it('refuses two sides with no cell in common', () => {
      const fib = sessionLines({ scenario: 'doxbee-errors', env: { node: 'v26.1.0' }, examples: { 'callbacks-original': 100 } });
      expectThrows(() => compare(chooseSides([file('old.jsonl', old), file('new.jsonl', fib)]), DECLARATIONS), 'NO_COMMON_CELL', { cells: { old: 8, new: 2 } });
    });
  });

  describe('rendering', () => {
    const result = compare(chooseSides([file('old.jsonl', old), file('new.jsonl', now)]), ABSOLUTE);

    it('table: the sides, one table per scenario with the parameters that vary as columns, the legend, the false positives, the cells not compared', () => {
      const text = renderComparison(result, 'table', { drivers });
      const lines = text.split('\n');
      assert.equal(lines[0], 'old: node v22.12.0 on Fixture CPU @ 2.00GHz, 40 runs of old.jsonl');
      assert.equal(lines[1], 'new: node v26.1.0 on Fixture CPU @ 2.00GHz, 50 runs of new.jsonl');
      assert.match(lines[3], /^Session shift: none found; the median cell changed by /);
      assert.match(lines[4], /^Judged on absolute mean times: across two sessions /);
      assert.equal(lines[6], 'doxbee-sequential: wall time, mean of the runs; t=1, latency=constant, dt=0.1, e=0, seed=1');
      assert.match(lines[7], /^example +n +old ms +new ms +change +95% interval +p-value$/);
      assert.match(text, /^async-await +1000 +[\d.]+ +[\d.]+ +\+3\d\.\d% +\+\d\d\.\d% to \+3\d\.\d% +< 0\.001 +\*\*\*$/m);
      assert.match(text, /^promises-bluebird +1000 +[\d.]+ +[\d.]+ +-\d\d\.\d% +-\d\d\.\d% to -\d\d\.\d% +< 0\.001 +\*\*\*$/m);
      assert.match(text, /^callbacks-original +1000 +[\d.]+ +[\d.]+ +[-+]\d\.\d% +-\d\.\d% to \+\d\.\d% +0\.\d+$/m);
      assert.ok(text.includes(`\n${falsePositivesLine(result.expectedFalsePositives)}\n`));
      assert.match(text, /\nNot compared \(3 cells\):\n/);
      assert.match(
        text,
        /^doxbee-sequential +promises-native +n=1000, t=1, latency=constant, dt=0\.1, e=0, seed=1 +new: 1 of 5 runs CRASH \(child exited with code 1\)$/m,
      );
      // The false-positive line comes after the table and before the list.
      assert.ok(text.indexOf('7 cells compared') > text.indexOf('promises-bluebird  1000'));
      assert.ok(text.indexOf('7 cells compared') < text.indexOf('Not compared'));
    });

    it('markdown: the same, as GitHub tables', () => {
      const text = renderComparison(result, 'markdown', { drivers });
      assert.match(text, /^### doxbee-sequential: wall time, mean of the runs; t=1/m);
      assert.match(text, /^\| async-await \| 1000 \| [\d.]+ \| [\d.]+ \| \+3\d\.\d% \| \+\d\d\.\d% to \+3\d\.\d% \| < 0\.001 \| \*\*\* \|$/m);
      assert.match(text, /^\| doxbee-sequential \| generators-co \| n=100, .* \| only in new \|$/m);
      // Stars outside a table are escaped, or markdown would read them as emphasis.
      assert.ok(
        text.includes('\n7 cells compared on time: were nothing different, chance alone would still mark about 0.35 of them \\* or more (p \\< 0.05), '),
      );
      assert.ok(text.includes('; \\* p \\< 0.05, \\*\\* p \\< 0.01, \\*\\*\\* p \\< 0.001.\n'));
    });

    it('csv: one row per cell, compared or not, numbers at full precision', () => {
      const [header, ...rows] = renderComparison(result, 'csv', { drivers }).trimEnd().split('\r\n');
      assert.equal(
        header,
        'scenario,example,n,t,latency,dt,e,seed,driver,metric,basis,baseline,oldRuns,newRuns,oldMean,newMean,oldRatio,newRatio,changePercent,lowPercent,highPercent,pValue,stars,note,reason',
      );
      assert.equal(rows.length, 10);
      const slower = rows.find((r) => r.startsWith('doxbee-sequential,async-await,1000,')).split(',');
      const row = result.rows.find((r) => cell(r) === 'async-await n=1000');
      assert.equal(slower[10], 'absolute');
      assert.equal(Number(slower[18]), row.changePercent);
      assert.equal(slower[22], '***');
      assert.equal(slower[24], '');
      assert.ok(rows.includes('doxbee-sequential,promises-native,1000,1,constant,0.1,0,1,,,,,5,4,,,,,,,,,,,new: 1 of 5 runs CRASH (child exited with code 1)'));
    });

    it('json: the sides, the rows, the cells not compared and the false positives to expect', () => {
      const json = JSON.parse(renderComparison(result, 'json', { drivers }));
      assert.deepEqual(Object.keys(json), [
        'old',
        'new',
        'measure',
        'basis',
        'oneSession',
        'shift',
        'shifts',
        'rows',
        'notCompared',
        'fallbacks',
        'expectedFalsePositives',
      ]);
      assert.deepEqual(json.old, { source: 'old.jsonl', env: 'node v22.12.0 on Fixture CPU @ 2.00GHz', runs: 40 });
      assert.equal(json.rows.length, 7);
      assert.equal(json.rows[0].params.n, 100);
      assert.equal(json.notCompared.length, 3);
      assert.equal(json.expectedFalsePositives.comparisons, 7);
      assert.deepEqual(
        json.expectedFalsePositives.levels.map((l) => l.stars),
        ['*', '**', '***'],
      );
    });

    it('says so when no cell could be compared', () => {
      const crashed = sessionLines({
        seed: 9,
        ns: [100],
        runs: 2,
        env: { node: 'v26.1.0' },
        examples: { 'callbacks-original': 100 },
        failures: { 'callbacks-original|100|0': { status: 'timeout', error: 'no result within 60000 ms' } },
      });
      const none = compare(chooseSides([file('old.jsonl', old), file('new.jsonl', crashed)]), ABSOLUTE);
      const text = renderComparison(none, 'table', { drivers });
      assert.match(text, /No cell could be compared: each is listed below with the reason\./);
      assert.match(text, /No cell was compared on time, so there are no false positives to expect\./);
      assert.match(text, /new: 1 of 2 runs T\/O \(no result within 60000 ms\)$/m);
    });
  });
});
