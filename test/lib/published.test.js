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

describe('published figures: rows whose source gives no Node or no figure', () => {
  const slicingLine = (example, runtime, callMs) => ({
    scenario: 'slicing',
    example,
    runtime,
    params: { n: 10, minTime: 300 },
    status: 'ok',
    error: null,
    metrics: { callMs },
  });

  it('judges #34493’s first figures on the Node of their date, and says how the date fixes it', () => {
    const row = loadFigures().find((r) => r.id === 'node-34493-no-latency');
    assert.deepEqual(row.figures[0].runtimes, ['node@14.5.0', 'node@14.6.0']);
    assert.match(row.figures[0].note, /between nodejs\/node #34371, the v14\.6\.0 release proposal .* and #34542/);
    for (const runtime of row.figures[0].runtimes) assert.ok(row.ours.runtimes.includes(runtime), runtime);
  });

  it('says not measured, with the note, for a row with no figure, even where our runs exist (planted: a verdict from runs alone)', () => {
    // Planted: the slicing row with its figures taken away.
    const slicing = loadFigures().find((r) => r.id === 'slicing-2015');
    const row = { ...slicing, figures: [], noFigure: 'Planted: no figure of the source is recorded.' };
    const lines = [1, 2, 3].flatMap((i) => [slicingLine(row.ours.numerator.example, 'node@26', 50 + i), slicingLine('sync', 'node@26', 1 + i / 100)]);
    const node26 = comparisons(row, lines).find((c) => c.runtime === 'node@26');
    assert.equal(node26.verdict.verdict, 'not measured');
    assert.ok(Number.isFinite(node26.ours.ratio), 'our figure is still shown');
    const page = publishedPage([row], lines);
    // One claim with no figure, not one per runtime that ran.
    assert.match(
      page,
      /Verdicts, one per published claim \(1\):\*\* reproduced 0, contradicted 0, inconclusive 0, not judged 0, not measured 1 \(1 on a proxy\)\./,
    );
    assert.match(page, /Note: Planted: no figure of the source is recorded\./);
  });
});

describe('published figures: the slicing article’s HTTP figure', () => {
  const row = loadFigures().find((r) => r.id === 'slicing-2015-http');
  const time = '2026-11-28T03:05:00.000Z';
  const windows = [{ from: '2026-11-28T03:00:00.000Z', to: '2026-11-28T03:10:00.000Z', min: 0.5, max: 1.2 }];
  const params = { workload: 'compute', bytes: 1048576, fibN: 18, t: 10, requests: 1000, c: 50, workers: 4 };
  const httpLine = (example, latencyMeanMs, durationMs) => ({
    scenario: 'http-server',
    example,
    runtime: 'node@20',
    params,
    status: 'ok',
    error: null,
    time,
    metrics: { latencyMeanMs, durationMs, cpuUserMs: durationMs, cpuSystemMs: 0 },
    env: { cpu: 'Test CPU', cpus: 2, memoryGB: 24, platform: 'linux', release: '6' },
  });
  // Mean latencies 40 times apart; whole loads as far apart as the figure, 751.467 ÷ 23.38.
  const FIGURE = 751.467 / 23.38;
  const lines = [
    [1, 1],
    [1.01, 1.003],
    [0.99, 0.997],
    [1.005, 1.002],
    [0.995, 0.998],
  ].flatMap(([x, y]) => [httpLine('cluster-sliced', 800 * x, FIGURE * 500 * y), httpLine('cluster-sync', 20 * x, 500)]);
  const onNode20 = (r) => comparisons(r, lines, { windows }).find((c) => c.runtime === 'node@20');

  it('is the article’s sliced fibonacci in a four-worker cluster against the synchronous one, at 50 connections and 1,000 requests', () => {
    assert.equal(row.ours.scenario, 'http-server');
    assert.deepEqual([row.ours.numerator.example, row.ours.denominator.example], ['cluster-sliced', 'cluster-sync']);
    assert.deepEqual(
      { c: row.ours.params.c, requests: row.ours.params.requests, workers: row.ours.params.workers, workload: row.ours.params.workload },
      { c: 50, requests: 1000, workers: 4, workload: 'compute' },
    );
    assert.deepEqual(row.figures[0].ms, [751.467, 23.38]);
    assert.equal(row.figures[0].notRun, undefined);
    const benchmarkJs = loadFigures().find((r) => r.id === 'slicing-2015');
    assert.ok(!benchmarkJs.figures.some((f) => f.ms), 'the figure is judged once, in its own row');
  });

  it('is judged on the mean latency, and its decisive verdict says it is a proxy and what differs (planted: judged on the whole load’s time)', () => {
    const c = onNode20(row);
    assert.equal(c.verdict.interval.measure, 'mean latency');
    assert.ok(Math.abs(c.verdict.interval.ratio - 40) < 1e-6);
    assert.equal(c.verdict.verdict, 'contradicted');
    assert.match(c.verdict.label, /^contradicted on a proxy: the article's server code is not shown and its size not stated; ours is /);
    // Planted: the whole load's time, whose ratio here is the figure's own.
    const planted = onNode20({ ...row, ours: { ...row.ours, metric: 'durationMs' } });
    assert.equal(planted.verdict.interval.measure, 'wall time');
    assert.ok(Math.abs(planted.verdict.interval.ratio - FIGURE) < 0.001);
    assert.notEqual(planted.verdict.verdict, 'contradicted');
    const page = publishedPage([row], lines, { windows });
    assert.match(page, /judged on mean latency\./);
    assert.match(page, /\| verdict \(on mean latency\) \|/);
    assert.match(page, /\| \[slicing-2015-http\]\(#slicing-2015-http\): 751\.467 ms ÷ 23\.38 ms \| contradicted on a proxy: [^|]* \| mean latency \| proxy \|/);
  });
});

describe('published figures: DoxBee across Node versions', () => {
  const { versionPoints, workPoints, versionSpec } = require('../../lib/published/version-chart');
  const CHART = {
    scenario: 'doxbee-sequential',
    params: { n: 1000 },
    baseline: 'callbacks-original',
    examples: ['callbacks-original', 'async-await'],
    runtimes: ['node@6', 'node@12'],
  };
  const line = (example, runtime, wallMs, status = 'ok') => ({
    scenario: 'doxbee-sequential',
    example,
    runtime,
    params: { n: 1000 },
    status,
    error: status === 'ok' ? null : `${runtime} cannot load ${example}: SyntaxError: Unexpected token function`,
    metrics: status === 'ok' ? { wallMs } : null,
  });

  it('draws each representative’s ratio to the baseline on the same version, and says which it cannot', () => {
    const lines = [
      ...[10, 11, 12].map((ms) => line('callbacks-original', 'node@6', ms)),
      line('async-await', 'node@6', null, 'unsupported'),
      ...[10, 11, 12].flatMap((ms) => [line('callbacks-original', 'node@12', ms), line('async-await', 'node@12', ms * 1.5)]),
    ];
    const { points, notDrawn } = versionPoints(lines, CHART);
    assert.deepEqual(
      points.map((p) => [p.example, p.runtime, Math.round(p.ratio * 100) / 100]),
      [['async-await', 'node@12', 1.5]],
    );
    assert.deepEqual(notDrawn, ['async-await on node@6: UNSUPPORTED, node@6 cannot load async-await: SyntaxError: Unexpected token function']);
    const spec = versionSpec(lines, CHART);
    assert.deepEqual(spec.encoding.x.sort, ['node@6', 'node@12']);
    assert.equal(spec.vconcat, undefined, 'no counts: no second panel');
    assert.match(spec.title.subtitle.join(' '), /No second panel of CPU work/);
    assert.equal(versionSpec([], CHART), null);
  });

  // A counted run (bench --measure instructions): no time, instructions per upload.
  const counted = (example, runtime, perUpload, status = 'ok', error = null) => ({
    ...line(example, runtime, null, status),
    measure: 'instructions',
    error,
    metrics: status === 'ok' ? { wallMs: null, instructionsPerInvocation: perUpload } : null,
  });

  it('draws a second panel of CPU work per upload from the counted runs, and says which version has no count and why', () => {
    const timed = [10, 11, 12].flatMap((ms) => [line('callbacks-original', 'node@12', ms), line('async-await', 'node@12', ms * 1.5)]);
    const lines = [
      ...timed,
      counted('callbacks-original', 'node@12', 30000),
      counted('async-await', 'node@12', 45000),
      counted('async-await', 'node@12', 45010),
      counted(
        'callbacks-original',
        'node@6',
        null,
        'unsupported',
        'node@6: its V8 has no --single-threaded, which a count needs to repeat (docs/explanation/counted-work.md)',
      ),
    ];
    const { points, notCounted } = workPoints(lines, CHART);
    assert.deepEqual(
      points.map((p) => [p.example, p.runtime, p.work, p.low, p.high, p.counts]),
      [
        ['callbacks-original', 'node@12', 30000, 30000, 30000, 1],
        ['async-await', 'node@12', 45005, 45000, 45010, 2],
      ],
    );
    assert.deepEqual(notCounted, [
      'callbacks-original on node@6: UNSUPPORTED, node@6: its V8 has no --single-threaded, which a count needs to repeat (docs/explanation/counted-work.md)',
      'async-await on node@6: no count',
    ]);
    const spec = versionSpec(lines, CHART);
    assert.equal(spec.vconcat.length, 2);
    assert.deepEqual(spec.vconcat[1].data.values, points);
    assert.equal(spec.vconcat[1].layer[0].encoding.y.field, 'work');
    assert.match(spec.title.subtitle.join(' '), /Bottom: instructions per upload/);
    // The counted runs are no side of a ratio of times: the first panel is as without them.
    assert.deepEqual(versionPoints(lines, CHART).points, versionPoints(timed, CHART).points);
    // Only counts: the chart is still drawn, its ratio panel empty.
    assert.equal(
      versionSpec(
        lines.filter((l) => l.measure),
        CHART,
      ).vconcat[0].data.values.length,
      0,
    );
  });

  it('puts on the page the versions with no count, with the reason', () => {
    const rows = loadFigures().filter((row) => row.id === 'v8-2018-doxbee');
    const page = publishedPage(rows, [], { chart: { file: 'published/c.svg', basis: 'cpu', notDrawn: [], notCounted: ['async-await on node@6: no count'] } });
    assert.match(page, /^No CPU work \(not counted\): async-await on node@6: no count\.$/m);
    assert.match(
      page,
      /^The upper panel is each style's CPU time as a multiple of the baseline's on the same version: .* The lower panel is the CPU work of one upload/m,
    );
  });
});

describe('npm run published (bench/published.js)', function () {
  this.timeout(60000);
  const fs = require('node:fs');
  const os = require('node:os');
  const path = require('node:path');
  const { spawnSync } = require('node:child_process');
  const SCRIPT = path.join(__dirname, '..', '..', 'bench', 'published.js');
  let dir;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-published-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const run = (...args) => spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });

  it('writes the page from the runs alone, and rewrites a page it wrote', () => {
    const page = path.join(dir, 'published.md');
    const results = path.join(dir, 'runs.jsonl');
    fs.writeFileSync(results, '');
    for (let i = 0; i < 2; i++) {
      const ran = run('--report-only', '--results', results, '--page', page);
      assert.equal(ran.status, 0, ran.stderr);
    }
    const text = fs.readFileSync(page, 'utf8');
    assert.ok(text.startsWith(MARK));
    assert.match(
      text,
      /Verdicts, one per published claim \(\d+\):\*\* reproduced 0, contradicted 0, inconclusive 0, not judged 0, not measured \d+( \(\d+ on a proxy\))?\./,
    );
  });

  it('never overwrites a page a person wrote, and refuses a row it does not have, in one line with exit code 2', () => {
    const page = path.join(dir, 'mine.md');
    fs.writeFileSync(page, '# my notes\n');
    const mine = run('--report-only', '--results', path.join(dir, 'none.jsonl'), '--page', page);
    assert.equal(mine.status, 2);
    assert.match(mine.stderr, /^asyncmark: --page: .*mine\.md was not written by npm run published; expected a new file or one it wrote/);
    assert.equal(fs.readFileSync(page, 'utf8'), '# my notes\n');
    const bad = run('--only', 'no-such-row', '--report-only', '--page', path.join(dir, 'p.md'));
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /^asyncmark: --only: "no-such-row" is not allowed; expected row ids of lib\/published\/figures\.json: kaizhu256-2018, /);
    // An option it does not know: one line, not a stack trace.
    const unknown = run('--no-such-option');
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /^asyncmark: Unknown option '--no-such-option'; expected --results FILE, [^\n]*\n$/);
  });
});

