'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const { parseResults, SCHEMA } = require('../../lib/report/runs');
const { RESULTS } = require('./fixture-report');

function line(overrides = {}) {
  return {
    schema: SCHEMA,
    session: 's1',
    time: '2025-01-15T10:00:00.000Z',
    scenario: 'doxbee-sequential',
    problem: 'doxbee',
    example: 'callbacks-original',
    params: { n: 100, t: 1 },
    run: 0,
    baseline: 'callbacks-original',
    status: 'ok',
    error: null,
    stderrTail: '',
    metrics: { wallMs: 12 },
    env: { node: 'v20.20.2', cpu: 'X' },
    ...overrides,
  };
}

describe('report: reading results files', () => {
  it('reads every line of the fixture', () => {
    const { runs, skipped, lines } = parseResults(fs.readFileSync(RESULTS, 'utf8'), 'results.jsonl');
    assert.equal(lines, 72);
    assert.equal(runs.length, 72);
    assert.deepEqual(skipped, []);
    assert.equal(runs[0].source, 'results.jsonl');
  });

  it('skips blank lines silently and bad lines with a reason', () => {
    const text = [
      JSON.stringify(line()),
      '',
      JSON.stringify(line({ schema: 'asyncmark/run@2' })),
      JSON.stringify(line({ status: 'ok', metrics: null })),
      JSON.stringify(line({ status: 'exploded' })),
      JSON.stringify(line({ params: { t: 1 } })),
      JSON.stringify(line({ status: 'timeout', metrics: null, error: 'no result' })),
      '{"schema":"asyncmark/run@1","sess', // an interrupted session's last line
    ].join('\n');
    const { runs, skipped, lines } = parseResults(text, 'r.jsonl');
    assert.equal(lines, 7);
    assert.deepEqual(runs.map((r) => r.status), ['ok', 'timeout']);
    assert.deepEqual(skipped.map((s) => s.line), [3, 4, 5, 6, 8]);
    assert.match(skipped[0].reason, /schema is "asyncmark\/run@2"/);
    assert.match(skipped[1].reason, /metrics are missing/);
    assert.match(skipped[2].reason, /status "exploded"/);
    assert.match(skipped[3].reason, /params\.n/);
    assert.equal(skipped[4].reason, 'a cut-off last line (33 bytes), as an interrupted write leaves');
    assert.ok(skipped.every((s) => s.source === 'r.jsonl'));
  });
});

describe('report: a cut-off last line', () => {
  it('is skipped with its own reason, while a bad line in the middle stays not a JSON line', () => {
    const text = ['{"half', JSON.stringify(line()), '{"schema":"asyn'].join('\n');
    const { runs, skipped } = parseResults(text, 'r.jsonl');
    assert.equal(runs.length, 1);
    assert.deepEqual(skipped, [
      { source: 'r.jsonl', line: 1, reason: 'not a JSON line' },
      { source: 'r.jsonl', line: 3, reason: 'a cut-off last line (15 bytes), as an interrupted write leaves' },
    ]);
  });

  it('is only a line without its newline: a bad last line that has one is not a JSON line', () => {
    const { skipped } = parseResults(`${JSON.stringify(line())}\n{"half\n`, 'r.jsonl');
    assert.deepEqual(skipped, [{ source: 'r.jsonl', line: 2, reason: 'not a JSON line' }]);
  });

  it('counts a complete last line without its newline as a run', () => {
    const { runs, skipped } = parseResults(`${JSON.stringify(line())}\n${JSON.stringify(line({ run: 1 }))}`, 'r.jsonl');
    assert.equal(runs.length, 2);
    assert.deepEqual(skipped, []);
  });
});
