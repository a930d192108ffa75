'use strict';

// asyncmark compare --measure instructions on planted counted runs: a 1%
// change is starred, two identical sessions are not, one run a side gives a
// change but no significance, and a side without counts is not compared.
// Seeded made-up runs; nothing here is timed or counted for real.

const assert = require('node:assert/strict');
const { parseResults } = require('../../lib/results');
const drivers = require('../../lib/drivers');
const { chooseSides, compare } = require('../../lib/compare');
const { renderComparison } = require('../../lib/report/render/comparison');
const { mulberry32 } = require('../../lib/fakes/random');
const { sessionLines, jsonl } = require('../fixtures/compare/make-runs');
const registries = require('../../examples');
const DECLARATIONS = { drivers, registries };

// Counts per upload, planted per example, each run's off by up to ±noise (the
// repeatability measured under valgrind is about 0.006%).
function counted(lines, counts, { noise = 0.00005, seed = 1 } = {}) {
  const random = mulberry32(seed);
  return lines.map((line) => {
    if (line.status !== 'ok') return line;
    const value = counts[line.example] * (1 + noise * (2 * random() - 1));
    const instructions = value * line.params.n;
    return {
      ...line,
      metrics: {
        ...line.metrics,
        instructions,
        instructionsPerInvocation: value,
        estimatedCycles: null,
        estimatedCyclesPerInvocation: null,
        countedRounds: 4,
        warmRounds: 8,
      },
    };
  });
}

function file(name, lines) {
  const { runs, skipped } = parseResults(jsonl(lines), name, { drivers });
  assert.deepEqual(skipped, []);
  return { name, runs };
}

const EXAMPLES = { 'callbacks-original': 100, 'promises-native': 130, 'async-await': 150 };
const COUNTS = { 'callbacks-original': 23800, 'promises-native': 29000, 'async-await': 41000 };

function sides({ runs = 3, newCounts = COUNTS, seeds = [1, 2] } = {}) {
  const old = counted(sessionLines({ examples: EXAMPLES, ns: [1000], runs, seed: seeds[0] }), COUNTS, { seed: seeds[0] });
  const now = counted(sessionLines({ examples: EXAMPLES, ns: [1000], runs, seed: seeds[1] }), newCounts, { seed: seeds[1] });
  return chooseSides([file('old.jsonl', old), file('new.jsonl', now)]);
}

const byExample = (result) => Object.fromEntries(result.rows.map((row) => [row.example, row]));

describe('compare --measure instructions', () => {
  it('stars a planted 1% more work, and not the examples left alone', () => {
    const result = compare(sides({ newCounts: { ...COUNTS, 'async-await': COUNTS['async-await'] * 1.01 } }), { measure: 'instructions', ...DECLARATIONS });
    const rows = byExample(result);
    assert.equal(rows['async-await'].stars, '***');
    assert.ok(Math.abs(rows['async-await'].changePercent - 1) < 0.02, String(rows['async-await'].changePercent));
    assert.equal(rows['callbacks-original'].stars, '');
    assert.equal(rows['promises-native'].stars, '');
    assert.equal(rows['async-await'].metric, 'instructionsPerInvocation');
    assert.ok(rows['async-await'].oldSpreadPercent < 0.01);
  });

  it('two identical sessions: no change starred', () => {
    const result = compare(sides(), { measure: 'instructions', ...DECLARATIONS });
    assert.equal(result.rows.length, 3);
    assert.deepEqual(
      result.rows.map((row) => row.stars),
      ['', '', ''],
    );
  });

  it('a change within the spread of the runs is never starred, however small its p-value', () => {
    // 20 runs a side alternating 0.01% apart, the new side 0.005% higher:
    // Welch's test finds it (p < 0.01), but it is inside the runs' spread.
    const alternate = (lines, base) => {
      let i = 0;
      return counted(lines, COUNTS, { noise: 0 }).map((line) => ({ ...line, metrics: { ...line.metrics, instructionsPerInvocation: base + (i++ % 2) * 0.1 } }));
    };
    const only = { 'async-await': 150 };
    const old = alternate(sessionLines({ examples: only, ns: [1000], runs: 20 }), 1000);
    const now = alternate(sessionLines({ examples: only, ns: [1000], runs: 20, seed: 2 }), 1000.05);
    const [row] = compare(chooseSides([file('old.jsonl', old), file('new.jsonl', now)]), { measure: 'instructions', ...DECLARATIONS }).rows;
    assert.ok(row.pValue < 0.01, String(row.pValue));
    assert.equal(row.stars, '');
    assert.equal(row.note, 'within the spread of the runs');
  });

  it("a change within a count's repeatability across sessions (0.1%) is not starred, even where each session's runs agree exactly", () => {
    // Planted from a measurement: two runs a side, equal within each session, 0.003% apart across.
    const exact = (lines, value) =>
      counted(lines, COUNTS, { noise: 0 }).map((line) => ({ ...line, metrics: { ...line.metrics, instructionsPerInvocation: value } }));
    const only = { 'callbacks-original': 100 };
    const twoRuns = (value, seed) => exact(sessionLines({ examples: only, ns: [1000], runs: 2, seed }), value);
    const [row] = compare(chooseSides([file('old.jsonl', twoRuns(24801, 1)), file('new.jsonl', twoRuns(24802, 2))]), {
      measure: 'instructions',
      ...DECLARATIONS,
    }).rows;
    assert.equal(row.stars, '');
    assert.equal(row.note, "within a count's repeatability across sessions (0.1%)");
    // The planted 1% of test/fixtures/count/extra-work.js, counted so, is still starred.
    const [planted] = compare(chooseSides([file('old.jsonl', twoRuns(24732, 1)), file('new.jsonl', twoRuns(24981, 2))]), {
      measure: 'instructions',
      ...DECLARATIONS,
    }).rows;
    assert.equal(planted.stars, '***');
  });

  it('one run a side: the change, but no interval, p-value or stars, and the reason', () => {
    const result = compare(sides({ runs: 1, newCounts: { ...COUNTS, 'async-await': COUNTS['async-await'] * 1.01 } }), {
      measure: 'instructions',
      ...DECLARATIONS,
    });
    const row = byExample(result)['async-await'];
    assert.ok(Math.abs(row.changePercent - 1) < 0.02);
    assert.ok(Number.isNaN(row.pValue));
    assert.equal(row.stars, '');
    assert.equal(row.oldSpreadPercent, null);
    assert.match(row.note, /one run on a side: its spread is unknown/);
    assert.equal(result.expectedFalsePositives.comparisons, 0);
    const text = renderComparison(result, 'table', { drivers });
    assert.match(text, /CPU work \(instructions per upload, a deterministic configuration, not a time\)/);
    assert.match(text, /n\/a/);
  });

  it('a side without counted runs is not compared, with the reason', () => {
    const old = sessionLines({ examples: EXAMPLES, ns: [1000], runs: 2 });
    const now = counted(sessionLines({ examples: EXAMPLES, ns: [1000], runs: 2, seed: 2 }), COUNTS);
    const result = compare(chooseSides([file('old.jsonl', old), file('new.jsonl', now)]), { measure: 'instructions', ...DECLARATIONS });
    assert.equal(result.rows.length, 0);
    assert.match(result.notCompared[0].reason, /^old: no counted run \(bench --measure instructions or both\)$/);
  });

  it('time stays the default measure', () => {
    const result = compare(sides(), DECLARATIONS);
    assert.equal(result.measure, 'time');
    assert.equal(result.rows[0].metric, 'wallMs');
    assert.doesNotMatch(renderComparison(result, 'csv', { drivers }).split('\n')[0], /Spread/);
  });
});

