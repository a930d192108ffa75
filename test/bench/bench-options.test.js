'use strict';

const assert = require('node:assert/strict');
const os = require('node:os');
const path = require('node:path');
const { runCli } = require('./capture');
const { resolveOptions, sessionPlan } = require('../../bench/commands/bench');

// Every bad parameter is refused before anything runs: one line naming the
// parameter, exit code 2.
const BAD = [
  [['--scenario', 'nope'], /--scenario: "nope" is not allowed; expected one of doxbee-sequential/],
  [['--examples', 'nope'], /--examples: "nope" is not allowed/],
  [['--exclude', 'nope'], /--exclude: "nope" is not allowed/],
  [['--examples', 'async-await', '--exclude', 'async-await'], /--examples and --exclude/],
  [['--examples', ','], /--examples: .* a comma-separated list of names/],
  [['--n', 'abc'], /--n: "abc" is not allowed; expected a whole number/],
  [['--n', '-5'], /--n: "-5"/],
  [['--n', '0'], /--n: "0"/],
  [['--n', '1.5'], /--n: "1.5"/],
  [['--n', '100,,1000'], /--n: .*comma-separated list/],
  [['--n', '1e9'], /--n: "1e9"/],
  [['--latency', 'fast'], /--latency: "fast" is not allowed; expected one of constant, load, jitter, tick/],
  [['--t', 'x'], /--t: "x"/],
  [['--t', '-1'], /--t: "-1"/],
  [['--latency', 'load', '--t', '1'], /--t: applies only with --latency constant or jitter, not load/],
  [['--dt', '0.1'], /--dt: applies only with --latency load, not constant/],
  [['--latency', 'load', '--dt', '0'], /--dt: "0" is not allowed; expected a number > 0/],
  [['--latency', 'tick', '--t', '1'], /--t: applies only with --latency constant or jitter, not tick/],
  [['--scenario', 'doxbee-errors', '--e', '1.5'], /--e: "1.5" is not allowed; expected a number >= 0 and <= 1/],
  [['--scenario', 'doxbee-errors', '--e', '-0.1'], /--e: "-0.1"/],
  [['--e', '0.1'], /--e: applies to doxbee-errors, not doxbee-sequential/],
  [['--p', '5'], /--p: applies to madeup-parallel, not doxbee-sequential/],
  // The compute driver's parameters, refused where they do not apply.
  [['--scenario', 'fib', '--latency', 'load'], /--latency: applies to doxbee-sequential, doxbee-errors or madeup-parallel, not fib/],
  [['--scenario', 'fib', '--n', '79'], /--n: "79" is not allowed; expected a whole number >= 0 and <= 78/],
  [['--scenario', 'slicing', '--w', '5'], /--w: applies to fib, not slicing/],
  [['--scenario', 'fib', '--min-time', '0'], /--min-time: "0" is not allowed; expected a number > 0/],
  [['--scenario', 'fib', '--threads', '0'], /--threads: "0" is not allowed; expected a whole number >= 1/],
  [['--k', '10'], /--k: applies to slicing, not doxbee-sequential/],
  [['--runs', '0'], /--runs: "0" is not allowed; expected a whole number >= 1/],
  [['--runs', 'many'], /--runs: "many"/],
  // Contradictory: --test makes one run.
  [['--test', '--runs', '5'], /--runs: not with --test/],
  [['--test', '--precision', '5%'], /--precision: not with --test/],
  [['--timeout', '0'], /--timeout: "0" is not allowed; expected a number > 0/],
  [['--seed', '-1'], /--seed: "-1"/],
  [['--baseline', 'nope'], /--baseline: "nope" is not allowed; expected one of the examples that run/],
  [['--examples', 'async-await', '--baseline', 'callbacks-original'], /--baseline: "callbacks-original" is not allowed/],
  [['--format', 'xml'], /^asyncmark: --format: "xml" is not allowed; expected one of table, markdown, csv, json$/],
  [
    ['--examples', 'sync'],
    /^asyncmark: --examples: "sync" is an example of fib, not of doxbee \(scenario doxbee-sequential\); expected --scenario fib with it/,
  ],
  [['--out', path.join(os.tmpdir(), 'no-such-dir-asyncmark', 'r.jsonl')], /--out: .*its folder does not exist/],
  [['--out', os.tmpdir()], /--out: .*expected a regular file \(it is a folder\)/],
  [['--bogus'], /unknown option '--bogus'/],
  // Empty or odd values are refused, never read as "all" or "nothing".
  [['--examples', ''], /--examples: "" is not allowed; expected a comma-separated list of names/],
  [['--exclude', ''], /--exclude: "" is not allowed; expected a comma-separated list of names/],
  [['--examples', 'async-await,,promises-q'], /--examples: .*comma-separated list of names/],
  [['--out', ''], /--out: "" is not allowed; expected a file path \(or --no-out/],
  [['--n', '0x10'], /--n: "0x10" is not allowed; expected a whole number/],
  [['--n', '0b11'], /--n: "0b11"/],
  [['--seed', '0x10'], /--seed: "0x10"/],
  [['--runs', 'Infinity'], /--runs: "Infinity"/],
  [['--n', '10,10'], /--n: "10" is given twice; expected each value once/],
  // Precision on demand: a percentage, and its limits only beside it.
  [['--precision', '0'], /--precision: "0" is not allowed; expected a number > 0 and <= 100/],
  [['--precision', '3 %'], /--precision: "3 " is not allowed/],
  [['--precision', 'tight'], /--precision: "tight"/],
  [['--max-runs', '20'], /--max-runs: applies only with --precision$/],
  [['--budget', '5'], /--budget: applies only with --precision$/],
  [['--precision', '3%', '--runs', '10', '--max-runs', '5'], /--max-runs: "5" is not allowed; expected a count of at least --runs \(10\)/],
  [['--precision', '3%', '--budget', '0'], /--budget: "0" is not allowed; expected a number > 0/],
  [['--t', '1,1.0'], /--t: "1.0" is given twice/],
  [['--examples', 'async-await,async-await'], /--examples: "async-await" is given twice/],
  [['--baseline', ''], /--baseline: "" is not allowed/],
  [['--n', '9'.repeat(100000)], /--n: "9{20,60}…9{1,60}" \(100000 characters\) is not allowed/],
  [['--resume', '--no-out'], /--resume: needs a results file/],
  // A label is a name the results schema takes: no spaces, capitals or leading hyphen.
  [['--label', 'Node 26'], /--label: "Node 26" is not allowed; expected a name of lowercase letters, digits and hyphens/],
  [['--label', '-x'], /--label: "-x" is not allowed/],
  [['--label', 'a'.repeat(41)], /--label: "a{41}" is not allowed/],
  [
    ['--resume', '--out', path.join(__dirname, '..', 'fixtures', 'complexity', 'not-javascript.txt')],
    // However long the checkout's path, the file name is shown whole.
    /--out: "\/.*not-javascript\.txt"( \(\d+ characters\))? is not allowed; expected a new file or a results file of asyncmark bench/,
  ],
];

describe('asyncmark bench refuses bad parameters', () => {
  for (const [args, pattern] of BAD) {
    it(args.join(' '), async () => {
      const { code, stdout, stderr } = await runCli('bench', ...args);
      assert.equal(code, 2);
      assert.equal(stdout, '');
      const lines = stderr.trim().split('\n');
      assert.equal(lines.length, 1, stderr);
      assert.match(lines[0], /^asyncmark: /);
      assert.match(lines[0], pattern);
    });
  }

  it('refuses an unknown command', async () => {
    const { code, stderr } = await runCli('nothing');
    assert.equal(code, 2);
    assert.match(stderr, /unknown command 'nothing'/);
  });
});

describe('asyncmark bench options', () => {
  it('has defaults that run the whole doxbee-sequential grid', () => {
    const s = resolveOptions({ scenario: 'doxbee-sequential', out: false });
    assert.equal(s.driver.name, 'batch');
    assert.equal(s.scenario.name, 'doxbee-sequential');
    assert.ok(s.examples.length >= 18);
    assert.deepEqual(s.params.n, [100, 1000, 10000]);
    assert.equal(s.params.latency, 'constant');
    assert.deepEqual(s.params.t, [1]);
    assert.equal('dt' in s.params, false);
    // Three runs keep the main job near 3 minutes; every row of the grid stays.
    assert.equal(s.runs, 3);
    assert.equal(s.timeoutMs, 60000);
    assert.equal(s.baseline, 'callbacks-original');
  });

  it('carries a label to every job it plans, floor included, and none without one', () => {
    const labelled = resolveOptions({ scenario: 'doxbee-sequential', examples: 'async-await', n: '100', label: 'runtimes', out: false });
    assert.equal(labelled.label, 'runtimes');
    assert.ok(sessionPlan(labelled).every((job) => job.label === 'runtimes'));
    const floored = resolveOptions({ scenario: 'doxbee-sequential', examples: 'async-await', n: '100', label: 'x', measure: 'instructions', out: false });
    assert.deepEqual([...new Set(sessionPlan(floored).map((job) => `${job.scenario}:${job.label}`))].sort(), ['doxbee-sequential:x', 'instrument-weight:x']);
    assert.ok(sessionPlan(resolveOptions({ scenario: 'doxbee-sequential', n: '100', out: false })).every((job) => !('label' in job)));
  });

  it('compares with the first example that runs when the reference does not', () => {
    const s = resolveOptions({ scenario: 'doxbee-sequential', examples: 'promises-q,async-await', out: false });
    assert.equal(s.baseline, 'promises-q');
  });

  it('keeps only the latency parameter the model reads', () => {
    const s = resolveOptions({ scenario: 'doxbee-sequential', latency: 'load', dt: '0.05', out: false });
    assert.equal(s.params.dt, 0.05);
    assert.equal('t' in s.params, false);
  });

  it("takes the compute driver's parameters for fib and cuts them in --test mode", () => {
    const s = resolveOptions({ scenario: 'fib', n: '20,25', minTime: '100', out: false });
    assert.equal(s.driver.name, 'compute');
    assert.deepEqual(s.params.n, [20, 25]);
    assert.equal(s.params.minTime, 100);
    assert.equal(s.baseline, 'sync');
    const t = resolveOptions({ scenario: 'fib', test: true, out: false });
    assert.deepEqual(t.params.n, [10]);
    assert.equal(t.params.minTime, 50);
    assert.equal(t.runs, 1);
  });

  it('excludes examples and cuts the grid in --test mode', () => {
    const s = resolveOptions({ scenario: 'doxbee-errors', exclude: 'async-await', e: '0.2', test: true, out: false, baseline: 'promises-native' });
    assert.ok(!s.examples.includes('async-await'));
    assert.deepEqual(s.params.n, [10]);
    assert.equal(s.params.e, 0.2);
    assert.equal(s.runs, 1);
    assert.equal(s.baseline, 'promises-native');
  });
});