describe('published figures: the sources re-read', () => {
  const { marginOf } = require('../../lib/published/margin');
  const { figureRatio } = require('../../lib/published/figures');

  it('names, for every row, the commit, page or message its program and figures were read from', () => {
    for (const row of loadFigures()) assert.match(row.source.read ?? '', /\S/, row.id);
  });

  it('judges the recursion write-up’s Node figure per call, since it timed asyncFib at 29 and syncFib at 45 (planted: per call left out)', () => {
    const row = loadFigures().find((r) => r.id === 'recursion-2018');
    const node = row.figures.find((f) => f.runtimes.includes('node@10'));
    const value = 2600 / 1664079 / (11000 / 3672623805);
    assert.equal(figureRatio(node).value.toFixed(6), value.toFixed(6));
    const margin = marginOf(node, figureRatio(node));
    assert.ok(margin.low < value && value < margin.high);
    const plain = { ...node, per: undefined };
    assert.ok(figureRatio(plain).value < 1, 'without per call, 2.6 s ÷ 11 s is a ratio below 1');
    // fib(n) makes 2·F(n+1) − 1 calls.
    const F = (n) => (n < 2 ? n : F(n - 1) + F(n - 2));
    assert.deepEqual(node.per, [2 * F(30) - 1, 2 * 1836311903 - 1]);
    assert.equal(row.program.another, undefined, 'asyncmark’s fib async is the write-up’s asyncFib');
  });

  it('judges the slicing article on its program, labelled a proxy only for the size it does not state, with Benchmark.js’s ± as each mean’s margin', () => {
    const row = loadFigures().find((r) => r.id === 'slicing-2015');
    assert.equal(row.ours.numerator.example, 'both-branches-set-immediate');
    assert.equal(row.program.another, 'his size is not stated: ours is fib(10)');
    const bench = row.figures.find((f) => f.rme);
    assert.equal(marginOf(bench, figureRatio(bench)).from, 'relative margin');
  });
});