describe('compare --measure mutator', () => {
  // A total whose collector part swings with the heap's history, as on Node 26
  // (its runs 1,000-2,300 instructions an upload apart), over a mutator part
  // that repeats: a planted 1% more of the style's own work.
  function withParts(lines, mutators, { seed = 1 } = {}) {
    const random = mulberry32(seed);
    return counted(lines, COUNTS, { seed }).map((line) => {
      if (line.status !== 'ok') return line;
      const mutator = mutators[line.example];
      const collector = 1000 + 1300 * random();
      return {
        ...line,
        metrics: { ...line.metrics, mutatorPerInvocation: mutator, collectorPerInvocation: collector, instructionsPerInvocation: mutator + collector },
      };
    });
  }
  const MUTATORS = { 'callbacks-original': 19750, 'promises-native': 42400, 'async-await': 33900 };
  const planted = { ...MUTATORS, 'async-await': MUTATORS['async-await'] * 1.01 };
  const pair = () =>
    chooseSides([
      file('old.jsonl', withParts(sessionLines({ examples: EXAMPLES, ns: [1000], runs: 2, seed: 1 }), MUTATORS, { seed: 1 })),
      file('new.jsonl', withParts(sessionLines({ examples: EXAMPLES, ns: [1000], runs: 2, seed: 2 }), planted, { seed: 2 })),
    ]);

  it("stars a planted 1% in the mutator's part, which the total's collector hides, and not the examples left alone", () => {
    const mutator = byExample(compare(pair(), { measure: 'mutator', ...DECLARATIONS }));
    assert.equal(mutator['async-await'].metric, 'mutatorPerInvocation');
    assert.ok(Math.abs(mutator['async-await'].changePercent - 1) < 1e-9);
    assert.equal(mutator['async-await'].stars, '***');
    assert.equal(mutator['callbacks-original'].stars, '');
    assert.equal(mutator['promises-native'].stars, '');
    // The same runs judged on the total: the 1% is within the collector's spread.
    assert.equal(byExample(compare(pair(), { measure: 'instructions', ...DECLARATIONS }))['async-await'].stars, '');
    assert.match(
      renderComparison(compare(pair(), { measure: 'mutator', ...DECLARATIONS }), 'table', { drivers }),
      /the mutator's CPU work \(instructions per upload outside V8's collections/,
    );
  });

  it('a side whose counts have no mutator part is not compared, with the reason', () => {
    const old = counted(sessionLines({ examples: EXAMPLES, ns: [1000], runs: 2 }), COUNTS);
    const now = withParts(sessionLines({ examples: EXAMPLES, ns: [1000], runs: 2, seed: 2 }), MUTATORS, { seed: 2 });
    const result = compare(chooseSides([file('old.jsonl', old), file('new.jsonl', now)]), { measure: 'mutator', ...DECLARATIONS });
    assert.equal(result.rows.length, 0);
    assert.match(result.notCompared[0].reason, /^old: no counted run with its mutator's part/);
  });
});
