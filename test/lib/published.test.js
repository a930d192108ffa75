'use strict';

const assert = require('node:assert/strict');
const { checkFigures, figureRatio, loadFigures } = require('../../lib/published/figures');
const { oursOn } = require('../../lib/published/ours');
const { benchArgs, runArgs } = require('../../lib/published/commands');
const { publishedPage, MARK } = require('../../lib/published/page');
const { comparisons } = require('../../lib/published/comparisons');
const { verdictTotals } = require('../../lib/published/totals');
const FIGURES = require('../../lib/published/figures.json');
const problems = require('../../examples');
const scenarios = require('../../lib/problems').scenarios();

// The published figures: the data file against its schema (and a planted
// fault caught), each form of figure as a ratio of times, the verdicts (and a
// planted wrong one caught), our figure from result lines, and the page.

const clone = (value) => JSON.parse(JSON.stringify(value));

describe('published figures: the data file', () => {
  it('matches its schema, with every row the issue asks for', () => {
    checkFigures(FIGURES);
    const ids = FIGURES.rows.map((row) => row.id);
    for (const id of [
      'kaizhu256-2018',
      'v8-2018-doxbee',
      'v8-2018-parallel',
      'tc39-1250-doxbee',
      'tc39-1250-fib',
      'bmeurer-hooks-init',
      'bmeurer-hooks-all',
      'node-34493-no-latency',
      'node-34493-2ms',
      'article-2013',
      'slicing-2015',
      'slicing-2015-http',
      'recursion-2018',
    ]) {
      assert.ok(ids.includes(id), id);
    }
  });

  it('refuses a file that does not match, naming the fault (planted: a figure with no value, a runtime that is not a Node)', () => {
    const noValue = clone(FIGURES);
    delete noValue.rows[1].figures[0].ms;
    assert.throws(() => checkFigures(noValue), /do not match lib\/published\/schema\.json: \/rows\/1\/figures\/0 must have required property/);
    const badRuntime = clone(FIGURES);
    badRuntime.rows[1].ours.runtimes = ['bun'];
    assert.throws(() => checkFigures(badRuntime), /\/rows\/1\/ours\/runtimes\/0 must match pattern/);
  });

  it('names scenarios and examples that exist', () => {
    for (const row of loadFigures()) {
      const scenario = scenarios[row.ours.scenario];
      assert.ok(scenario, `${row.id}: scenario ${row.ours.scenario}`);
      const names = problems[scenario.problem].examples.map((e) => e.name);
      for (const side of [row.ours.numerator, row.ours.denominator]) assert.ok(names.includes(side.example), `${row.id}: ${side.example}`);
    }
    const { chart } = FIGURES;
    const chartNames = problems[scenarios[chart.scenario].problem].examples.map((e) => e.name);
    for (const example of chart.examples) assert.ok(chartNames.includes(example), `chart: ${example}`);
  });

  it('judges every row on a time its driver records: the driver’s time, or http-load’s mean latency (planted: a mean latency judged on CPU time is refused)', () => {
    const drivers = require('../../lib/drivers');
    for (const row of loadFigures()) {
      const driver = drivers[scenarios[row.ours.scenario].driver];
      const times = [driver.time.metric, ...(driver.extra ?? []).filter((metric) => metric === 'latencyMeanMs')];
      assert.ok(times.includes(row.ours.metric), `${row.id}: ${row.ours.metric}`);
    }
    const onCpu = clone(FIGURES);
    const http = onCpu.rows.findIndex((row) => row.id === 'slicing-2015-http');
    onCpu.rows[http].ours.basis = 'cpu';
    assert.throws(() => checkFigures(onCpu), new RegExp(`/rows/${http}/ours/basis must be equal to constant`));
  });

  it('turns every form of figure into a ratio of times, numerator ÷ denominator', () => {
    assert.deepEqual(figureRatio({ ms: [286, 144] }).value, 286 / 144);
    assert.deepEqual(figureRatio({ rate: [3059, 2615] }).value, 3059 / 2615);
    assert.equal(figureRatio({ percentGain: 48 }).value, 1.48);
    assert.equal(figureRatio({ percentLost: 50 }).value, 2);
    assert.deepEqual(figureRatio({ range: [1.066, 1.138] }), { value: null, low: 1.066, high: 1.138 });
    assert.deepEqual(figureRatio({ direction: 'above 1' }), { value: null, low: 1, high: Infinity });
  });

  it('makes the 2013 article’s row from lib/article-2013.json, one figure per file it timed', () => {
    const article = loadFigures().filter((row) => row.id.startsWith('article-2013-'));
    assert.ok(article.length >= 10);
    const co = article.find((row) => row.id === 'article-2013-co');
    assert.deepEqual(co.figures[0].ms, [182, 130]);
    assert.equal(co.ours.numerator.example, 'generators-co-thunks');
  });
});

