'use strict';

const assert = require('node:assert/strict');
const { formatRows } = require('../../lib/report/render/rows');
const { summarize } = require('../../lib/summary');
const { parseResults } = require('../../lib/results');
const drivers = require('../../lib/drivers');
const { articleComparison, articleBlocks } = require('../../lib/report/sections/article');
const { spearman, ranks } = require('../../lib/stats');
const { buildReport } = require('../../lib/report');
const ARTICLE = require('../../lib/article-2013.json');
const { DECLARATIONS } = require('./fixture-report');
const registries = require('../../examples');

// The 2013 article's tables beside ours: made-up runs at the article's cell
// and at the io-bound scenario, so that every number the section shows can be
// checked against what went in.

const ENV = {
  node: 'v26.0.0',
  v8: '14.0',
  platform: 'linux',
  release: '6',
  arch: 'x64',
  cpu: 'Test CPU',
  cpus: 2,
  memoryGB: 24,
  packages: {},
  asyncmark: '0.1.0',
  commit: 'test',
};

// Each example's time at the article's cell: three runs around its mean.
const TIMES = { 'callbacks-original': 100, 'promises-when': 130, 'generators-suspend': 101, 'promises-all-the-way': 250 };

function run(scenario, example, params, index, wallMs, extra = {}) {
  return {
    schema: 'asyncmark/run@1',
    session: 's1',
    time: '2026-01-01T00:00:00.000Z',
    scenario,
    problem: 'doxbee',
    example,
    params,
    run: index,
    baseline: 'callbacks-original',
    status: 'ok',
    error: null,
    stderrTail: '',
    metrics: {
      wallMs,
      cpuUserMs: 1,
      cpuSystemMs: 1,
      maxRssMB: 50,
      heapBeforeMB: 4,
      heapPeakMB: 4 + wallMs / 100,
      gcCount: 1,
      gcMs: 1,
      elu: 0.5,
      loopDelayP50Ms: 1,
      loopDelayP99Ms: 2,
      latencyP50Ms: 1,
      latencyP90Ms: 1,
      latencyP99Ms: 1,
      invocations: params.n,
      failed: 0,
      operations: params.n * 9,
    },
    env: ENV,
    ...extra,
  };
}

function runs() {
  const out = [];
  const cell = { n: 1000, t: 10, latency: 'constant', dt: 0.1, e: 0, seed: 1 };
  for (const [example, ms] of Object.entries(TIMES)) {
    for (const [i, spread] of [0.98, 1, 1.02].entries()) out.push(run('doxbee-sequential', example, cell, i, ms * spread));
  }
  // fibrous cannot run: its row says why.
  out.push({ ...run('doxbee-sequential', 'fibrous', cell, 0, 0), status: 'unavailable', error: 'fibers does not compile', metrics: null });
  for (const n of [100, 2000]) {
    const params = { n, latency: 'load', dt: 0.1, e: 0, seed: 1 };
    for (const [example, slower] of [
      ['callbacks-original', 1],
      ['promises-all-the-way', 1.5],
    ]) {
      for (const [i, spread] of [0.99, 1, 1.01].entries()) out.push(run('doxbee-io-bound', example, params, i, n * slower * spread));
    }
  }
  return out;
}

const COMPLEXITY = {
  columns: ['example', 'tokens'],
  rows: [
    { problem: 'doxbee', example: 'callbacks-original', tokens: 444 },
    { problem: 'doxbee', example: 'promises-when', tokens: 365 },
    // Another problem's example of the same name is not counted.
    { problem: 'parallel', example: 'observables-rxjs', tokens: 999 },
    { problem: 'doxbee', example: 'observables-rxjs', tokens: 423 },
  ],
};

function comparison(complexity = COMPLEXITY) {
  const summary = summarize(runs(), { drivers, registries });
  return articleComparison(summary.cells, summary.envs, complexity, DECLARATIONS);
}

const text = (table) => formatRows(table.rows, table.columns, 'markdown');
const rowOf = (table, file) => table.rows.find((row) => row.file === file);

