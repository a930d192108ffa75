'use strict';

const assert = require('node:assert/strict');
const { unpackPage } = require('./unpack-page');
const { formatRows } = require('../../lib/report/render/rows');
const { parseResults } = require('../../lib/results');
const drivers = require('../../lib/drivers');
const { summarize } = require('../../lib/summary');
const show = require('../../lib/report/display');
const { buildReport } = require('../../lib/report');
const { contextCost } = require('../../lib/report/sections/context');
const { contextPoints, contextSpec } = require('../../lib/report/charts/context-plot');
const { render } = require('../../bench/session-table');
const { checkWellFormed } = require('./well-formed-xml');
const { DECLARATIONS } = require('./fixture-report');
const registries = require('../../examples');

// The context-cost section from made-up lines: doxbee-sequential at one cell
// under node v22 and node v26 on one machine, each style with and without
// context, three runs each (× 0.98, 1, 1.02 of its mean), as bench --context
// none,als --runtime node@22,node@26 writes them.

const CELL = { n: 1000, t: 1, latency: 'constant', dt: 0.1, e: 0, seed: 1 };
const ENVS = {
  'node@22': { node: 'v22.11.0', v8: '12.4', runtime: { name: 'node', version: '22.11.0' } },
  'node@26': { node: 'v26.10.0', v8: '14.6', runtime: { name: 'node', version: '26.10.0' } },
};
const COMMON_ENV = {
  cpu: 'Test CPU',
  platform: 'linux',
  release: '6.1.0',
  arch: 'x64',
  cpus: 2,
  memoryGB: 8,
  packages: {},
  asyncmark: '0.1.0',
  commit: 'test',
};

// Mean ms [none, als], peak RSS MB [none, als] and what each als run recorded, per runtime and example.
const TIMES = {
  'node@22': {
    'callbacks-original': { ms: [100, 120], rss: [50, 55], context: 'kept' },
    'promises-q': { ms: [200, 200], rss: [80, 80], context: 'lost at blob.put' },
    'async-await': { ms: [150, 180], rss: [60, 66], context: 'kept' },
  },
  'node@26': {
    // Measured otherwise than the registry says: the report names it.
    'callbacks-original': { ms: [80, 88], rss: [50, 50], context: 'lost at file.get' },
    'promises-q': { ms: [160, 240], rss: [80, 88], context: 'lost at blob.put' },
    'async-await': { ms: [100, 130], rss: [60, 63], context: 'kept' },
  },
};
const SPREAD = [0.98, 1, 1.02];

function metrics(wallMs, rss) {
  return {
    wallMs,
    // CPU time as the wall time, so that their ratios are the same.
    cpuUserMs: wallMs,
    cpuSystemMs: 0,
    maxRssMB: rss,
    heapBeforeMB: 4,
    heapPeakMB: 6,
    gcCount: 1,
    gcMs: 1,
    elu: 0.5,
    loopDelayP50Ms: 1,
    loopDelayP99Ms: 2,
    latencyP50Ms: 1,
    latencyP90Ms: 1,
    latencyP99Ms: 1,
    invocations: 1000,
    failed: 0,
    operations: 8000,
  };
}

function contextLines({ runtimes = Object.keys(TIMES), contexts = ['none', 'als'], once = null } = {}) {
  const lines = [];
  for (let run = 0; run < 3; run++) {
    for (const runtime of runtimes) {
      for (const [example, { ms, rss, context }] of Object.entries(TIMES[runtime])) {
        contexts.forEach((ctx, i) => {
          if (once && once.example === example && once.runtime === runtime && once.context === ctx && run > 0) return;
          const m = metrics(ms[contexts.length === 1 && ctx === 'als' ? 1 : i] * SPREAD[run], rss[ctx === 'als' ? 1 : 0] * SPREAD[run]);
          if (ctx === 'als') Object.assign(m, { context, contextChecked: 8000, contextMissing: 0, contextForeign: context === 'kept' ? 0 : 7000 });
          lines.push({
            schema: 'asyncmark/run@2',
            session: 's1',
            time: '2026-11-21T10:00:00.000Z',
            scenario: 'doxbee-sequential',
            problem: 'doxbee',
            driver: 'batch',
            example,
            params: ctx === 'als' ? { ...CELL, context: 'als' } : { ...CELL },
            run,
            status: 'ok',
            error: null,
            stderrTail: '',
            metrics: m,
            env: { ...ENVS[runtime], ...COMMON_ENV },
            runtime,
          });
        });
      }
    }
  }
  return lines;
}

