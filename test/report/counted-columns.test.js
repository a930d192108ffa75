'use strict';

const assert = require('node:assert/strict');
const show = require('../../lib/report/display');
const { countedColumns } = require('../../lib/report/sections/counted-columns');

describe("report: the counted columns' share in V8's collections", () => {
  const column = countedColumns(show, 'upload', 'batches').find((c) => c.key === 'inCollector');
  const row = (inCollector) => ({ instructionsPerInvocation: 21000, inCollector });

  it('shows the collector work and its share, the share alone for older counts, and a dash for a count that did not record it', () => {
    assert.equal(column.title, 'instructions in GC');
    assert.equal(column.format(0.4412, row(0.4412)), '44.1%');
    assert.equal(column.format(0, row(0)), '0.0%');
    assert.equal(column.format(null, row(null)), show.DASH);
    // Counted since 2026-11-28: the collector's work per upload beside its share.
    assert.equal(column.format(0.25, { ...row(0.25), collectorPerInvocation: 7000.4 }), '7000 (25.0%)');
    // Counted since 2026-12-02: how many collections its mean is over.
    assert.equal(column.format(0.25, { ...row(0.25), collectorPerInvocation: 7000.4, countedCollections: 11 }), '7000 (25.0%; 11 GCs)');
  });

  it('is shown only where some count recorded it (counts made before it have no column of dashes)', () => {
    assert.equal(column.when([row(null), row(0.1)]), true);
    assert.equal(column.when([row(null), row(undefined)]), false);
  });
});

