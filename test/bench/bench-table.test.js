'use strict';

const assert = require('node:assert/strict');
const { render } = require('../../bench/session-table');
const drivers = require('../../lib/drivers');
const registries = require('../../examples');
const { floors } = require('../../lib/problems');

// Lines of a session as the runner writes them, with only what the table reads.
function line(example, wallMs, run) {
  return {
    scenario: 'doxbee-sequential',
    problem: 'doxbee',
    example,
    params: { n: 100, latency: 'constant', t: 1, e: 0, seed: 1 },
    run,
    baseline: 'base',
    status: 'ok',
    metrics: { wallMs, cpuUserMs: 1, cpuSystemMs: 1, maxRssMB: 50, heapPeakMB: 5, heapBeforeMB: 4, gcMs: 1, gcCount: 1, failed: 0 },
    env: { node: 'v20.0.0', cpu: 'test cpu' },
  };
}

// "skewed" has the lower median but the higher mean: sorted by median and
// compared by means, its row would read faster than the baseline yet show a
// ratio above 1.
const LINES = [...[100, 100, 100, 100, 100].map((ms, run) => line('base', ms, run)), ...[90, 90, 90, 200, 200].map((ms, run) => line('skewed', ms, run))];

describe('asyncmark bench table', () => {
  it('sorts, shows and compares by the same statistic, the mean', () => {
    const text = render(LINES, { baseline: 'base', format: 'table', wide: true });
    const rows = text.split('\n').filter((l) => /^(base|skewed) /.test(l));
    assert.deepEqual(
      rows.map((r) => r.split(/\s+/)[0]),
      ['base', 'skewed'],
    );
    assert.match(rows[1], / 134 ms /);
    assert.match(rows[1], / 1\.34× /);
    assert.match(text, /time: mean \(95% CI\)/);
  });

  it("is the report's table: the same columns and notes as asyncmark report", () => {
    const { summarize: summarizeRuns } = require('../../lib/summary');
    const { timeTable } = require('../../lib/report/sections/time-table');
    const summary = summarizeRuns(LINES, { baseline: 'base', drivers, registries });
    const table = timeTable(
      summary.cells,
      { env: summary.cells[0].env, scenario: 'doxbee-sequential', params: LINES[0].params },
      { drivers, floors: floors() },
    );
    const text = render(LINES, { baseline: 'base', format: 'markdown' });
    assert.ok(text.includes(`| ${table.columns.map((c) => c.title).join(' | ')} |`));
    for (const note of table.notes) assert.ok(text.includes(note), note);
    assert.match(text, /### Columns/);
    // Every column of the table explained once, by its title.
    for (const column of table.columns) assert.ok(text.includes(`- **${column.title}**: ${column.description}`), column.title);
    assert.doesNotMatch(text, /undefined/);
  });

  it('leaves the interval empty in csv when a cell has one run', () => {
    const csv = render([line('base', 100, 0)], { baseline: 'base', format: 'csv' });
    assert.doesNotMatch(csv, /NaN/);
    const [header, row] = csv
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    assert.equal(header[0], 'scenario');
    assert.equal(row[header.indexOf('low')], '');
    assert.equal(row[header.indexOf('mean')], '100');
    assert.equal(row[header.indexOf('n')], '100');
  });

  it('keeps both the p-value and a parameter named p in csv (madeup-parallel)', () => {
    const lines = [...[100, 101, 99].map((ms, run) => line('base', ms, run)), ...[120, 121, 119].map((ms, run) => line('other', ms, run))].map((l) => ({
      ...l,
      params: { ...l.params, p: 25 },
    }));
    const [header, , row] = render(lines, { baseline: 'base', format: 'csv' })
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    assert.equal(row[header.indexOf('example')], 'other');
    assert.equal(row[header.indexOf('param.p')], '25');
    const p = Number(row[header.indexOf('p')]);
    assert.ok(p > 0 && p < 0.05, String(p));
  });
});
