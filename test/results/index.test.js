'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const { parseResults, upgrade, SCHEMA } = require('../../lib/results');
const drivers = require('../../lib/drivers');
const { RESULTS } = require('../report/fixture-report');

// A valid line of the current schema: the fixture's first run, upgraded.
const TEMPLATE = upgrade(JSON.parse(fs.readFileSync(RESULTS, 'utf8').split('\n')[0]));

function line(overrides = {}) {
  return { ...TEMPLATE, ...overrides };
}

describe('results: reading results files', () => {
  it('reads every line of the fixture', () => {
    const { runs, skipped, lines } = parseResults(fs.readFileSync(RESULTS, 'utf8'), 'results.jsonl', { drivers });
    assert.equal(lines, 72);
    assert.equal(runs.length, 72);
    assert.deepEqual(skipped, []);
    assert.equal(runs[0].source, 'results.jsonl');
  });

  it('skips blank lines silently and bad lines with a reason', () => {
    const text = [
      JSON.stringify(line()),
      '',
      JSON.stringify(line({ schema: 'asyncmark/run@9' })),
      JSON.stringify(line({ status: 'ok', metrics: null })),
      JSON.stringify(line({ status: 'exploded' })),
      JSON.stringify(line({ params: { t: 1 } })),
      JSON.stringify(line({ status: 'timeout', metrics: null, error: 'no result' })),
      '{"schema":"asyncmark/run@1","sess', // an interrupted session's last line
    ].join('\n');
    const { runs, skipped, lines } = parseResults(text, 'r.jsonl', { drivers });
    assert.equal(lines, 7);
    assert.deepEqual(
      runs.map((r) => r.status),
      ['ok', 'timeout'],
    );
    assert.deepEqual(
      skipped.map((s) => s.line),
      [3, 4, 5, 6, 8],
    );
    assert.match(skipped[0].reason, /schema is "asyncmark\/run@9"/);
    assert.match(skipped[1].reason, /^metrics /);
    assert.match(skipped[2].reason, /^status must be equal to one of the allowed values/);
    assert.match(skipped[3].reason, /^params must have required property 'n'/);
    assert.equal(skipped[4].reason, 'a cut-off last line (33 bytes), as an interrupted write leaves');
    assert.equal(SCHEMA, 'asyncmark/run@2');
    assert.ok(skipped.every((s) => s.source === 'r.jsonl'));
  });
});

describe('results: a cut-off last line', () => {
  it('is skipped with its own reason, while a bad line in the middle stays not a JSON line', () => {
    const text = ['{"half', JSON.stringify(line()), '{"schema":"asyn'].join('\n');
    const { runs, skipped } = parseResults(text, 'r.jsonl', { drivers });
    assert.equal(runs.length, 1);
    assert.deepEqual(skipped, [
      { source: 'r.jsonl', line: 1, reason: 'not a JSON line' },
      { source: 'r.jsonl', line: 3, reason: 'a cut-off last line (15 bytes), as an interrupted write leaves' },
    ]);
  });

  it('is only a line without its newline: a bad last line that has one is not a JSON line', () => {
    const { skipped } = parseResults(`${JSON.stringify(line())}\n{"half\n`, 'r.jsonl', { drivers });
    assert.deepEqual(skipped, [{ source: 'r.jsonl', line: 2, reason: 'not a JSON line' }]);
  });

  it('counts a complete last line without its newline as a run', () => {
    const { runs, skipped } = parseResults(`${JSON.stringify(line())}\n${JSON.stringify(line({ run: 1 }))}`, 'r.jsonl', { drivers });
    assert.equal(runs.length, 2);
    assert.deepEqual(skipped, []);
  });
});

describe('results: the schema', () => {
  it('reads a line of asyncmark/run@1 as a batch run of the current schema, without its stored baseline', () => {
    const old = JSON.parse(fs.readFileSync(RESULTS, 'utf8').split('\n')[0]);
    assert.equal(old.schema, 'asyncmark/run@1');
    const { runs, skipped } = parseResults(JSON.stringify(old), 'old.jsonl', { drivers });
    assert.deepEqual(skipped, []);
    assert.equal(runs[0].schema, SCHEMA);
    assert.equal(runs[0].driver, 'batch');
    assert.equal('baseline' in runs[0], false);
  });

  it('holds each driver to its own parameters and metrics', () => {
    const compute = line({ driver: 'compute', params: { n: 20, minTime: 500 }, metrics: TEMPLATE.metrics });
    const { skipped } = parseResults(JSON.stringify(compute), 'r.jsonl', { drivers });
    assert.equal(skipped.length, 1);
    assert.match(skipped[0].reason, /^metrics/);
    const unknown = parseResults(JSON.stringify(line({ driver: 'http' })), 'r.jsonl', { drivers });
    assert.match(unknown.skipped[0].reason, /^driver must be equal to one of the allowed values/);
  });
});