const resultsText = (lines) => `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
const GENERATOR = { command: 'asyncmark report', argv: ['report'], node: 'v26.10.0', cpu: 'Test CPU', time: '2026-11-21T00:00:00.000Z' };
const input = (lines, overrides = {}) => ({
  results: [{ name: 'context.jsonl', text: resultsText(lines) }],
  complexity: null,
  debuggability: null,
  format: 'markdown',
  ...DECLARATIONS,
  generator: GENERATOR,
  ...overrides,
});

function costOf(lines) {
  const summary = summarize(lines, { drivers, registries });
  return contextCost(summary, summary.envs, { registries });
}

describe('report: the cost of async context', () => {
  it('makes valid results lines, with and without context', () => {
    const parsed = parseResults(resultsText(contextLines()), 'context.jsonl', { drivers });
    assert.deepEqual(parsed.skipped, []);
    assert.equal(parsed.runs.length, 36);
  });

  it("gives each style's time and memory with context ÷ without, per runtime, with intervals and stars, and its survival", () => {
    const { groups, survival } = costOf(contextLines());
    assert.equal(groups.length, 1);
    const [group] = groups;
    assert.deepEqual(group.params, CELL);
    assert.deepEqual(
      group.columns.map((c) => c.label),
      ['node v22.11.0', 'node v26.10.0'],
    );
    const rows = new Map(group.table.rows.map((row) => [row.example, row]));
    const near = (actual, expected) => assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} is not ${expected}`);
    near(rows.get('callbacks-original').time0.ratio, 1.2);
    near(rows.get('callbacks-original').time1.ratio, 1.1);
    near(rows.get('callbacks-original').memory0.ratio, 1.1);
    near(rows.get('callbacks-original').cpu1.ratio, 1.1);
    near(rows.get('promises-q').time1.ratio, 1.5);
    assert.equal(rows.get('promises-q').time0.significant, false);
    assert.ok(rows.get('callbacks-original').time0.low < 1.2 && rows.get('callbacks-original').time0.high > 1.2);
    // Cheapest to carry first, by the geometric mean over the runtimes.
    assert.deepEqual(
      group.table.rows.map((row) => row.example),
      ['callbacks-original', 'promises-q', 'async-await'],
    );
    const text = formatRows(group.table.rows, group.table.columns, 'table').trimEnd().split('\n');
    assert.equal(
      text[0].replace(/ +/g, ' '),
      'example context node v22.11.0: time × node v22.11.0: CPU × node v22.11.0: memory × node v26.10.0: time × node v26.10.0: CPU × node v26.10.0: memory ×',
    );
    assert.match(text[2], /^callbacks-original +kept on node v22\.11\.0; ⚠ lost at file\.get on node v26\.10\.0 +1\.20× \(1\.\d+–1\.\d+\) \*+ /);
    assert.match(text[3], /^promises-q +⚠ lost at blob\.put +1× \(0\.\d+–1\.\d+\) ≈ /);
    assert.deepEqual(group.table.notes.slice(1), [
      "Lost the context (a later operation of an upload ran in no context or in another upload's): callbacks-original (kept on node v22.11.0; lost at file.get on node v26.10.0), promises-q (lost at blob.put).",
      'callbacks-original: the registry says kept; measured lost at file.get on node v26.10.0.',
    ]);
    assert.match(
      group.table.notes[0],
      /^18 ratios tested; by chance alone, were nothing different, about 0\.900 at \*, 0\.180 at \*\*, 0\.0180 at \*\*\* would be expected\.$/,
    );
    assert.equal(survival.get('doxbee').get('promises-q'), '⚠ lost at blob.put');
    assert.equal(survival.get('doxbee').get('async-await'), 'kept');
  });

  it('says n/a where a side has one finished run, and not run where a runtime has no runs of a style without context', () => {
    const once = { example: 'async-await', runtime: 'node@26', context: 'als' };
    const [group] = costOf(contextLines({ once })).groups;
    const row = group.table.rows.find((r) => r.example === 'async-await');
    assert.equal(row.time1.significant, null);
    // Its one run with context: 130 ms × 0.98 over the mean of three without, 100 ms.
    assert.ok(formatRows([row], group.table.columns, 'table').split('\n')[2].includes('1.27× (n/a)'));

    const alsOnly = costOf(contextLines({ contexts: ['als'] })).groups[0];
    assert.deepEqual(
      alsOnly.table.rows.map((r) => [r.missing0, r.missing1]),
      [
        ['not run', 'not run'],
        ['not run', 'not run'],
        ['not run', 'not run'],
      ],
    );
    assert.equal(contextSpec(alsOnly, { runtimeColors: new Map() }), null);
  });

  it('is left out where nothing ran with context', () => {
    assert.equal(costOf(contextLines({ contexts: ['none'] })), null);
  });

  it('draws one point per style and runtime at its CPU time ratio, a lost context marked, as a well-formed SVG chart', async () => {
    const [group] = costOf(contextLines()).groups;
    const { points, notDrawn } = contextPoints(group);
    assert.deepEqual(
      points.map((p) => `${p.example} ${p.runtime} ${p.ratio.toFixed(2)} ${p.significance}`),
      [
        'callbacks-original node v22.11.0 1.20 significant',
        'callbacks-original node v26.10.0 1.10 significant',
        'promises-q node v22.11.0 1.00 same',
        'promises-q node v26.10.0 1.50 significant',
        'async-await node v22.11.0 1.20 significant',
        'async-await node v26.10.0 1.30 significant',
      ],
    );
    assert.deepEqual(notDrawn, []);
    const built = await buildReport(input(contextLines()));
    assert.deepEqual(built.warnings, []);
    const svg = built.files.find((f) => f.name === 'doxbee-sequential-context.svg').content;
    assert.equal(checkWellFormed(svg).root, 'svg');
    assert.match(svg, />node v26\.10\.0<\/text>/);
    assert.match(svg, />promises-q ⚠<\/text>/);
    assert.match(svg, /aria-label="promises-q · node v26\.10\.0: 1\.50× \([^)]*\) the CPU time without context · context lost at blob\.put"/);
  });

  it('renders the section in both formats, flags lost context in the summary, and keeps the time tables at the cells without context', async () => {
    const markdown = (await buildReport(input(contextLines()))).files.find((f) => f.name === 'README.md').content;
    assert.match(markdown, /\n## The cost of async context\n/);
    assert.match(
      markdown,
      /\n### doxbee-sequential: n=1000, t=1, latency=constant, dt=0\.1, e=0, seed=1\n\n!\[doxbee-sequential: the cost of async context\]\(doxbee-sequential-context\.svg\)/,
    );
    assert.match(markdown, /\| example \| context \| node v22\.11\.0: time × \|/);
    assert.match(markdown, /- \*\*\\<runtime\\>: CPU ×\*\*: Mean CPU time/);
    assert.match(markdown, /- \*\*\\<runtime\\>: memory ×\*\*: Peak RSS/);
    // The summary's column, and no time table of the runs with context.
    assert.match(markdown, /\| example \| tokens \| × baseline time \| peak RSS \| debuggability \| async context \|/);
    assert.match(markdown, /\| promises-q \| — \| [^|]+ \| [^|]+ \| — \| ⚠ lost at blob\.put \|/);
    assert.doesNotMatch(markdown, /context=als/);
    assert.ok(markdown.indexOf('## The cost of async context') > markdown.indexOf('## Time and memory'));
    assert.ok(markdown.indexOf('## The cost of async context') < markdown.indexOf('## Complexity'));

    const html = unpackPage((await buildReport(input(contextLines(), { format: 'html' }))).files[0].content);
    assert.match(html, /<li><a href="#context">The cost of async context<\/a><\/li>/);
    assert.match(html, /<h2 id="context">The cost of async context<\/h2>/);
    assert.match(html, /<figure class="chart" aria-label="doxbee-sequential: the cost of async context">/);

    const plain = (await buildReport(input(contextLines({ contexts: ['none'] })))).files.find((f) => f.name === 'README.md').content;
    assert.doesNotMatch(plain, /async context/);
  });

  it('gives a runtime the same colour in the context chart as in the runtime chart', async () => {
    // node v20 ran the cell without context only: the runtime chart lists it
    // first, the context chart not at all, and still node v22 is one colour.
    const node20 = contextLines({ runtimes: ['node@22'], contexts: ['none'] }).map((line) => ({
      ...line,
      env: { ...line.env, node: 'v20.20.2', runtime: { name: 'node', version: '20.20.2' } },
      runtime: 'node@20',
    }));
    const { files } = await buildReport(input([...contextLines(), ...node20]));
    // Each legend entry of a chart: its symbol's fill, then its label.
    const legend = (name) =>
      new Map(
        [
          ...files
            .find((f) => f.name === name)
            .content.matchAll(/role-legend-symbol"[^>]*><path [^>]*fill="(#[0-9a-f]{6})".*?role-legend-label"[^>]*><text [^>]*>([^<]+)</g),
        ].map(([, fill, label]) => [label, fill]),
      );
    const runtimes = legend('doxbee-sequential-runtimes.svg');
    const context = legend('doxbee-sequential-context.svg');
    // The runtime chart draws every runtime but its reference, node v26.
    assert.deepEqual([...runtimes.keys()], ['node v20.20.2', 'node v22.11.0']);
    assert.deepEqual([...context.keys()], ['node v22.11.0', 'node v26.10.0']);
    assert.equal(context.get('node v22.11.0'), runtimes.get('node v22.11.0'));
    assert.notEqual(context.get('node v26.10.0'), runtimes.get('node v20.20.2'));
  });

  it('is printed by bench after the time tables when both contexts ran, and not otherwise', () => {
    // --wide: the default terminal table wraps its text columns to 100.
    const text = render(contextLines(), { format: 'table', wide: true });
    const at = text.indexOf('The cost of async context, doxbee-sequential: n=1000, t=1');
    assert.ok(at > text.indexOf('doxbee-sequential: n=1000, t=1, latency=constant, dt=0.1, e=0, seed=1, context=als'), text);
    assert.match(text.slice(at), /\npromises-q +⚠ lost at blob\.put /);
    assert.doesNotMatch(render(contextLines({ contexts: ['none'] }), { format: 'table' }), /async context/);
    assert.equal(show.params({ ...CELL, context: 'als' }), 'n=1000, t=1, latency=constant, dt=0.1, e=0, seed=1, context=als');
  });
});