describe('report: beside the 2013 article', () => {
  it('ranks with ties sharing their mean rank, and Spearman rho of 1, -1 and null for too few pairs', () => {
    assert.deepEqual(ranks([30, 10, 20, 10, null]), [4, 1.5, 3, 1.5, null]);
    assert.equal(spearman([1, 2, 3, 4], [10, 20, 30, 40]).rho, 1);
    assert.equal(spearman([1, 2, 3, 4], [4, 3, 2, 1]).rho, -1);
    assert.equal(spearman([1, 2, 3], [1, null, 2]), null);
    assert.equal(spearman([1, 2, 3, 4], [1, 2, null, 3]).pairs, 3);
  });

  it('sets every row of the article beside its example, with the published figures as given', () => {
    const { tokens, time } = comparison();
    assert.equal(tokens.rows.length, ARTICLE.rows.length);
    assert.equal(time.rows.length, ARTICLE.rows.length);
    const promises = rowOf(time, 'promises');
    assert.equal(promises.time2013, 2315);
    assert.equal(promises.memory2013, 240.39);
    assert.equal(promises.example, 'promises-all-the-way');
    assert.equal(promises.ratio2013, 2315 / 130);
    // The article's order: fastest first, the untimed files last.
    assert.equal(time.rows[0].file, 'suspend');
    assert.deepEqual(
      time.rows.slice(-2).map((row) => row.time2013),
      [null, null],
    );
  });

  it("shows today's mean, ratio to the baseline and rank from the runs, and why a row has none", () => {
    const { time } = comparison();
    const all = rowOf(time, 'promises');
    assert.ok(Math.abs(all.cell.mean - 250) < 1e-9);
    assert.ok(Math.abs(all.cell.ratio - 2.5) < 0.01);
    // Four examples ran and finished: the slowest is fourth.
    assert.equal(all.rank, 4);
    assert.equal(rowOf(time, 'original').rank, 1);
    const table = text(time);
    assert.match(table, /\| promises \| 2315 \| 17\.8× \| 240\.39 \| 16 \| promises-all-the-way \| 250 ms \([\d.]+–[\d.]+\) \| 2\.50× \([\d.]+–[\d.]+\) \|/);
    assert.match(table, /\| fibrous \| 1159 \|.*\| fibrous \| UNAVAILABLE \| UNAVAILABLE \|/);
    assert.match(table, /\| co \| 182 \|.*\| generators-co-thunks \| not run \| not run \|/);
    assert.ok(time.notes.some((note) => note.startsWith('fibrous: 1/1 UNAVAILABLE — fibers does not compile')));
    assert.ok(time.notes.some((note) => note.startsWith('Not run at this cell:') && note.includes('generators-co-thunks')));
    // Three pairs at least: a rank agreement is given.
    assert.equal(time.rho.pairs, 4);
  });

  it('takes tokens from the doxbee rows of the complexity file only', () => {
    const { tokens } = comparison();
    assert.equal(rowOf(tokens, 'rx').tokens, 423);
    assert.equal(rowOf(tokens, 'promiseish').rank, 1);
    assert.equal(rowOf(tokens, 'co').tokens, null);
    assert.equal(tokens.rho.pairs, 3);
  });

  it('shows the io-bound ratios at every n run, and says so when there are none', () => {
    const { io } = comparison();
    assert.deepEqual(io.ns, [100, 2000]);
    const table = text(io);
    assert.match(table, /\| promises \| promises-all-the-way \| 1\.50× \([\d.]+–[\d.]+\) \| 1\.50× \([\d.]+–[\d.]+\) \|/);
    assert.match(table, /\| original \| callbacks-original \| 1× \| 1× \|/);

    const without = summarize(
      runs().filter((r) => r.scenario !== 'doxbee-io-bound'),
      { drivers, registries },
    );
    const none = articleComparison(without.cells, without.envs, COMPLEXITY, DECLARATIONS);
    assert.match(none.io.notes[0], /^No runs of doxbee-io-bound here/);
    const blocks = articleBlocks(none, { envLabel: 'x' });
    assert.ok(!blocks.some((block) => block.table === none.io));
  });

  it('is left out when nothing of ours compares, and otherwise drawn in both formats', async () => {
    const other = summarize(
      runs().map((r) => ({ ...r, scenario: 'doxbee-errors' })),
      { drivers, registries },
    );
    assert.equal(articleComparison(other.cells, other.envs, null, DECLARATIONS), null);

    const input = (format) => ({
      results: [
        {
          name: 'runs.jsonl',
          text: runs()
            .map((r) => JSON.stringify(r))
            .join('\n'),
        },
      ],
      complexity: null,
      debuggability: null,
      format,
      ...DECLARATIONS,
      generator: { command: 'asyncmark report', argv: ['report'], node: 'v26', cpu: 'Test CPU', time: '2026-01-01T00:00:00.000Z' },
      links: { article: '../article-2013.md' },
    });
    // The made-up runs are valid results lines.
    assert.deepEqual(parseResults(input('markdown').results[0].text, 'runs.jsonl', { drivers }).skipped, []);
    const markdown = (await buildReport(input('markdown'))).files.find((f) => f.name === 'README.md').content;
    assert.match(markdown, /\n## Beside the 2013 article\n/);
    assert.match(markdown, /### Time and memory at n=1000, t=10 ms/);
    assert.match(markdown, /\(\.\.\/article-2013\.md\)/);
    assert.match(markdown, /\[doxbee-io-bound: .*\]\(doxbee-io-bound-time\.svg\)/);
    const html = (await buildReport(input('html'))).files[0].content;
    assert.match(html, /<h2 id="article-2013">Beside the 2013 article<\/h2>/);
    assert.match(html, /<a href="#article-2013">/);
  });
});
