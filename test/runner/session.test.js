'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { cells, plan, jobKey, readResults, runSession } = require('../../lib/runner/session');
const drivers = require('../../lib/drivers');
const { upgrade } = require('../../lib/results');
const batch = require('../../lib/drivers/batch');
const { RESULTS } = require('../report/fixture-report');

// A complete, valid line (asyncmark/run@1, read as the current schema).
const [complete, second] = fs.readFileSync(RESULTS, 'utf8').split('\n');

describe('runner: session planning', () => {
  it('expands list-valued parameters into a grid', () => {
    assert.deepEqual(cells({ n: [1, 2], t: [5], latency: 'constant' }), [
      { n: 1, t: 5, latency: 'constant' },
      { n: 2, t: 5, latency: 'constant' },
    ]);
  });

  it('interleaves examples run by run, rotating their order', () => {
    const scenario = { name: 's', problem: 'doxbee', childOptions: { fileExists: false } };
    const jobs = plan({ scenario, driver: batch, examples: ['a', 'b', 'c'], params: { n: [10] }, runs: 4 });
    assert.deepEqual(
      jobs.map((j) => `${j.run}${j.example}`),
      ['0a', '0b', '0c', '1b', '1c', '1a', '2c', '2a', '2b', '3a', '3b', '3c'],
    );
  });

  it('runs the values of an interleaved parameter side by side in every run, leaving its absent value out of params', () => {
    const scenario = { name: 's', problem: 'doxbee', driver: 'batch', childOptions: { fileExists: false } };
    const jobs = plan({ scenario, driver: batch, examples: ['a', 'b'], params: { n: [10, 20], context: ['none', 'als'] }, runs: 2 });
    assert.deepEqual(
      jobs.map((j) => `${j.params.n}${j.run}${j.example}:${j.params.context ?? '-'}`),
      [
        '100a:-',
        '100a:als',
        '100b:-',
        '100b:als',
        '101b:als',
        '101b:-',
        '101a:als',
        '101a:-',
        '200a:-',
        '200a:als',
        '200b:-',
        '200b:als',
        '201b:als',
        '201b:-',
        '201a:als',
        '201a:-',
      ],
    );
    // A single value is no grid either: none leaves the params as they were.
    assert.deepEqual(plan({ scenario, driver: batch, examples: ['a'], params: { n: [10], context: 'none' }, runs: 1 })[0].params, { n: 10 });
  });

  it("records an unavailable example's runs with its reason, starting no child, and the file reads back", async () => {
    const scenario = { name: 'doxbee-sequential', problem: 'doxbee', childOptions: { fileExists: false } };
    const reason = 'npm install x fails';
    const jobs = plan({
      scenario,
      driver: batch,
      examples: ['x', 'y'],
      unavailable: { x: reason },
      params: { n: [10], latency: 'constant', t: 1, e: 0, seed: 1 },
      runs: 2,
    });
    assert.deepEqual(
      jobs.map((j) => j.unavailable ?? '-'),
      [reason, '-', '-', reason],
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-session-'));
    const file = path.join(dir, 'r.jsonl');
    // Only x's jobs: a child started for them would fail to find example x.
    const lines = await runSession(
      jobs.filter((j) => j.example === 'x'),
      { driver: batch, out: file },
    );
    assert.deepEqual(
      lines.map((l) => [l.status, l.error, l.metrics, 'unavailable' in l]),
      [
        ['unavailable', reason, null, false],
        ['unavailable', reason, null, false],
      ],
    );
    assert.equal(readResults(file, { drivers }).length, 2);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keys a job by scenario, example, parameters in any order, and run', () => {
    const a = jobKey({ scenario: 's', example: 'x', params: { n: 1, t: 2 }, run: 0 });
    const b = jobKey({ scenario: 's', example: 'x', params: { t: 2, n: 1 }, run: 0 });
    assert.equal(a, b);
    assert.notEqual(a, jobKey({ scenario: 's', example: 'x', params: { n: 1, t: 2 }, run: 1 }));
    assert.notEqual(a, jobKey({ scenario: 's', example: 'x', params: { n: 1, t: 2 }, run: 0, label: 'runtimes' }));
  });

  it('reads a results file, missing as empty, and skips a bad line naming it, as report does', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-session-'));
    const file = path.join(dir, 'r.jsonl');
    assert.deepEqual(readResults(file, { drivers }), []);
    const warnings = [];
    const onWarning = (message) => warnings.push(message);
    fs.writeFileSync(file, `${complete}\n\nnot json\n`);
    assert.equal(readResults(file, { drivers, onWarning }).length, 1);
    fs.writeFileSync(file, '{"a":1}\n');
    assert.deepEqual(readResults(file, { drivers, onWarning }), []);
    assert.match(warnings[0], /r\.jsonl:3: skipped, not a JSON line/);
    assert.match(warnings[1], /r\.jsonl:1: skipped, schema is undefined/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('runner: results files with a cut-off last line', function () {
  this.timeout(60000);
  // One tiny run: the session appends one line per job.
  const planned = {
    driver: batch,
    scenario: { name: 'doxbee-sequential', problem: 'doxbee', childOptions: { fileExists: false } },
    examples: ['callbacks-original'],
    params: { n: [2], latency: 'constant', t: 0, e: 0, seed: 1 },
    runs: 1,
  };
  const jobs = plan(planned);
  let dir;
  let file;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-session-'));
    file = path.join(dir, 'r.jsonl');
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads the complete lines and warns of a cut-off last line, naming file and line', () => {
    fs.writeFileSync(file, `${complete}\n{"schema":"asyn`);
    const warnings = [];
    const lines = readResults(file, { drivers, onWarning: (message) => warnings.push(message) });
    assert.deepEqual(lines, [upgrade(JSON.parse(complete))]);
    assert.deepEqual(warnings, [`${file}:2: a cut-off last line (15 bytes) is not read`]);
  });

  it('skips a bad line in the middle with a warning, not as a cut-off line', () => {
    fs.writeFileSync(file, `{"schema":"asyn\n${complete}\n`);
    const warnings = [];
    assert.equal(readResults(file, { drivers, onWarning: (message) => warnings.push(message) }).length, 1);
    assert.deepEqual(warnings, [`${file}:1: skipped, not a JSON line`]);
  });

  it('reads a complete last line that lacks its newline', () => {
    fs.writeFileSync(file, `${complete}\n${second}`);
    assert.equal(readResults(file, { drivers }).length, 2);
  });

  it('sets a cut-off last line aside before appending, so the new run starts on a fresh line', async () => {
    fs.writeFileSync(file, `${complete}\n{"schema":"asyn`);
    const warnings = [];
    await runSession(jobs, { driver: batch, out: file, onWarning: (message) => warnings.push(message) });
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    assert.equal(lines.length, 3);
    assert.equal(lines[0], complete);
    assert.equal(JSON.parse(lines[1]).example, 'callbacks-original');
    assert.equal(lines[2], '');
    assert.equal(fs.readFileSync(`${file}.partial`, 'utf8'), '{"schema":"asyn');
    assert.deepEqual(warnings, [`${file}:2: a cut-off last line (15 bytes) was set aside in ${file}.partial`]);
  });

  it('never overwrites a line set aside before', async () => {
    fs.writeFileSync(`${file}.partial`, 'earlier');
    fs.writeFileSync(file, '{"half');
    const warnings = [];
    await runSession(jobs, { driver: batch, out: file, onWarning: (message) => warnings.push(message) });
    assert.equal(fs.readFileSync(`${file}.partial`, 'utf8'), 'earlier');
    const [aside] = fs.readdirSync(dir).filter((name) => name.startsWith('r.jsonl.') && name !== 'r.jsonl.partial');
    assert.equal(fs.readFileSync(path.join(dir, aside), 'utf8'), '{"half');
    assert.deepEqual(warnings, [`${file}:1: a cut-off last line (6 bytes) was set aside in ${path.join(dir, aside)}`]);
    assert.equal(JSON.parse(fs.readFileSync(file, 'utf8')).example, 'callbacks-original');
  });

  it('completes a last line that lacks only its newline, and sets nothing aside', async () => {
    fs.writeFileSync(file, complete);
    const warnings = [];
    await runSession(jobs, { driver: batch, out: file, onWarning: (message) => warnings.push(message) });
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
    assert.equal(lines[0], complete);
    assert.equal(JSON.parse(lines[1]).example, 'callbacks-original');
    assert.deepEqual(warnings, []);
    assert.deepEqual(fs.readdirSync(dir), ['r.jsonl']);
  });

  it('resumes from the complete lines of a file whose last line was cut off', async () => {
    const [first] = await runSession(jobs, { driver: batch, out: file });
    // The scenario's options for the child reach the job, not the results line.
    assert.deepEqual(jobs[0].childOptions, { fileExists: false });
    assert.ok(!('childOptions' in first));
    fs.appendFileSync(file, '{"schema":"asyncmark/run@1","sess');
    const skipped = [];
    const lines = await runSession(jobs, { driver: batch, out: file, resume: true, onRun: (line, { skipped: was }) => skipped.push(was) });
    assert.deepEqual(skipped, [true]);
    assert.deepEqual(lines, [JSON.parse(JSON.stringify(first))]);
    assert.equal(fs.readFileSync(file, 'utf8'), `${JSON.stringify(first)}\n`);
  });

  it('resumes a counted session past the timed runs of its cells, and records the measure of a counted line', async () => {
    // Jobs that start no child (an example unavailable here) are enough to
    // tell which jobs the session takes as done.
    const unavailable = jobs.map((job) => ({ ...job, unavailable: 'not installed here' }));
    const [timed] = await runSession(unavailable, { driver: batch, out: file });
    assert.equal(timed.measure, undefined);
    const skipped = [];
    const [counted] = await runSession(unavailable, {
      driver: batch,
      out: file,
      resume: true,
      measure: 'instructions',
      onRun: (line, how) => skipped.push(how.skipped),
    });
    assert.deepEqual(skipped, [false]);
    assert.equal(counted.measure, 'instructions');
    // Now both are in the file: each session takes its own as done.
    for (const measure of ['time', 'instructions']) {
      const again = [];
      await runSession(unavailable, { driver: batch, out: file, resume: true, measure, onRun: (line, how) => again.push(how.skipped) });
      assert.deepEqual(again, [true], measure);
    }
    assert.equal(readResults(file, { drivers }).length, 2);
  });

  it('resumes a labelled session past the unlabelled runs of its cells, and records the label on its lines', async () => {
    // As the runtimes step of npm run docs does: cells the default grid ran too, measured whole in a session of their own.
    const unlabelled = plan(planned).map((job) => ({ ...job, unavailable: 'not installed here' }));
    const labelled = plan({ ...planned, label: 'runtimes' }).map((job) => ({ ...job, unavailable: 'not installed here' }));
    const [plain] = await runSession(unlabelled, { driver: batch, out: file });
    assert.equal(plain.label, undefined);
    const skipped = [];
    const [named] = await runSession(labelled, { driver: batch, out: file, resume: true, onRun: (line, how) => skipped.push(how.skipped) });
    assert.deepEqual(skipped, [false]);
    assert.equal(named.label, 'runtimes');
    // Both read back, and each session takes only its own as done.
    assert.deepEqual(
      readResults(file, { drivers }).map((line) => line.label),
      [undefined, 'runtimes'],
    );
    for (const jobsOf of [unlabelled, labelled]) {
      const again = [];
      await runSession(jobsOf, { driver: batch, out: file, resume: true, onRun: (line, how) => again.push(how.skipped) });
      assert.deepEqual(again, [true]);
    }
  });

  it('adds what its watch measured around each timed run to the run’s line, which reads back; a counted session is not watched', async () => {
    const unavailable = jobs.map((job) => ({ ...job, run: 7, unavailable: 'not installed here' }));
    const calls = [];
    const watch = () => {
      calls.push('start');
      return () => {
        calls.push('end');
        return { othersBusy: 0.42 };
      };
    };
    const [watched] = await runSession(unavailable, { driver: batch, out: file, watch });
    assert.deepEqual(calls, ['start', 'end']);
    assert.equal(watched.othersBusy, 0.42);
    assert.equal(readResults(file, { drivers }).find((line) => line.run === 7).othersBusy, 0.42);
    const [counted] = await runSession(unavailable, { driver: batch, out: file, watch, measure: 'instructions' });
    assert.equal(calls.length, 2, 'a counted run runs beside others: what is around it is not its own');
    assert.ok(!('othersBusy' in counted));
  });
});
