'use strict';

const assert = require('node:assert/strict');
const { caseCell, shownExamples, debuggabilityRows } = require('../../lib/report/sections/debuggability-rows');
const { metricRows } = require('../../lib/report/sections/metric-files');

// One rows module for the command's table and the report's: the two read a
// run alike, but for the two differences they have always had (a late run, an
// example a runtime refused at load), which the report's reader keeps.

const run = (setting, kase, outcome, extra = {}) => ({ setting, case: kase, outcome, distance: 0, namesFile: true, reach: 'caller', end: 'done', ...extra });

const report = {
  problem: 'doxbee',
  runtimes: [{ spec: 'bun', label: 'bun 1.0.0', settings: { node: { applies: true } } }],
  settings: [{ name: 'node' }],
  cases: [{ key: 'sync' }, { key: 'callback/timer' }],
  examples: [
    {
      name: 'late',
      runtime: 'bun',
      status: 'probed',
      grade: null,
      gradeReason: 'r',
      sourceMaps: null,
      runs: [run('node', 'sync', 'caller', { end: 'timeout' }), run('node', 'callback/timer', 'hung', { end: 'timeout', distance: null })],
    },
    {
      name: 'refused',
      runtime: 'bun',
      status: 'unsupported',
      grade: null,
      gradeReason: 'cannot load it',
      sourceMaps: null,
      runs: [run('node', 'sync', 'unsupported', { distance: null, namesFile: false, reach: 'none' }), run('node', 'callback/timer', 'caller')],
    },
  ],
};

describe('debuggability rows: the command and the report', () => {
  it('writes a cell as outcome and distance, T/O after it for a late run unless asked not to', () => {
    assert.equal(caseCell(report.examples[0].runs[0]), 'caller 0 T/O');
    assert.equal(caseCell(report.examples[0].runs[0], { marksLate: false }), 'caller 0');
    assert.equal(caseCell(report.examples[0].runs[1]), 'T/O');
    assert.equal(caseCell({ outcome: 'uncaught', distance: null, namesFile: false }), 'uncaught -');
    assert.equal(caseCell(undefined), '');
  });

  it("shows the probe's verdict for the command: an example not probed is one row of its status", () => {
    const rows = debuggabilityRows(report);
    assert.deepEqual(
      rows.map((r) => [r.example, r.runtime, r.setting, r.sync, r['callback/timer'], r['to caller'], r.reason]),
      [
        ['late', 'bun 1.0.0', 'node', 'caller 0 T/O', 'T/O', '2/2', 'r'],
        ['refused', 'bun 1.0.0', '', 'UNSUPPORTED', 'UNSUPPORTED', '', 'cannot load it'],
      ],
    );
    assert.deepEqual([rows[0]['sync outcome'], rows[0]['sync distance']], ['caller', 0]);
  });

  it('shows what a file holds for the report: the runs of every example that has some, no T/O after a distance', () => {
    const rows = debuggabilityRows(report, { fromFile: true });
    assert.deepEqual(
      rows.map((r) => [r.example, r.setting, r.sync, r['callback/timer'], r['to caller']]),
      [
        ['late', 'node', 'caller 0', 'T/O', '2/2'],
        ['refused', 'node', 'unsupported', 'caller 0', '1/2'],
      ],
    );
    assert.deepEqual(
      shownExamples(report, { fromFile: true }).map((e) => [e.example.name, e.label, e.showsRuns]),
      [
        ['late', 'bun 1.0.0', true],
        ['refused', 'bun 1.0.0', true],
      ],
    );
    // The report's table is made of the same rows.
    const table = metricRows(report);
    assert.deepEqual(
      table.rows.map((r) => r.sync),
      rows.map((r) => r.sync),
    );
    assert.deepEqual(table.columns, ['runtime', 'setting', 'sync', 'callback/timer', 'to caller', 'grade']);
  });
});