describe('published figures: kaizhu256’s per-version table', () => {
  const KAIZHU = FIGURES.rows.find((row) => row.id === 'kaizhu256-2018');
  // The lowest and highest callback ÷ promise ratio of a build, to the post's three decimals.
  const rangeOf = (build) => {
    const ratios = build.versions.filter((v) => v.promise).map((v) => v.callback[0] / v.promise[0]);
    return [Math.min(...ratios), Math.max(...ratios)].map((r) => Number(r.toFixed(3)));
  };

  it('gives the range the post states: the lowest and highest ratio of the judged build (planted: a mistyped rate is caught)', () => {
    const judged = KAIZHU.perVersion.builds.find((build) => build.judged);
    assert.deepEqual(rangeOf(judged), KAIZHU.figures[0].range);
    // The results report's copy of the range (lib/published-2018.json) says the same.
    const { low, high } = require('../../lib/published-2018.json').callbackPromiseRatio;
    assert.deepEqual([low, high], KAIZHU.figures[0].range);
    const mistyped = clone(judged);
    mistyped.versions.find((v) => v.node === '5.12.0').promise[0] = 2219;
    assert.notDeepEqual(rangeOf(mistyped), KAIZHU.figures[0].range);
  });

  it('makes a figure of each version with both rates, on our runtime for it, or not measured with the reason where we run none', () => {
    const row = loadFigures().find((r) => r.id === 'kaizhu256-2018');
    const byVersion = Object.fromEntries(row.figures.filter((f) => /, Travis CI build #20:/.test(f.on)).map((f) => [f.on.split(' ')[1], f]));
    assert.deepEqual(Object.keys(byVersion), ['0.11.16', '0.12.18', '4.9.1', '5.12.0', '6.14.1', '7.10.1', '8.11.1', '9.11.1', '10.0.0']);
    assert.deepEqual(byVersion['8.11.1'].rate, [4699, 4305]);
    assert.deepEqual(byVersion['9.11.1'].runtimes, ['node@9.11.2']);
    assert.equal(byVersion['8.11.1'].notRun, undefined);
    assert.match(byVersion['4.9.1'].notRun, /nothing before Node 6/);
    // Every run of ours is on a runtime the table maps, or today's Node.
    const mapped = Object.values(KAIZHU.perVersion.runtimes);
    assert.deepEqual(
      KAIZHU.ours.runtimes.filter((r) => !mapped.includes(r)),
      ['node@26'],
    );
    const page = publishedPage([row], []);
    assert.match(page, /\| node@4\.9\.1 \| — \| \*\*not measured\*\*: asyncmark runs nothing before Node 6[^|]* \| — \|/);
    // The rerun and the versions with the callback client alone are on the page, not judged.
    assert.match(page, /Note: Travis CI build #21 \(the rerun\) \([^)]*\), callback ÷ promise requests\/s, not judged: 0\.11\.16 1\.07, /);
    assert.match(page, /Note: Travis CI build #20 timed only the callback client on 0\.9\.12 \(456 ± 83\/s\), 0\.10\.48 \(49 ± 1\/s\): no ratio\./);
  });
});

describe('published figures: our figure and the page', () => {
  const line = (example, runtime, wallMs, params = {}, status = 'ok') => ({
    scenario: 'doxbee-sequential',
    example,
    runtime,
    params: { n: 1000, latency: 'tick', ...params },
    status,
    error: status === 'ok' ? null : 'node@6 cannot load async-await: SyntaxError: Unexpected token function',
    metrics: status === 'ok' ? { wallMs, cpuUserMs: wallMs / 2, cpuSystemMs: 0 } : null,
    env: { cpu: 'Test CPU', cpus: 2, memoryGB: 24, platform: 'linux', release: '6' },
  });
  const OURS = {
    scenario: 'doxbee-sequential',
    metric: 'wallMs',
    numerator: { example: 'promises-native' },
    denominator: { example: 'async-await' },
    params: { n: 1000, latency: 'tick' },
  };

  it('is the ratio of the two sides’ runs on one runtime, with its interval; n/a with the reason when a side did not run', () => {
    const lines = [100, 104, 96].flatMap((ms) => [line('promises-native', 'node@12', ms * 1.9), line('async-await', 'node@12', ms)]);
    const ours = oursOn(lines, OURS, 'node@12');
    assert.ok(Math.abs(ours.ratio - 1.9) < 1e-9);
    assert.ok(ours.low < 1.9 && ours.high > 1.9);
    assert.deepEqual(ours.runs, [3, 3]);
    const missing = oursOn([line('async-await', 'node@6', null, {}, 'unsupported')], { ...OURS, numerator: { example: 'async-await' } }, 'node@6');
    assert.match(missing.missing, /^async-await on node@6: UNSUPPORTED, node@6 cannot load async-await/);
  });

  it('tells a side’s parameters apart (hooks init against none, none being absent from the line)', () => {
    const hooks = {
      ...OURS,
      numerator: { example: 'promises-bluebird', params: { hooks: 'init' } },
      denominator: { example: 'promises-bluebird', params: { hooks: 'none' } },
    };
    const lines = [1, 2, 3].flatMap((i) => [line('promises-bluebird', 'node@20', 130 + i, { hooks: 'init' }), line('promises-bluebird', 'node@20', 100 + i)]);
    assert.ok(Math.abs(oursOn(lines, hooks, 'node@20').ratio - 132 / 102) < 1e-9);
  });

  it('runs each row as the public bench command, the sides’ parameters as one interleaved list', () => {
    const row = FIGURES.rows.find((r) => r.id === 'bmeurer-hooks-init');
    assert.deepEqual(benchArgs(row), [
      'bench',
      '--scenario',
      'doxbee-sequential',
      '--examples',
      'promises-native',
      '--runtime',
      'node@8.4.0,node@9.3.0,node@8.9.4,node@9.4.0,node@9.11.2,node@18.12.0,node@20.10.0,node@26',
      '--runs',
      '3',
      '--n',
      '1000',
      '--latency',
      'tick',
      '--hooks',
      'none,init',
    ]);
  });

  it('resumes every bench, but for a row’s timed bench of a new session, which runs whole beside the runs there', () => {
    const bench = ['bench', '--scenario', 'fib'];
    assert.deepEqual(runArgs(bench, { out: 'r.jsonl' }), [...bench, '--out', 'r.jsonl', '--resume', '--quiet']);
    assert.deepEqual(runArgs(bench, { out: 'r.jsonl', newSession: true }), [...bench, '--out', 'r.jsonl', '--quiet']);
    // Counts repeat, and the chart is drawn from one set of runs: neither gains a session.
    assert.deepEqual(runArgs(bench, { out: 'r.jsonl', newSession: true, counted: true }), [...bench, '--out', 'r.jsonl', '--resume', '--quiet']);
    assert.deepEqual(runArgs(bench, { out: 'r.jsonl', newSession: true, chart: true }), [...bench, '--out', 'r.jsonl', '--resume', '--quiet']);
  });

  it('writes the page from the figures, the runs and the load only: its mark, the machine, the source, the program and a verdict on every row', () => {
    const [doxbee] = loadFigures().filter((row) => row.id === 'v8-2018-doxbee');
    // A planted figure of no stated precision, so that its margin (a tenth of the effect, 1.77–2.01) can be met.
    const rows = [{ ...doxbee, figures: [{ ...doxbee.figures[0], precision: 'none' }] }];
    const time = '2026-11-28T03:05:00.000Z';
    const windows = [{ from: '2026-11-28T03:00:00.000Z', to: '2026-11-28T03:10:00.000Z', min: 0.5, max: 1.2 }];
    const made = (runtime, ratio) =>
      [100, 101, 99, 100.5, 99.5]
        .flatMap((ms) => [line('promises-native', runtime, ms * ratio), line('async-await', runtime, ms)])
        .map((l) => ({ ...l, time }));
    const lines = made('node@8', 1.9);
    const page = publishedPage(rows, lines, { machine: 'Test CPU, 2 cores', windows });
    assert.ok(page.startsWith(MARK));
    assert.match(page, /Measured on Test CPU, 2 cores\./);
    assert.match(
      page,
      /Source: \[v8\/promise-performance-tests: README\.md\]\(https:\/\/github\.com\/v8\/promise-performance-tests\) \(Benedikt Meurer \(V8\), 10 March 2018 [^\n]*\. Machine: the source states none\. Runtime: the source states none; node@8, /,
    );
    assert.match(page, /^Program: theirs, V8's src\/doxbee-async-es2017-native\.js .* \*\*A proxy\*\*: /m);
    assert.match(page, /^The claim is a time with no waiting in it \(CPU\): judged on CPU time\. Counted work .* never as the verdict\.$/m);
    assert.match(
      page,
      /\| 243\.5 ms ÷ 128\.8 ms \| [^|]* \| 1\.89 \| 1\.77–2\.01 \(the source gives no precision: a tenth of the effect[^|]*\) \| node@8 \| CPU time 1\.90 \([^|]*\), over its one session \| \*\*reproduced on a proxy: asyncmark's upload over lib\/fakes [^|]*\*\*: CPU time 1\.90 /,
    );
    // The load is in the provenance, not in the verdict.
    assert.match(page, /^- v8-2018-doxbee on node@8 \(CPU time\): runs with no session id: 1\.90 \([^)]*\), 5 and 5 runs, load 0\.5–1\.2, judged\.$/m);
    // The verdict follows the CPU time: the same work on both sides is a ratio of 1, which excludes the margin.
    const sameWork = lines.map((l) => (l.example === 'promises-native' ? { ...l, metrics: { ...l.metrics, cpuUserMs: l.metrics.wallMs / 1.9 / 2 } } : l));
    const onCpu = publishedPage(rows, sameWork, { windows });
    assert.match(onCpu, /verdict \(on CPU time\)/);
    assert.match(onCpu, /\| node@8 \| CPU time 1\.00 \([^|]*\), over its one session \| \*\*contradicted on a proxy: [^|]*\*\*: [^|]* \| wall time 1\.90 /);
    // The same runs with no load recorded: shown, not judged.
    assert.match(
      publishedPage(rows, lines),
      /\| node@8 \| — \| \*\*not judged\*\*: no load recorded for its timed runs: not judged from time \| wall time 1\.90 /,
    );
    // What changed in Node between two of our runtimes: the page says whether our ratio moved there.
    const changed = [{ ...rows[0], changes: [{ from: 'node@10', to: 'node@12', what: 'the await change' }] }];
    const both = [...made('node@10', 1.1), ...made('node@12', 1.9)];
    assert.match(
      publishedPage(changed, both, { windows }),
      /Between node@10 and node@12 \(the await change\): our CPU time ratio moved, 1\.10 \([^)]*\) on node@10 → 1\.90 \([^)]*\) on node@12\./,
    );
    assert.match(publishedPage(changed, lines), /Between node@10 and node@12 \(the await change\): not measured on both\./);
    // Today's Node without runs: n/a, never a number from elsewhere.
    assert.match(page, /\| node@26 \| — \| \*\*not measured\*\*: promises-native on node@26: no run \| — \|/);
  });
});

describe('published figures: the totals count each claim once', () => {
  // kaizhu256's row, with runs whose CPU ratio is 1.09 on every version: each figure of his table is
  // judged on its own version's runs, and his range (the table's lowest and highest) on two of them.
  const row = loadFigures().find((r) => r.id === 'kaizhu256-2018');
  const clientLine = (example, runtime, cpuMs) => ({
    scenario: 'http-client',
    example,
    runtime,
    params: { requests: 1000, c: 1, keepAlive: 'off' },
    status: 'ok',
    error: null,
    metrics: { durationMs: cpuMs, cpuUserMs: cpuMs, cpuSystemMs: 0 },
  });
  const lines = row.ours.runtimes.flatMap((runtime) =>
    [100, 101, 99, 100.5].flatMap((ms) => [clientLine('promise-chain', runtime, ms * 1.09), clientLine('recursive-callback', runtime, ms)]),
  );
  const counted = (rows) => verdictTotals(rows, lines);

  it('does not count the range figure, whose verdicts reuse the 8.11.1 and 10.0.0 runs (planted: counted, they count twice)', () => {
    const shown = comparisons(row, lines).filter((c) => c.figure?.summarizes);
    assert.deepEqual(
      shown.map((c) => c.runtime),
      ['node@8.11.1', 'node@10.0.0'],
    );
    const { counts, claims } = counted([row]);
    // 10 claims: the Linode figure and the 9 versions of build #20 with both rates (4 before Node 6); not the range.
    assert.equal(claims, 10);
    assert.equal(
      Object.values(counts).reduce((a, b) => a + b, 0),
      claims,
    );
    assert.equal(counts['not measured'], 4);
    // Planted: the range is no longer marked a summary, so 8.11.1's and 10.0.0's runs serve two counted rows.
    const planted = { ...row, figures: row.figures.map((f) => (f.summarizes ? { ...f, summarizes: undefined } : f)) };
    const twice = counted([planted]);
    assert.equal(twice.claims, 11);
    assert.deepEqual(twice.shared, [
      'kaizhu256-2018 on node@8.11.1 (2 figures)',
      'kaizhu256-2018 on node@10.0.0 (2 figures)',
      'kaizhu256-2018 on node@9.11.2 (2 figures)',
    ]);
    // Without the plant, the one run set judged twice is 9.11.2's: two published measurements, named on the page.
    assert.deepEqual(counted([row]).shared, ['kaizhu256-2018 on node@9.11.2 (2 figures)']);
    const page = publishedPage([row], lines);
    assert.match(page, /Verdicts, one per published claim \(10\):\*\* /);
    assert.match(page, /Runs judged against two published measurements, each counted: kaizhu256-2018 on node@9\.11\.2 \(2 figures\)\./);
    assert.match(page, /\| Node 0\.11 to 10 on Travis CI \(the range over its versions\) \(a summary: not counted\) \|/);
  });

  it('counts a figure judged on two candidate releases once: the verdict they agree on, else inconclusive', () => {
    const als = loadFigures().find((r) => r.id === 'node-34493-no-latency');
    const first = { ...als, figures: [als.figures[0]], ours: { ...als.ours, runtimes: als.figures[0].runtimes } };
    // Timed runs on CPU time, the row's measure, made at a low load.
    const windows = [{ from: '2026-11-28T03:00:00.000Z', to: '2026-11-28T03:10:00.000Z', min: 0.5, max: 1.2 }];
    const alsLine = (example, runtime, ms, context) => ({
      scenario: als.ours.scenario,
      example,
      runtime,
      params: { ...als.ours.params, ...(context ? { context } : {}) },
      status: 'ok',
      error: null,
      time: '2026-11-28T03:05:00.000Z',
      env: { cpus: 2 },
      metrics: { [als.ours.metric]: ms, cpuUserMs: ms, cpuSystemMs: 0 },
    });
    const sides = [als.ours.numerator, als.ours.denominator];
    // The published figure on 14.5.0 (reproduced), no difference on 14.6.0 (contradicted).
    const published = require('../../lib/published/figures').figureRatio(als.figures[0]).value;
    const made = (second) =>
      [
        ['node@14.5.0', published],
        ['node@14.6.0', second],
      ].flatMap(([runtime, ratio]) =>
        [400, 400.01, 399.99, 400.005].flatMap((n) => sides.map((side, i) => alsLine(side.example, runtime, i === 0 ? n * ratio : n, side.params?.context))),
      );
    const verdicts = comparisons(first, made(1), { windows }).map((c) => c.verdict.verdict);
    assert.deepEqual(verdicts, ['reproduced', 'contradicted']);
    const { counts, claims } = verdictTotals([first], made(1), windows);
    assert.equal(claims, 1);
    assert.equal(counts.inconclusive, 1);
    assert.equal(verdictTotals([first], made(published), windows).counts.reproduced, 1);
  });
});