describe('report: the counted columns say what they count, and how', () => {
  const columns = countedColumns(show, 'upload', 'batches');
  const byKey = (key) => columns.find((c) => c.key === key);

  it('no title can be read as a time', () => {
    assert.deepEqual(
      columns.map((c) => c.title),
      ['instructions/upload', 'est. cycles/upload', 'instructions in GC', 'settled segments', '× baseline instructions', '× baseline above floor'],
    );
  });

  it('the count is described as the least segment, as lib/runner/count.js takes it, not the last', () => {
    const { description } = byKey('instructionsPerInvocation');
    assert.match(description, /least of one process's counted segments/);
    assert.doesNotMatch(description, /the last counted/);
  });

  it('a ratio of one count each is known to its collector shares, which move with the heap’s history', () => {
    const { summarize } = require('../../lib/summary');
    const drivers = require('../../lib/drivers');
    const line = (example, instructionsPerInvocation, countedInCollector) => ({
      schema: 'asyncmark/run@2',
      session: 's',
      scenario: 'doxbee-sequential',
      problem: 'doxbee',
      driver: 'batch',
      example,
      params: { n: 1000, latency: 'constant', t: 1, e: 0, seed: 1 },
      run: 0,
      measure: 'instructions',
      status: 'ok',
      error: null,
      metrics: { wallMs: null, instructionsPerInvocation, countedInCollector },
      env: { node: 'v26.10.0', cpu: 'X', cpus: 2 },
    });
    const registries = require('../../examples');
    const { cells } = summarize([line('callbacks-original', 20000, 0.05), line('promises-q', 817180, 0.4)], { drivers, registries });
    const q = cells.find((cell) => cell.example === 'promises-q');
    assert.ok(Math.abs(q.instructionRatioSpread - 0.45) < 1e-9, String(q.instructionRatioSpread));
    // The baseline's own ratio is 1 exactly.
    assert.equal(
      byKey('instructionRatio').format(
        1,
        cells.find((cell) => cell.example === 'callbacks-original'),
      ),
      '1×',
    );
    // Planted: with the spread of runs alone (none, one count each) it would print 40.86×.
    assert.equal(byKey('instructionRatio').format(q.instructionRatio, q), '41×');
  });

  it('says the tier each count is of: its settled segments of those counted, only where a count recorded them', () => {
    const settled = byKey('settledSegments');
    assert.equal(settled.format(13, { settledSegments: 13, countedSegments: 19 }), '13 of 19');
    assert.equal(settled.format(null, { settledSegments: null }), show.DASH);
    assert.equal(settled.when([{ settledSegments: null }]), false);
    assert.match(settled.description, /within 10% of the least segment's/);
  });

  it('the ratio is shown to the figures its spread supports', () => {
    const ratio = byKey('instructionRatio');
    assert.equal(ratio.format(40.859, { instructionRatioSpread: 0.0001 }), '40.86×');
    assert.equal(ratio.format(40.859, { instructionRatioSpread: 0.03 }), '41×');
    assert.equal(ratio.format(1.3412, { instructionRatioSpread: 0.00002 }), '1.341×');
  });
});

describe('report: figures matched to a spread (display.figures)', () => {
  it('keeps the first uncertain figure, between 2 and 4 significant figures', () => {
    assert.equal(show.figures(40.859, 0.02), '40.9');
    assert.equal(show.figures(40.859, 0.001), '40.86');
    assert.equal(show.figures(40.859, 0.5), '41');
    assert.equal(show.figures(0.8123, 0.05), '0.81');
    assert.equal(show.figures(21140, 0.0001), '21140');
    assert.equal(show.figures(1.2345, null), show.number(1.2345));
    assert.equal(show.figures(NaN, 0.1), show.DASH);
  });
});

// The ratio above the floor a scenario declares (lib/above-floor.js), from
// planted results lines: the floor's counted runs are lines of its own
// scenario, matched by environment and parameters, never assumed.
describe('report: × baseline above floor', () => {
  const { summarize, envKey } = require('../../lib/summary');
  const { timeTable } = require('../../lib/report/sections/time-table');
  const { floors } = require('../../lib/problems');
  const drivers = require('../../lib/drivers');
  const registries = require('../../examples');
  const declared = floors()['doxbee-sequential'];
  const PARAMS = { n: 1000, latency: 'constant', t: 1, e: 0, seed: 1 };
  const NODE26 = { node: 'v26.10.0', cpu: 'X', cpus: 2 };
  const NODE24 = { node: 'v24.15.0', cpu: 'X', cpus: 2 };

  // One counted run: the floor's under its own scenario and problem.
  function counted(example, instructionsPerInvocation, { env = NODE26, params = PARAMS, run = 0, floor = false } = {}) {
    return {
      schema: 'asyncmark/run@2',
      session: 's',
      scenario: floor ? declared.scenario : 'doxbee-sequential',
      problem: floor ? 'instrument' : 'doxbee',
      driver: 'batch',
      example,
      params: { ...params },
      run,
      measure: 'instructions',
      status: 'ok',
      error: null,
      metrics: { wallMs: null, instructionsPerInvocation },
      env,
    };
  }
  const floorLine = (instructions, options) => counted(declared.example, instructions, { ...options, floor: true });
  const EXAMPLES = [counted('callbacks-original', 20000), counted('promises-native', 47000), counted('async-await', 35000)];

  function table(lines, { env = NODE26, params = PARAMS, withFloors = true } = {}) {
    const { cells } = summarize(lines, { drivers, registries, ...(withFloors ? { floors: floors() } : {}) });
    return timeTable(cells, { env: envKey(env), scenario: 'doxbee-sequential', params }, { drivers, hooks: [] });
  }
  const shown = ({ columns, rows }, example) => {
    const column = columns.find((c) => c.key === 'instructionRatioAboveFloor');
    const row = rows.find((r) => r.example === example);
    return column ? column.format(row.instructionRatioAboveFloor, row) : 'no column';
  };

  it('is (x - f) / (b - f) with the floor counted in the same environment at the same parameters, and says which floor', () => {
    const built = table([...EXAMPLES, floorLine(11000)]);
    assert.equal(shown(built, 'callbacks-original'), '1×');
    // (47000 - 11000) / (20000 - 11000); the plain ratio is 2.35.
    assert.equal(shown(built, 'promises-native'), '4×');
    assert.equal(shown(built, 'async-await'), '2.67×');
    assert.equal(built.rows.find((r) => r.example === 'promises-native').instructionRatio, 2.35);
    assert.ok(
      built.notes.includes(
        `Counted floor at this cell: 11000 instructions/upload (${declared.example} of ${declared.scenario}), subtracted from the counts in × baseline above floor.`,
      ),
    );
  });

  it('is absent without a floor line, with one of another runtime, at other parameters, or when no floors are handed in', () => {
    for (const lines of [EXAMPLES, [...EXAMPLES, floorLine(11000, { env: NODE24 })], [...EXAMPLES, floorLine(11000, { params: { ...PARAMS, n: 100 } })]]) {
      const built = table(lines);
      assert.equal(shown(built, 'promises-native'), 'no column');
      assert.ok(!built.notes.some((note) => note.startsWith('Counted floor')));
    }
    assert.equal(shown(table([...EXAMPLES, floorLine(11000)], { withFloors: false }), 'promises-native'), 'no column');
  });

  it("uses the floor of the table's own runtime where two runtimes counted one", () => {
    const lines = [...EXAMPLES, floorLine(11000), ...EXAMPLES.map((line) => ({ ...line, env: NODE24 })), floorLine(5000, { env: NODE24 })];
    assert.equal(shown(table(lines), 'promises-native'), '4×');
    // (47000 - 5000) / (20000 - 5000)
    assert.equal(shown(table(lines, { env: NODE24 }), 'promises-native'), '2.80×');
  });

  it('shows the dash for an example whose count is not above the floor, and for every row when the baseline is not', () => {
    const below = table([...EXAMPLES, counted('promises-bluebird', 10000), floorLine(11000)]);
    assert.equal(shown(below, 'promises-bluebird'), show.DASH);
    assert.equal(shown(below, 'promises-native'), '4×');
    const above = table([...EXAMPLES, floorLine(25000)]);
    assert.deepEqual(
      ['callbacks-original', 'promises-native', 'async-await'].map((example) => shown(above, example)),
      [show.DASH, show.DASH, show.DASH],
    );
    assert.ok(
      above.columns.some((c) => c.key === 'instructionRatioAboveFloor'),
      'the column stays, its dashes explained',
    );
  });

  it('is shown to the figures the three counts support, the floor weighing on both differences', () => {
    const twice = (line, other) => [line, { ...line, run: 1, metrics: { ...line.metrics, instructionsPerInvocation: other } }];
    const lines = [
      ...twice(counted('callbacks-original', 20000), 20020),
      ...twice(counted('promises-native', 47000), 47047),
      ...twice(floorLine(11000), 11011),
    ];
    const row = table(lines).rows.find((r) => r.example === 'promises-native');
    // Each count's half-spread in instructions (23.5, 10, 5.5), the floor's on both differences.
    const expected = (23.5 + 5.5) / (47023.5 - 11005.5) + (10 + 5.5) / (20010 - 11005.5);
    assert.ok(Math.abs(row.instructionRatioAboveFloorSpread - expected) < 1e-12, String(row.instructionRatioAboveFloorSpread));
    assert.equal(shown(table(lines), 'promises-native'), '4.00×');
  });

  it('says what it is: counted work above the floor, not a time, and what its dash means', () => {
    const { description, title } = countedColumns(show, 'upload', 'batches').find((c) => c.key === 'instructionRatioAboveFloor');
    assert.equal(title, '× baseline above floor');
    assert.match(description, /\(x - f\) \/ \(b - f\)/);
    assert.match(description, /counted CPU work, not of time/);
    assert.match(description, /not above the floor's/);
  });
});
