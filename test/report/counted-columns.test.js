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
      ['instructions/upload', 'est. cycles/upload', 'instructions in GC', 'settled segments', '× baseline instructions'],
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
