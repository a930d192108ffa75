'use strict';

const assert = require('node:assert/strict');
const drivers = require('../../lib/drivers');
const registries = require('../../examples');
const { summarize } = require('../../lib/summary');
const { headlineCell } = require('../../lib/report/sections/cells');
const { summaryTable } = require('../../lib/report/sections/summary-table');
const { DECLARATIONS } = require('./fixture-report');

// The summary's on-cancel column: beside a cancellable variant's outcome,
// what cancellability costs it against the plain example it was made from,
// measured in the same runs; beside a plain example with no means, the
// variant a reader can use instead.

const BASELINE = 'callbacks-original';
const VARIANT = 'callbacks-cancellable';
const SAME = 'promises-native-cancellable';
const OUTCOMES = {
  [BASELINE]: 'n/a (no means to cancel)',
  [VARIANT]: 'keeps the contract',
  'promises-native': 'n/a (no means to cancel)',
  [SAME]: 'keeps the contract',
};

// How soon the callbacks variant's caller hears, as each run recorded it: the
// median time per t is shown, the grade beside the outcome.
const HEARING = {
  [VARIANT]: (run) => ({
    grade: 'hears within one step (up to t ms)',
    times: [
      { t: 1, ms: [0.5, 0.7, 0.9][run], awaited: 1 },
      { t: 300, ms: [150, 160, 170][run], awaited: 1 },
    ],
  }),
};

// Three runs of each example at one cell: the callbacks variant 1.5 times
// its plain example's time, the promise variant the same as its plain one.
function runs() {
  const times = { [BASELINE]: [10, 11, 12], [VARIANT]: [15, 16.5, 18], 'promises-native': [20, 22, 21], [SAME]: [22, 20, 21] };
  return Object.entries(times).flatMap(([example, walls]) =>
    walls.map((wallMs, run) => ({
      session: 's',
      time: '2026-01-01T00:00:00.000Z',
      scenario: 'doxbee-sequential',
      problem: 'doxbee',
      example,
      params: { n: 100, t: 1, latency: 'constant', e: 0, seed: 1 },
      run,
      status: 'ok',
      error: null,
      metrics: {
        wallMs,
        cpuUserMs: 1,
        cpuSystemMs: 0,
        maxRssMB: 40,
        heapBeforeMB: 4,
        heapPeakMB: 5,
        gcCount: 0,
        gcMs: 0,
        onCancel: OUTCOMES[example],
        ...(HEARING[example] ? { hearing: HEARING[example](run) } : {}),
      },
      env: { node: 'v20', cpu: 'test' },
    })),
  );
}

const VARIANTS = new Map([
  [VARIANT, BASELINE],
  [SAME, 'promises-native'],
]);
const COMPLEXITY = {
  columns: ['tokens'],
  rows: [
    { example: BASELINE, tokens: 400 },
    { example: VARIANT, tokens: 500 },
    { example: 'promises-native', tokens: 300 },
    { example: SAME, tokens: 330 },
  ],
};

function onCancelCells(variants) {
  const summary = summarize(runs(), { drivers, registries });
  const table = summaryTable(summary.cells, headlineCell(summary, DECLARATIONS), COMPLEXITY, null, null, variants);
  const column = table.columns.find((c) => c.key === 'onCancel');
  return { column, text: Object.fromEntries(table.rows.map((row) => [row.example, column.format(row.onCancel, row)])) };
}

describe('report: the summary says what cancelling costs beside "on cancel"', () => {
  it("gives a variant's time and tokens over its plain example's, and names the variant beside a plain 'n/a'", () => {
    const { text, column } = onCancelCells(VARIANTS);
    assert.equal(
      text[VARIANT],
      `keeps the contract; hears within one step (up to t ms): 160 ms at t=300, 0.7 ms at t=1; time 1.50×, tokens 1.25× ${BASELINE}'s`,
    );
    // Not significantly different: marked ≈, never read as "no cost".
    assert.equal(text[SAME], "keeps the contract; time 1× ≈, tokens 1.10× promises-native's");
    assert.equal(text[BASELINE], `n/a (no means to cancel); cancellable: ${VARIANT}`);
    assert.match(column.description, /its mean wall time over the plain example's, measured in the same runs/);
  });

  it("names every variant of a plain example that the report shows, in the registry's order", () => {
    const { text } = onCancelCells(
      new Map([
        [VARIANT, BASELINE],
        [SAME, BASELINE],
        ['callbacks-async-waterfall-cancellable', BASELINE],
      ]),
    );
    assert.equal(text[BASELINE], `n/a (no means to cancel); cancellable: ${VARIANT}, ${SAME}`);
  });

  it('says only the outcome, and how soon its caller hears where runs recorded it, where no registry names a variant', () => {
    const { text } = onCancelCells(new Map());
    assert.equal(text[VARIANT], 'keeps the contract; hears within one step (up to t ms): 160 ms at t=300, 0.7 ms at t=1');
    assert.equal(text[SAME], 'keeps the contract');
    assert.equal(text[BASELINE], 'n/a (no means to cancel)');
  });
});
