'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { cancelCostRows, timeRatios, workRatios, renderCancelCost, cancelCostSpec, mainRuntime } = require('../../lib/cancel-cost');
const { main, MARK } = require('../../bench/cancel-cost-table');

// What cancellability costs: each variant beside its plain example, from
// measures passed in; and the script that writes the table, which never
// replaces a file a person wrote.

const registry = {
  problem: 'toy',
  examples: [
    { name: 'plain', family: 'callbacks' },
    { name: 'other', family: 'promises' },
    { name: 'plain-cancellable', family: 'callbacks', variantOf: 'plain', cancel: 'signal' },
  ],
};
const tokens = { plain: 100, other: 50, 'plain-cancellable': 125 };
const measures = { tokensOf: (entry) => tokens[entry.name], outcomeOf: (entry) => (entry.cancel ? 'keeps the contract' : 'n/a (no means to cancel)') };

describe('the cost of cancellability', () => {
  it('gives one row per variant, beside the plain example it names, with both outcomes and the extra tokens', () => {
    assert.deepEqual(cancelCostRows(registry, measures), [
      {
        problem: 'toy',
        family: 'callbacks',
        plain: 'plain',
        variant: 'plain-cancellable',
        plainOutcome: 'n/a (no means to cancel)',
        variantOutcome: 'keeps the contract',
        plainTokens: 100,
        variantTokens: 125,
        extraTokens: 25,
        ratio: 1.25,
      },
    ]);
  });

  it('renders a table per problem under the line that says which command made it', () => {
    const text = renderCancelCost(cancelCostRows(registry, measures), '<!-- first -->');
    assert.ok(text.startsWith('<!-- first -->\n# What cancellability costs each style\n'));
    assert.match(text, /\n## toy\n/);
    assert.match(
      text,
      /\| callbacks \| `plain` \| n\/a \(no means to cancel\) \| `plain-cancellable` \| keeps the contract \| 100 → 125 \| \+25 \(1\.25×\) \|\n/,
    );
  });

  it("gives each variant's wall time against its plain example's, per scenario and n, from runs of both", () => {
    const rows = cancelCostRows(registry, measures);
    const run = (example, n, wallMs, status = 'ok', signal = example.endsWith('-cancellable') ? 'live' : undefined) => ({
      scenario: 's',
      problem: 'toy',
      example,
      params: { n, ...(signal ? { signal } : {}) },
      status,
      metrics: { wallMs },
    });
    const runs = [
      ...[10, 11, 12].map((ms) => run('plain', 100, ms)),
      ...[20, 22, 24].map((ms) => run('plain-cancellable', 100, ms)),
      run('plain-cancellable', 100, 1000, 'crash'),
      // One run of a side gives no interval: no ratio at that n.
      run('plain', 1000, 5),
      run('plain-cancellable', 1000, 5),
    ];
    const ratios = timeRatios(rows, runs);
    assert.deepEqual(
      ratios.map(({ scenario, n, variant, plain }) => [scenario, n, variant, plain]),
      [['s', 100, 'plain-cancellable', 'plain']],
    );
    assert.equal(ratios[0].ratio.ratio, 2);
    assert.ok(ratios[0].ratio.significant && ratios[0].ratio.low < 2 && ratios[0].ratio.high > 2);
    assert.equal(ratios[0].unsignalled, null);
    const text = renderCancelCost(rows, '<!-- first -->', [], { ratios, provenance: 'Made here.' });
    assert.match(text, /\n# Time of each variant against its plain example\n\n[^]*Wall time, [^\n]* Made here\.\n\n## s\n/);
    assert.match(text, /\| `plain-cancellable` \| `plain` \| 2\.00× \([\d.]+–[\d.]+\) \|\n/);
    // The variant without a signal: beside the cost, never standing for it.
    const without = [16, 16.5, 17.5].map((ms) => run('plain-cancellable', 100, ms, 'ok', null));
    const [both] = timeRatios(rows, [...runs, ...without]);
    assert.equal(both.ratio.ratio, 2);
    assert.equal(both.unsignalled.ratio, 22 / 16.666666666666668);
    assert.match(renderCancelCost(rows, '<!-- first -->', [], { ratios: [both] }), /\| 2\.00× \([\d.]+–[\d.]+\) \/ 1\.32× \([\d.]+–[\d.]+\)[ ≈]* \|\n/);
    assert.deepEqual(timeRatios(rows, [...runs.filter((r) => r.example === 'plain'), ...without]), []);
  });

  it('takes the newest session that ran both sides of a pair, and never pools two sessions', () => {
    const rows = cancelCostRows(registry, measures);
    const run = (session, example, wallMs) => ({
      session,
      scenario: 's',
      problem: 'toy',
      example,
      params: { n: 100, ...(example.endsWith('-cancellable') ? { signal: 'live' } : {}) },
      status: 'ok',
      metrics: { wallMs },
    });
    const runs = [
      // An older session: the variant twice the plain example's time.
      ...[10, 11, 12].flatMap((ms) => [run('2026-01-01T00:00:00.000Z-a', 'plain', ms), run('2026-01-01T00:00:00.000Z-a', 'plain-cancellable', ms * 2)]),
      // A newer one, on a slower machine: the same time as the plain example's.
      ...[30, 33, 36].flatMap((ms) => [run('2026-02-01T00:00:00.000Z-b', 'plain', ms), run('2026-02-01T00:00:00.000Z-b', 'plain-cancellable', ms)]),
      // The newest ran only the plain example: it cannot give the ratio.
      ...[1, 2].map((ms) => run('2026-03-01T00:00:00.000Z-c', 'plain', ms)),
    ];
    const [only] = timeRatios(rows, runs);
    assert.equal(only.ratio.ratio, 1);
    assert.equal(timeRatios(rows, runs.slice(0, 6))[0].ratio.ratio, 2);
  });

  it('compares the two sides of a pair on one runtime only, and names a pair measured on another than the page’s (planted: sides split across runtimes)', () => {
    const rows = cancelCostRows(registry, measures);
    const run = (node, example, metrics) => ({
      session: '2026-01-01T00:00:00.000Z-a',
      scenario: 's',
      problem: 'toy',
      example,
      params: { n: 100, ...(example.endsWith('-cancellable') ? { signal: 'live' } : {}) },
      status: 'ok',
      metrics,
      env: { node },
    });
    const timed = (node, example, ms) => [ms, ms * 1.1].map((wallMs) => run(node, example, { wallMs }));
    const counted = (node, example, count) => [count, count * 1.01].map((instructionsPerInvocation) => run(node, example, { instructionsPerInvocation }));
    // One session with both runtimes (--runtime node,node@26): the plain example on one, the variant on the other.
    const split = [...timed('v20.20.2', 'plain', 10), ...timed('v26.3.0', 'plain-cancellable', 20)];
    assert.deepEqual(timeRatios(rows, split), [], 'a time ratio across two runtimes');
    assert.deepEqual(
      workRatios(rows, [...counted('v20.20.2', 'plain', 100), ...counted('v26.3.0', 'plain-cancellable', 200)]),
      [],
      'a count ratio across two runtimes',
    );
    // The page's runtime is that of most runs; the pair measured only on another names it.
    const other = [
      ...timed('v20.20.2', 'other', 5),
      ...timed('v20.20.2', 'other', 5),
      ...timed('v26.3.0', 'plain', 10),
      ...timed('v26.3.0', 'plain-cancellable', 20),
    ];
    const runtime = mainRuntime(other);
    assert.equal(runtime, 'v20.20.2');
    const ratios = timeRatios(rows, other);
    assert.equal(ratios[0].node, 'v26.3.0');
    const work = workRatios(rows, [...counted('v26.3.0', 'plain', 100), ...counted('v26.3.0', 'plain-cancellable', 200)]);
    const text = renderCancelCost(rows, '<!-- first -->', [], { ratios, work, runtime });
    assert.match(text, /\| `plain-cancellable` \(node v26\.3\.0\) \| `plain` \| 2\.00× /);
    assert.match(text, /\| s \| 100 \| `plain-cancellable` \(node v26\.3\.0\) \| `plain` \| 101 → 201 /);
    assert.equal(cancelCostSpec(ratios, runtime).vconcat[0].data.values[0].label, 'plain-cancellable (node v26.3.0)');
    // On the page's own runtime, nothing is added.
    assert.match(renderCancelCost(rows, '<!-- first -->', [], { ratios, runtime: 'v26.3.0' }), /\| `plain-cancellable` \| `plain` \|/);
  });

  it("gives each variant's counted work against its plain example's, from counted runs only", () => {
    const rows = cancelCostRows(registry, measures);
    const run = (example, instructionsPerInvocation, mutatorPerInvocation, signal = example.endsWith('-cancellable') ? 'live' : undefined) => ({
      scenario: 's',
      problem: 'toy',
      example,
      params: { n: 1000, ...(signal ? { signal } : {}) },
      status: 'ok',
      metrics: { wallMs: null, instructionsPerInvocation, mutatorPerInvocation },
    });
    const work = workRatios(rows, [
      run('plain', 20000, 18000),
      run('plain-cancellable', 21000, 19000),
      run('plain-cancellable', 23000, 19600),
      run('other', null),
    ]);
    assert.deepEqual(work, [
      {
        scenario: 's',
        n: 1000,
        variant: 'plain-cancellable',
        plain: 'plain',
        node: '',
        plainCount: 20000,
        variantCount: 22000,
        unsignalledCount: null,
        interval: null,
        plainMutator: 18000,
        variantMutator: 19300,
      },
    ]);
    assert.deepEqual(timeRatios(rows, [run('plain', 1), run('plain', 2), run('plain-cancellable', 1), run('plain-cancellable', 2)]), []);
    const text = renderCancelCost(rows, '<!-- first -->', [], { work });
    assert.match(text, /\| s \| 1000 \| `plain-cancellable` \| `plain` \| 20,000 → 22,000 \| 1\.100× \| 18,000 → 19,300 \| 1\.072× \| – \|\n/);
    // Two counts a side give an interval; the variant counted without a signal, the last column.
    const counted = workRatios(rows, [
      run('plain', 20000, 18000),
      run('plain', 20200, 18100),
      run('plain-cancellable', 21000, 19000),
      run('plain-cancellable', 23000, 19600),
      run('plain-cancellable', 20500, 18500, null),
    ]);
    assert.equal(counted[0].unsignalledCount, 20500);
    assert.ok(counted[0].interval.low < counted[0].interval.ratio && counted[0].interval.ratio < counted[0].interval.high);
    assert.match(
      renderCancelCost(rows, '<!-- first -->', [], { work: counted }),
      /\| 20,100 → 22,000 \| 1\.095× \([\d.]+–[\d.]+\)[ ≈]* \| [^|]+ \| [^|]+ \| 1\.073× \|\n/,
    );
    // A run that did not record its mutator's part (counted before it was kept) leaves that column empty.
    const older = workRatios(rows, [run('plain', 20000), run('plain-cancellable', 22000, 19000)]);
    assert.equal(older[0].plainMutator, null);
    assert.match(renderCancelCost(rows, '<!-- first -->', [], { work: older }), /\| 20,000 → 22,000 \| 1\.100× \| – \| – \| – \|\n/);
  });

  it("draws each scenario's largest n, a row per variant, hollow where the ratio is not significant, and nothing without a ratio", () => {
    const ratio = (value, significant) => ({ ratio: value, low: value * 0.9, high: value * 1.1, significant });
    const ratios = [
      { scenario: 'a', n: 100, variant: 'v1', plain: 'p1', ratio: ratio(3, true) },
      { scenario: 'a', n: 1000, variant: 'v1', plain: 'p1', ratio: ratio(1.2, true) },
      { scenario: 'a', n: 1000, variant: 'v2', plain: 'p2', ratio: ratio(1.01, false) },
      { scenario: 'b', n: 10, variant: 'v1', plain: 'p1', ratio: ratio(0.9, false) },
    ];
    const spec = cancelCostSpec(ratios);
    assert.deepEqual(
      spec.vconcat.map((panel) => [panel.title.text, panel.data.values.map((row) => [row.label, row.ratio, row.same])]),
      [
        [
          'a, n=1000',
          [
            ['v1', 1.2, false],
            ['v2', 1.01, true],
          ],
        ],
        ['b, n=10', [['v1', 0.9, true]]],
      ],
    );
    // The n=100 ratio (3×) is not drawn, so the shared axis does not reach it.
    assert.ok(spec.vconcat[0].layer[2].encoding.x.scale.domain[1] < 2);
    assert.match(spec.vconcat[0].data.values[1].text, /^1\.01× \([\d.]+–[\d.]+\) ≈$/);
    assert.equal(cancelCostSpec([]), null);
    const text = renderCancelCost(cancelCostRows(registry, measures), '<!-- first -->', [], { ratios, chart: 'cost.svg' });
    assert.match(text, /\n!\[What cancellability costs in wall time[^\]]*\]\(cost\.svg\)\n/);
  });

  describe('bench/cancel-cost-table.js', function () {
    this.timeout(60000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-cancel-cost-'));
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    // Each run observes every example's outcome on cancel, so the page and its
    // chart are made twice in all: once, then again over what the first wrote.
    it('writes the table of every registry with variants and the chart from runs, and replaces only what it wrote', async () => {
      const runsFile = path.join(dir, 'runs.jsonl');
      const run = (example, wallMs, i) => ({
        scenario: 'doxbee-sequential',
        problem: 'doxbee',
        example,
        params: { n: 100, ...(example.endsWith('-cancellable') ? { signal: 'live' } : {}) },
        run: i,
        status: 'ok',
        metrics: { wallMs },
      });
      const lines = [10, 11, 12].flatMap((ms, i) => [run('callbacks-original', ms, i), run('callbacks-cancellable', ms * 1.5, i)]);
      fs.writeFileSync(runsFile, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
      const out = path.join(dir, 'drawn.md');
      const quiet = process.stdout.write;
      process.stdout.write = () => true;
      try {
        assert.equal(await main(['--out', out, '--runs', runsFile]), 0);
        // A second run replaces its own page and chart.
        assert.equal(await main(['--out', out, '--runs', runsFile]), 0);
        const text = fs.readFileSync(out, 'utf8');
        assert.ok(text.split('\n', 1)[0].includes(MARK));
        assert.match(
          text,
          /\| async-await \| `async-await` \| writes after the abort at blob\.put \(file found\) \| `async-await-cancellable` \| keeps the contract \|/,
        );
        assert.match(text, /\n## parallel\n/);
        // Then every example's outcome, the column of a bench summary.
        assert.match(text, /\n# On cancel, every example\n[^]*\| `callbacks-original` \| n\/a \(no means to cancel\) \|\n/);
        assert.match(text, /\| `effect` \| reports failure though committed at tx\.commit \(file found\) \|\n/);
        assert.match(text, /\]\(drawn\.svg\)\n/);
        const svg = fs.readFileSync(path.join(dir, 'drawn.svg'), 'utf8');
        assert.match(svg.split('\n', 1)[0], /^<!-- generated by node bench\/cancel-cost-table\.js on node [^]* -->$/);
        assert.ok(!svg.split('\n', 1)[0].slice(4, -3).includes('--'), 'an XML comment may not hold --');
        assert.match(svg, /<svg[^>]*>[^]*callbacks-cancellable/);
        // A chart a person put there is refused, before anything runs.
        fs.writeFileSync(path.join(dir, 'drawn.svg'), '<svg>mine</svg>\n');
        const write = process.stderr.write;
        const said = [];
        process.stderr.write = (text) => said.push(text);
        try {
          assert.equal(await main(['--out', out, '--runs', runsFile]), 2);
        } finally {
          process.stderr.write = write;
        }
        assert.match(said.join(''), /--out: .*drawn\.md.*as drawn\.svg must be too/);
        assert.equal(fs.readFileSync(path.join(dir, 'drawn.svg'), 'utf8'), '<svg>mine</svg>\n');
      } finally {
        process.stdout.write = quiet;
      }
    });

    it('refuses to overwrite a file a person wrote, and a bad option, with exit code 2', async () => {
      const mine = path.join(dir, 'mine.md');
      fs.writeFileSync(mine, '# my notes\n');
      const said = [];
      const write = process.stderr.write;
      process.stderr.write = (text) => said.push(text);
      try {
        assert.equal(await main(['--out', mine]), 2);
        assert.equal(await main(['--colour']), 2);
        assert.equal(await main(['--out', path.join(dir, 'other.md'), '--runs', mine]), 2);
        assert.ok(!fs.existsSync(path.join(dir, 'other.md')));
      } finally {
        process.stderr.write = write;
      }
      assert.equal(fs.readFileSync(mine, 'utf8'), '# my notes\n');
      assert.match(said[0], /^cancel-cost-table: --out: .*mine\.md.*a file that is absent or one this script generated/);
      assert.match(said[1], /^cancel-cost-table: Unknown option '--colour'; expected --out FILE, --runs FILE,FILE, --note TEXT\n$/);
      assert.match(said[2], /^cancel-cost-table: --runs: .*mine\.md.*a results file of asyncmark bench, a JSON object a line/);
    });
  });
});
