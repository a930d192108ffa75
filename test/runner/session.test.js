'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { cells, plan, jobKey, readResults } = require('../../lib/runner/session');

describe('runner: session planning', () => {
  it('expands list-valued parameters into a grid', () => {
    assert.deepEqual(cells({ n: [1, 2], t: [5], latency: 'constant' }), [
      { n: 1, t: 5, latency: 'constant' },
      { n: 2, t: 5, latency: 'constant' },
    ]);
  });

  it('interleaves examples run by run, rotating their order', () => {
    const scenario = { name: 's', problem: 'doxbee', fileExists: false };
    const jobs = plan({ scenario, examples: ['a', 'b', 'c'], params: { n: [10] }, runs: 4 });
    assert.deepEqual(jobs.map((j) => `${j.run}${j.example}`), ['0a', '0b', '0c', '1b', '1c', '1a', '2c', '2a', '2b', '3a', '3b', '3c']);
  });

  it('keys a job by scenario, example, parameters in any order, and run', () => {
    const a = jobKey({ scenario: 's', example: 'x', params: { n: 1, t: 2 }, run: 0 });
    const b = jobKey({ scenario: 's', example: 'x', params: { t: 2, n: 1 }, run: 0 });
    assert.equal(a, b);
    assert.notEqual(a, jobKey({ scenario: 's', example: 'x', params: { n: 1, t: 2 }, run: 1 }));
  });

  it('reads a results file, missing as empty, and names a bad line', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-session-'));
    const file = path.join(dir, 'r.jsonl');
    assert.deepEqual(readResults(file), []);
    fs.writeFileSync(file, '{"a":1}\n\nnot json\n');
    assert.throws(() => readResults(file), /r\.jsonl:3: not a JSON line/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
