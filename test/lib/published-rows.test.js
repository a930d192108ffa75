'use strict';

const assert = require('node:assert/strict');
const { loadFigures } = require('../../lib/published/figures');
const { publishedPage, MARK } = require('../../lib/published/page');
const { comparisons } = require('../../lib/published/comparisons');

// The published figures whose sources need a reading of their own: rows with
// no Node or no figure, the slicing article's HTTP figure, DoxBee across Node
// versions, the page's command, and the sources re-read.

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
