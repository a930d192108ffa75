'use strict';

// The same run (session, scenario, example, params, run, runtime) read twice,
// from one file given twice or from two files that hold it, counts once, and
// the reader says how many it dropped: a one-run cell must not get an interval.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { dropDuplicates, parseResults } = require('../../lib/results');
const drivers = require('../../lib/drivers');
const { readRuns } = require('../../lib/report/inputs');
const { readResults } = require('../../lib/runner/session');
const { RESULTS } = require('../report/fixture-report');
const { runCli } = require('../bench/capture');

const text = fs.readFileSync(RESULTS, 'utf8');

describe('results: a run read twice counts once', function () {
  this.timeout(60000);

  it('dropDuplicates keeps the first of each run and counts the rest', () => {
    const { runs } = parseResults(text, 'a', { drivers });
    const twice = dropDuplicates([...runs, ...runs.map((run) => ({ ...run, source: 'b', params: { ...run.params } }))]);
    assert.equal(twice.runs.length, runs.length);
    assert.equal(twice.dropped, runs.length);
    // A different run index, session or runtime is another run.
    const other = dropDuplicates([runs[0], { ...runs[0], run: runs[0].run + 1 }, { ...runs[0], session: 'x' }, { ...runs[0], runtime: 'bun' }]);
    assert.equal(other.dropped, 0);
  });

  it('report: the same file given twice pools each run once and says how many were dropped', () => {
    const once = readRuns([{ name: 'a.jsonl', text }], { drivers });
    const twice = readRuns(
      [
        { name: 'a.jsonl', text },
        { name: 'a.jsonl', text },
      ],
      { drivers },
    );
    assert.equal(twice.runs.length, once.runs.length);
    assert.equal(twice.duplicates, once.runs.length);
    assert.ok(twice.warnings.some((w) => w.startsWith(`${once.runs.length} runs were read twice`)));
  });

  it('--resume reads a run in the file twice once, with a warning', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-dup-'));
    try {
      const file = path.join(dir, 'r.jsonl');
      const first = text.split('\n')[0];
      fs.writeFileSync(file, `${first}\n${first}\n`);
      const warnings = [];
      assert.equal(readResults(file, { drivers, onWarning: (m) => warnings.push(m) }).length, 1);
      assert.match(warnings.join('\n'), /1 run is in it twice/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('compare: a file with every run twice compares as the file once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-dup-'));
    try {
      const doubled = path.join(dir, 'doubled.jsonl');
      fs.writeFileSync(doubled, text + text);
      const single = await runCli('compare', RESULTS, RESULTS);
      const both = await runCli('compare', doubled, doubled);
      assert.equal(both.stdout.split(doubled).join(RESULTS), single.stdout);
      assert.match(both.stderr, /runs are in it twice; each is counted once/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
