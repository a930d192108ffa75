'use strict';

// asyncmark bench --add FILE: a file of one's own benched beside the
// registered examples, only once it passes verification. --test mode only.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runCli } = require('./capture');
const { plan, readResults } = require('../../lib/runner/session');
const drivers = require('../../lib/drivers');
const batch = require('../../lib/drivers/batch');
const { entryForFile } = require('../../lib/verify');
const scenarios = require('../../bench/scenarios');

const ROOT = path.join(__dirname, '..', '..');

describe('asyncmark bench --add', function () {
  this.timeout(120000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-add-'));
  const mine = path.join(dir, 'my-style.js');
  fs.copyFileSync(path.join(ROOT, 'examples', 'doxbee', 'async-await.js'), mine);
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('runs a file that passes verification beside the examples, named after the file, through the results file and table', async () => {
    const out = path.join(dir, 'runs.jsonl');
    const { code, stdout, stderr } = await runCli('bench', '--test', '--examples', 'async-await', '--add', mine, '--io', 'promises', '--out', out, '--quiet');
    assert.equal(code, 0, stderr);
    // Read by the one reader, so every line is a valid run of the schema.
    const runs = readResults(out, { drivers });
    assert.deepEqual(runs.map((run) => run.example).sort(), ['async-await', 'my-style']);
    const own = runs.find((run) => run.example === 'my-style');
    assert.equal(own.status, 'ok', own.error);
    assert.equal(own.problem, 'doxbee');
    assert.equal(own.metrics.invocations, 10);
    assert.match(stdout, /^my-style +\d/m);
    assert.match(stdout, /^async-await \(baseline\) /m);
  });

  it('takes its means to cancel from --cancel, and records what the file does then: a planted one that ignores the signal commits anyway, found before start', async () => {
    const out = path.join(dir, 'cancel-runs.jsonl');
    const ignores = path.join(ROOT, 'test', 'fixtures', 'doxbee', 'async-await-ignores-signal.js');
    const args = ['bench', '--test', '--examples', 'callbacks-original', '--add', `${mine},${ignores}`, '--io', 'promises', '--cancel', 'signal'];
    // --wide: the default table wraps its on-cancel column to fit 100 columns.
    const { code, stdout, stderr } = await runCli(...args, '--out', out, '--quiet', '--wide');
    assert.equal(code, 0, stderr);
    const onCancel = Object.fromEntries(readResults(out, { drivers }).map((run) => [run.example, run.metrics.onCancel]));
    assert.deepEqual(onCancel, {
      'callbacks-original': 'n/a (no means to cancel)',
      'my-style': 'writes after the abort at blob.put (file found)',
      'async-await-ignores-signal': 'commits anyway at before start',
    });
    // Then how soon its caller hears, with the time measured in the run: under
    // --test at the least latency only, t=300 being a wait, not a check.
    assert.match(stdout, /^async-await-ignores-signal .* commits anyway at before start; hears later than one step: [\d.]+ ms at t=1$/m);
  });

  it('plans the jobs of an added file with its entry, for the child to load it from its file', () => {
    const entry = entryForFile(mine, { io: 'promises' });
    const jobs = plan({
      scenario: scenarios['doxbee-sequential'],
      driver: batch,
      examples: ['async-await', 'my-style'],
      added: [entry],
      params: { n: [10] },
      runs: 1,
    });
    assert.equal(jobs.find((job) => job.example === 'async-await').entry, undefined);
    assert.deepEqual(jobs.find((job) => job.example === 'my-style').entry, {
      name: 'my-style',
      file: mine,
      call: 'promise',
      io: 'promises',
      throws: 'caught',
      onFailure: 'fail-fast',
      libraries: [],
    });
  });

  describe('a file in a syntax the node running asyncmark cannot parse', function () {
    // Node 24 parses `using` and has DisposableStack; the node running the
    // tests may not. Installed through lib/runtimes on first need, as
    // test/examples/under-runtime.js gets it.
    this.timeout(300000);
    const using = path.join(ROOT, 'examples', 'doxbee', 'async-await-using.js');
    const lacksUsing = require('../../lib/runtimes/syntax').lacking('using', null);

    it('is verified under the Node asked for that parses it, and is UNSUPPORTED where the runtime cannot', async function () {
      if (!lacksUsing) this.skip();
      const own = path.join(dir, 'my-using.js');
      fs.copyFileSync(using, own);
      const out = path.join(dir, 'using-runs.jsonl');
      const { code, stderr } = await runCli(
        'bench',
        '--test',
        '--examples',
        'callbacks-original',
        '--add',
        own,
        '--io',
        'promises',
        '--runtime',
        'node,node@24',
        '--out',
        out,
        '--quiet',
      );
      assert.equal(code, 0, stderr);
      const status = Object.fromEntries(
        readResults(out, { drivers })
          .filter((run) => run.example === 'my-using')
          .map((run) => [run.runtime, run.status]),
      );
      assert.equal(status['node@24'], 'ok');
      assert.equal(Object.keys(status).length, 2);
      const here = readResults(out, { drivers }).find((run) => run.example === 'my-using' && run.runtime !== 'node@24');
      assert.equal(here.status, 'unsupported');
      assert.match(here.error, /^needs `using` /);
    });

    it('is refused when it fails verification there: the planted early disarm', async function () {
      if (!lacksUsing) this.skip();
      const fixture = path.join('test', 'fixtures', 'doxbee', 'async-await-using-forgets-rollback.js');
      const { code, stderr } = await runCli('bench', '--test', '--add', fixture, '--io', 'promises', '--runtime', 'node@24', '--no-out', '--quiet');
      assert.equal(code, 2);
      assert.match(stderr, /^asyncmark: --add: \S+ fails verification \(\d+ of \d+ cases pass\); first failing case: /);
    });
  });

  it('refuses a file that fails verification, naming it and its first failing case, and runs nothing', async () => {
    const out = path.join(dir, 'refused.jsonl');
    const fixture = path.join('test', 'fixtures', 'doxbee', 'skips-file-update.js');
    const { code, stdout, stderr } = await runCli('bench', '--test', '--add', fixture, '--io', 'promises', '--out', out, '--quiet');
    assert.equal(code, 2);
    assert.equal(stdout, '');
    assert.equal(
      stderr,
      `asyncmark: --add: ${fixture} fails verification (70 of 124 cases pass); first failing case: file found, success: event 10 expected call file.update, got call tx.commit; ` +
        `asyncmark verify ${fixture} --io promises shows every one\n`,
    );
    assert.equal(fs.existsSync(out), false);
  });

  it('refuses a failing parallel file the same way', async () => {
    const fixture = path.join('test', 'fixtures', 'parallel', 'commits-early.js');
    const { code, stderr } = await runCli('bench', '--test', '--scenario', 'madeup-parallel', '--add', fixture, '--io', 'promises', '--no-out', '--quiet');
    assert.equal(code, 2);
    assert.match(
      stderr,
      /^asyncmark: --add: test\/fixtures\/parallel\/commits-early\.js fails verification \(4 of 37 cases pass\); first failing case: success: event 26 /,
    );
    assert.match(stderr, /asyncmark verify \S+ --problem parallel --io promises shows every one\n$/);
  });

  it('refuses bad input in one line, with exit code 2', async () => {
    const twin = path.join(dir, 'sub');
    fs.mkdirSync(twin, { recursive: true });
    fs.copyFileSync(mine, path.join(twin, 'my-style.js'));
    const refusals = [
      [
        ['--add', path.join(ROOT, 'examples', 'doxbee', 'async-await.js'), '--io', 'promises'],
        /^--add: ".*async-await\.js"(?: \(\d+ characters\))? would be named async-await, as a registered example of doxbee is; rename the file$/,
      ],
      [['--add', `${mine},${path.join(twin, 'my-style.js')}`, '--io', 'promises'], /^--add: ".*" and ".*" would both be named my-style; rename one$/],
      [
        ['--scenario', 'fib', '--add', mine, '--io', 'promises'],
        /^--add: scenario fib \(problem fib\) does not take files of your own; expected a scenario of doxbee or parallel: doxbee-sequential, doxbee-errors, doxbee-io-bound, madeup-parallel$/,
      ],
      [['--add', mine], /^--io: missing; /],
      [['--io', 'promises'], /^--io: only with --add$/],
      [['--cancel', 'signal'], /^--cancel: only with --add$/],
      [['--add', mine, '--io', 'promises', '--cancel', 'interrupt'], /^--cancel: "interrupt" is not allowed; expected one of signal, unsubscribe, halt$/],
      [
        ['--add', path.join(dir, 'nope.js'), '--io', 'promises'],
        /^--add: ".*nope\.js"(?: \(\d+ characters\))?: no such file; expected the path of a JavaScript file$/,
      ],
    ];
    for (const [args, message] of refusals) {
      const { code, stdout, stderr } = await runCli('bench', '--test', '--no-out', '--quiet', ...args);
      assert.equal(code, 2, args.join(' '));
      assert.equal(stdout, '');
      assert.match(stderr.replace(/^asyncmark: /, '').replace(/\n$/, ''), message);
      assert.equal(stderr.split('\n').length, 2, stderr);
    }
  });
});
