'use strict';

const assert = require('node:assert/strict');
const { unpackPage } = require('./unpack-page');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runCli } = require('../bench/capture');
const { formatRows } = require('../../lib/report/render/rows');
const { parseResults } = require('../../lib/results');
const drivers = require('../../lib/drivers');
const { summarize } = require('../../lib/summary');
const stats = require('../../lib/stats');
const show = require('../../lib/report/display');
const { buildReport } = require('../../lib/report');
const { runtimeComparison } = require('../../lib/report/sections/runtimes');
const { chooseReferences, machinesOf } = require('../../lib/report/sections/runtimes/machines');
const { highestNode, byRuntime } = require('../../lib/report/sections/runtimes/order');
const { besideText, PUBLISHED } = require('../../lib/report/sections/runtimes/table-2018');
const { runtimePoints } = require('../../lib/report/charts/runtime-plot');
const { checkWellFormed } = require('./well-formed-xml');
const { CPU_A, CPU_B, UNSUPPORTED_ERROR, CRASH_ERROR, runtimeLines, resultsText } = require('./runtime-runs');
const { DECLARATIONS } = require('./fixture-report');
const registries = require('../../examples');

// The runtime matrices, their chart and the 2018 table, from made-up lines of
// node v22, node v26 and bun on one machine and node v26 on another (see
// runtime-runs.js for every time that goes in). Each time is its mean × 0.98,
// 1 and 1.02 over three runs, so that a ratio of two such cells has the 95%
// interval ratio × exp(±t(4) × sqrt(2 × 0.0004 / 3)): Welch's degrees of
// freedom are 4 when both sides vary alike.

const MARGIN = stats.tCritical(4) * Math.sqrt((2 * 0.0004) / 3);
// node v22's http runs: × 0.995, 1, 1.005.
const NARROW_MARGIN = stats.tCritical(4) * Math.sqrt((2 * 0.000025) / 3);

const GENERATOR = { command: 'asyncmark report', argv: ['report'], node: 'v26.10.0', cpu: 'Test CPU', time: '2026-11-21T00:00:00.000Z' };

function input(lines, overrides = {}) {
  return {
    results: [{ name: 'runtimes.jsonl', text: resultsText(lines) }],
    complexity: null,
    debuggability: null,
    format: 'markdown',
    ...DECLARATIONS,
    generator: GENERATOR,
    ...overrides,
  };
}

// The report's environments as buildReport labels them.
function comparison(lines = runtimeLines(), options = {}) {
  const summary = summarize(lines, { drivers, registries });
  const envs = summary.envs.map((env) => ({ ...env, label: show.envLabel(env) }));
  return runtimeComparison(summary, envs, { hooks: DECLARATIONS.hooks, ...options });
}

const text = (table) => formatRows(table.rows, table.columns, 'markdown');
const near = (actual, expected, what) => assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual} is not ${expected}`);
const matrixOf = (machine, scenario, key) => machine.matrices.find((m) => m.scenario === scenario && (!key || m.params.c === key));

describe('report: runtimes side by side', () => {
  it('makes valid results lines of every runtime', () => {
    const parsed = parseResults(resultsText(runtimeLines()), 'runtimes.jsonl', { drivers });
    assert.deepEqual(parsed.skipped, []);
    assert.equal(parsed.runs.length, runtimeLines().length);
  });

  it('sets the runtimes of one machine side by side, Node oldest first, and leaves a machine with one runtime out', () => {
    const summary = summarize(runtimeLines(), { drivers, registries });
    const machines = machinesOf(summary.envs, summary.cells);
    assert.equal(machines.length, 1);
    assert.equal(machines[0].cpu, CPU_A);
    assert.deepEqual(
      machines[0].envs.map((env) => show.runtimeLabel(env)),
      ['node v22.11.0', 'node v26.10.0', 'bun 1.4.5'],
    );
    const { machines: compared } = comparison();
    assert.equal(compared.length, 1);
    assert.deepEqual(
      compared[0].matrices.map((m) => `${m.scenario} ${m.columns.map((c) => c.label).join(', ')}`),
      [
        'doxbee-sequential node v22.11.0, node v26.10.0, bun 1.4.5',
        'http-client node v22.11.0, node v26.10.0, bun 1.4.5',
        // Only node@26 and bun ran the busy cell: node v22 is no column of it.
        'http-client node v26.10.0, bun 1.4.5',
      ],
    );
  });

  it('orders Node versions as numbers and picks the highest as the reference', () => {
    const env = (node) => ({ key: node, node, cpu: 'x', runtime: null });
    const envs = [env('v10.1.0'), env('v9.11.2'), { key: 'bun', node: 'v24.3.0', cpu: 'x', runtime: { name: 'bun', version: '1.4.5' } }, env('v10.0.0')];
    assert.deepEqual(
      [...envs].sort(byRuntime).map((e) => e.key),
      ['v9.11.2', 'v10.0.0', 'v10.1.0', 'bun'],
    );
    // Bun reports a Node version of its own (v24.3.0), but it is not Node.
    assert.equal(highestNode(envs).key, 'v10.1.0');
    const matrix = comparison().machines[0].matrices[0];
    assert.equal(matrix.reference.label, 'node v26.10.0');
    assert.equal(matrix.reference.why, 'the highest Node version here (--reference-runtime chooses another)');
  });

  it('gives the ratio to the baseline within each runtime, ≈ where not significant, UNSUPPORTED and not run where there is none', () => {
    const matrix = matrixOf(comparison().machines[0], 'doxbee-sequential');
    assert.equal(matrix.baseline, 'callbacks-original');
    // Rows by node v26's mean time: 80, 81.6, 88, 96 ms.
    assert.deepEqual(matrix.examples, ['callbacks-original', 'async-await', 'async-await-using', 'promises-native']);
    const row = (example) => matrix.within.rows.find((r) => r.example === example);
    near(row('promises-native').r0, 1.3, 'node v22 promises-native');
    near(row('promises-native').r2, 1.5, 'bun promises-native');
    near(row('async-await').r1, 1.02, 'node v26 async-await');
    assert.equal(row('async-await').cells[1].ratio.significant, false);
    assert.deepEqual(text(matrix.within).trimEnd().split('\n'), [
      '| example | node v22.11.0 | node v26.10.0 | bun 1.4.5 |',
      '| --- | ---: | ---: | ---: |',
      '| callbacks-original (baseline) | 1× | 1× | 1× |',
      '| async-await | 1.20× | 1.02× ≈ | 1.37× |',
      '| async-await-using | UNSUPPORTED | 1.10× | not run |',
      '| promises-native | 1.30× | 1.20× | 1.50× |',
    ]);
    const notes = matrix.within.notes;
    assert.ok(notes.some((note) => note.startsWith('≈: not significantly different from callbacks-original in the same runtime')));
    assert.ok(notes.includes('not run: no runs of that example in that runtime at this cell.'));
    assert.ok(notes.some((note) => note.startsWith('UNSUPPORTED: the runtime could not load the example')));
    assert.ok(notes.includes(`node v22.11.0 · async-await-using: 3/3 UNSUPPORTED — ${UNSUPPORTED_ERROR}.`));
  });

  it('compares two times only within a session: n/a (other session) with its note where they share none (planted: bun in a session of its own)', () => {
    // bun's runs in another session than the other runtimes'; node v22's promises-native in one of its own.
    const lines = runtimeLines().map((l) =>
      l.runtime === 'bun' ? { ...l, session: 's3' } : l.runtime === 'node@22' && l.example === 'promises-native' ? { ...l, session: 's4' } : l,
    );
    const matrix = matrixOf(comparison(lines).machines[0], 'doxbee-sequential');
    const within = (example) => matrix.within.rows.find((r) => r.example === example);
    const versus = (example) => matrix.versus.rows.find((r) => r.example === example);
    // Within bun, every example shares bun's session: its ratios stand.
    near(within('promises-native').r2, 1.5, 'bun promises-native');
    assert.match(text(matrix.within), /\| promises-native \| n\/a \(other session\) \| 1\.20× \| 1\.50× \|/);
    assert.ok(matrix.within.notes.some((note) => note.startsWith('n/a (other session): never run in a session with callbacks-original there')));
    // Against node v26 (the reference), bun shares no session.
    assert.equal(versus('callbacks-original').versus[2], null);
    assert.match(text(matrix.versus), /\| callbacks-original \(baseline\) \| [^|]+ \| 1× \| n\/a \(other session\) \|/);
    assert.ok(matrix.versus.notes.some((note) => note.startsWith('n/a (other session): the two times were never measured in one session')));
  });

  it("gives each runtime's time relative to the reference runtime, with the 95% interval", () => {
    const matrix = matrixOf(comparison().machines[0], 'doxbee-sequential');
    const row = (example) => matrix.versus.rows.find((r) => r.example === example);
    const v22 = row('callbacks-original').versus[0];
    near(v22.ratio, 100 / 80, 'ratio');
    near(v22.low, 1.25 * Math.exp(-MARGIN), 'low');
    near(v22.high, 1.25 * Math.exp(MARGIN), 'high');
    assert.equal(v22.significant, true);
    near(row('async-await').versus[2].ratio, 82 / 81.6, 'bun async-await');
    assert.equal(row('async-await').versus[2].significant, false);
    assert.deepEqual(text(matrix.versus).trimEnd().split('\n'), [
      '| example | node v22.11.0 | node v26.10.0 | bun 1.4.5 |',
      '| --- | ---: | ---: | ---: |',
      '| callbacks-original (baseline) | 1.25× (1.19–1.31) | 1× | 0.750× (0.717–0.785) |',
      '| async-await | 1.47× (1.41–1.54) | 1× | 1.00× (0.960–1.05) ≈ |',
      '| async-await-using | UNSUPPORTED | 1× | not run |',
      '| promises-native | 1.35× (1.29–1.42) | 1× | 0.938× (0.896–0.981) |',
    ]);
    assert.ok(matrix.versus.notes.some((note) => note.startsWith("≈: not significantly different from node v26.10.0's time for the same example")));
    assert.ok(matrix.versus.notes.includes('UNSUPPORTED, not run: as in the table above, with the reasons under it.'));
  });

  it('says n/a where a side has one finished run, and leaves the ratio untested', () => {
    const matrix = matrixOf(comparison().machines[0], 'http-client', 16);
    const row = matrix.versus.rows.find((r) => r.example === 'async-await');
    // bun's one run: 84 × 0.98 ms, against node v26's 105 ms.
    near(row.versus[1].ratio, (84 * 0.98) / 105, 'bun async-await');
    assert.equal(row.versus[1].significant, null);
    assert.match(text(matrix.versus), /\| async-await \| 1× \| 0\.784× \(n\/a\) \|/);
    assert.ok(matrix.versus.notes.includes('n/a: no interval and no test, fewer than two finished runs on one side.'));
    assert.ok(matrix.within.notes.includes('Not tested (fewer than two finished runs on one side), so no ≈ either way: bun 1.4.5 · async-await.'));
  });

  it('takes another reference runtime from --reference-runtime, and refuses text that names none or two of a machine', () => {
    const matrix = matrixOf(comparison(runtimeLines(), { referenceRuntime: 'BUN' }).machines[0], 'doxbee-sequential');
    assert.equal(matrix.reference.label, 'bun 1.4.5');
    assert.equal(matrix.reference.why, 'chosen by --reference-runtime');
    const row = matrix.versus.rows.find((r) => r.example === 'callbacks-original');
    near(row.versus[1].ratio, 80 / 60, 'node v26 against bun');
    // node v26 on the other machine has no matrix: "v26" names one runtime.
    assert.equal(matrixOf(comparison(runtimeLines(), { referenceRuntime: 'v26' }).machines[0], 'doxbee-sequential').reference.label, 'node v26.10.0');

    // node v22 did not run the busy http cell: that matrix says so and falls back to the highest Node there.
    const v22 = comparison(runtimeLines(), { referenceRuntime: 'v22' }).machines[0];
    assert.equal(matrixOf(v22, 'doxbee-sequential').reference.label, 'node v22.11.0');
    assert.equal(matrixOf(v22, 'http-client', 16).reference.label, 'node v26.10.0');
    assert.equal(
      matrixOf(v22, 'http-client', 16).reference.why,
      `as node v22.11.0 on ${CPU_A}, chosen by --reference-runtime, did not run this cell, the highest Node version here`,
    );

    assert.throws(
      () => comparison(runtimeLines(), { referenceRuntime: 'node' }),
      (error) => error.code === 'AMBIGUOUS_REFERENCE_RUNTIME' && error.matches.join() === `node v22.11.0 on ${CPU_A},node v26.10.0 on ${CPU_A}`,
    );
    assert.throws(
      () => comparison(runtimeLines(), { referenceRuntime: 'deno' }),
      (error) => error.code === 'UNKNOWN_REFERENCE_RUNTIME' && error.labels.length === 3,
    );
    // One runtime per machine: nothing to choose from.
    assert.throws(
      () => comparison(runtimeLines(['node@26', 'B:node']), { referenceRuntime: 'v26' }),
      (error) => error.code === 'UNKNOWN_REFERENCE_RUNTIME' && error.labels.length === 0,
    );
  });

  it('keeps two machines apart: each gets matrices of its own numbers', async () => {
    const lines = runtimeLines(['node@22', 'node@26', 'bun', 'B:node', 'B:node@22']);
    const { machines } = comparison(lines);
    assert.deepEqual(
      machines.map((m) => m.cpu),
      [CPU_A, CPU_B],
    );
    const b = matrixOf(machines[1], 'doxbee-sequential');
    assert.deepEqual(
      b.columns.map((c) => c.label),
      ['node v22.11.0', 'node v26.10.0'],
    );
    // Machine B: promises-native 280/210 ms on node v22, 300/200 ms on node v26.
    assert.deepEqual(text(b.within).trimEnd().split('\n').slice(2), [
      '| callbacks-original (baseline) | 1× | 1× |',
      '| async-await | 1.24× | 1.25× |',
      '| promises-native | 1.33× | 1.50× |',
    ]);
    near(b.versus.rows.find((r) => r.example === 'callbacks-original').versus[0].ratio, 210 / 200, 'B node v22 against B node v26');
    // Machine A's matrix is the same as without machine B.
    assert.equal(text(matrixOf(machines[0], 'doxbee-sequential').versus), text(matrixOf(comparison().machines[0], 'doxbee-sequential').versus));
    // Charts are named by machine when there are several.
    const built = await buildReport(input(lines));
    const names = built.files.map((f) => f.name);
    assert.ok(names.includes('doxbee-sequential-machine1-runtimes.svg'));
    assert.ok(names.includes('doxbee-sequential-machine2-runtimes.svg'));
    const readme = built.files.find((f) => f.name === 'README.md').content;
    assert.match(readme, new RegExp(`### On ${CPU_A}\\n[^]*### On ${CPU_B}\\n`));
  });

  it('says once why an example failed alike on several runtimes, naming each, and apart where it failed otherwise', () => {
    const crashed = (line) =>
      line.example === 'async-await' && line.scenario === 'doxbee-sequential' && line.runtime !== 'node@26'
        ? { ...line, status: 'crash', error: CRASH_ERROR, metrics: null }
        : line;
    const lines = runtimeLines(['node@22', 'node@26', 'bun']).map(crashed);
    const notes = matrixOf(comparison(lines).machines[0], 'doxbee-sequential').within.notes;
    assert.ok(notes.includes(`node v22.11.0, bun 1.4.5 · async-await: 3/3 CRASH — ${CRASH_ERROR}.`), notes.join('\n'));
    assert.equal(notes.filter((note) => note.includes('· async-await:')).length, 1);
    // A different reason is a note of its own.
    const otherwise = lines.map((line) => (line.runtime === 'bun' && line.status === 'crash' ? { ...line, error: 'another reason' } : line));
    const apart = matrixOf(comparison(otherwise).machines[0], 'doxbee-sequential').within.notes;
    assert.ok(apart.includes(`node v22.11.0 · async-await: 3/3 CRASH — ${CRASH_ERROR}.`));
    assert.ok(apart.includes('bun 1.4.5 · async-await: 3/3 CRASH — another reason.'));
  });

  it('takes the first runtime as the reference where no Node ran, and says why a column has no ratios', () => {
    const matrix = matrixOf(comparison(runtimeLines(['bun', 'deno'])).machines[0], 'doxbee-sequential');
    assert.deepEqual(
      matrix.columns.map((c) => c.label),
      ['bun 1.4.5', 'deno 2.9.6'],
    );
    assert.equal(matrix.reference.label, 'bun 1.4.5');
    assert.equal(matrix.reference.why, 'the first runtime here, as no Node ran this cell (--reference-runtime chooses another)');
    // deno's baseline crashed: its other examples have a time against bun's but no ratio to the baseline.
    assert.deepEqual(text(matrix.within).trimEnd().split('\n').slice(2), [
      '| callbacks-original (baseline) | 1× | CRASH |',
      '| async-await | 1.37× | — |',
      '| promises-native | 1.50× | — |',
    ]);
    assert.ok(matrix.within.notes.includes('—: callbacks-original has no time on deno 2.9.6 (CRASH), so that column has no ratios.'));
    assert.ok(matrix.within.notes.some((note) => note.startsWith('CRASH: the child died.')));
    assert.ok(matrix.within.notes.includes(`deno 2.9.6 · callbacks-original: 3/3 CRASH — ${CRASH_ERROR}.`));
    assert.match(text(matrix.versus), /\| promises-native \| 1× \| 0\.778× \(0\.743–0\.814\) \|/);
  });

  it('redoes the 2018 table per runtime, beside the published ratios', () => {
    const machine = comparison().machines[0];
    assert.deepEqual(
      machine.tables2018.map((t) => t.scenario),
      ['http-client', 'doxbee-sequential'],
    );
    const http = machine.tables2018[0];
    // The article's cell, one request at a time without keep-alive.
    assert.equal(http.matrix.params.c, 1);
    assert.equal(http.matrix.params.keepAlive, 'off');
    const byRuntime = new Map(http.table.rows.map((row) => [row.runtime, row]));
    near(byRuntime.get('node v22.11.0').ratio, 550 / 500, 'node v22 promise/callback');
    near(byRuntime.get('node v22.11.0').ratioLow, 1.1 * Math.exp(-NARROW_MARGIN), 'node v22 low');
    near(byRuntime.get('node v26.10.0').ratio, 404 / 400, 'node v26 promise/callback');
    near(byRuntime.get('bun 1.4.5').ratioHigh, 1.2 * Math.exp(MARGIN), 'bun high');
    assert.deepEqual(text(http.table).trimEnd().split('\n').slice(2), [
      '| node v22.11.0 | 500 ms (494–506) | 550 ms (543–557) | 540 ms (533–547) | 1.10× (1.09–1.11) | 1.08× (1.07–1.09) | within |',
      // The mean's interval is on the log scale: a little wider above the mean than below.
      '| node v26.10.0 | 400 ms (381–420) | 404 ms (384–425) | 424 ms (403–446) | 1.01× (0.965–1.06) ≈ | 1.06× (1.01–1.11) | below |',
      '| bun 1.4.5 | 300 ms (285–315) | 360 ms (343–378) | 330 ms (314–347) | 1.20× (1.15–1.26) | 1.10× (1.05–1.15) | above |',
      '| kaizhu256 2018, Node 0.11 to 10 (published) | — | — | — | 1.066–1.138 | — | — |',
    ]);
    const doxbee = machine.tables2018[1];
    assert.deepEqual(
      doxbee.table.rows.filter((row) => !row.published).map((row) => Number(row.ratio.toFixed(9))),
      [1.3, 1.2, 1.5],
    );
    assert.ok(doxbee.table.notes.includes("The 2018 article measured HTTP clients, not doxbee: this table asks its question of doxbee's examples."));
    assert.deepEqual(PUBLISHED.callbackPromiseRatio, { low: 1.066, high: 1.138, versions: 'Node 0.11 to 10' });
  });

  it('says where an interval lies against the published range', () => {
    const at = (ratio, low, high) => besideText({ ratio, low, high });
    assert.equal(at(1.05, 1.0, 1.065), 'below');
    assert.equal(at(1.1, 1.07, 1.13), 'within');
    assert.equal(at(1.2, 1.139, 1.3), 'above');
    assert.equal(at(1.05, 1.0, 1.07), 'overlaps');
    assert.equal(at(1.02, NaN, NaN), 'below (untested)');
    assert.equal(besideText(null), '—');
  });

  it('draws one point per runtime and example, but the reference, as a well-formed SVG chart', async () => {
    const matrix = matrixOf(comparison().machines[0], 'doxbee-sequential');
    const { points, notDrawn } = runtimePoints(matrix);
    // Three examples on node v22 (not async-await-using, UNSUPPORTED) and three on bun.
    assert.deepEqual(
      points.map((p) => `${p.example} ${p.runtime} ${p.ratio.toFixed(4)} ${p.significance}`),
      [
        'callbacks-original node v22.11.0 1.2500 significant',
        'callbacks-original bun 1.4.5 0.7500 significant',
        'async-await node v22.11.0 1.4706 significant',
        'async-await bun 1.4.5 1.0049 same',
        'promises-native node v22.11.0 1.3542 significant',
        'promises-native bun 1.4.5 0.9375 significant',
      ],
    );
    assert.deepEqual(notDrawn, ['async-await-using on node v22.11.0 (UNSUPPORTED)']);

    const built = await buildReport(input(runtimeLines()));
    assert.deepEqual(built.warnings, []);
    const names = built.files.map((f) => f.name).filter((name) => name.endsWith('-runtimes.svg'));
    assert.deepEqual(names, ['doxbee-sequential-runtimes.svg', 'http-client-c1-off-runtimes.svg', 'http-client-c16-on-runtimes.svg']);
    const svg = built.files.find((f) => f.name === 'doxbee-sequential-runtimes.svg').content;
    assert.equal(checkWellFormed(svg).root, 'svg');
    assert.match(svg, /^<\?xml version="1\.0" encoding="UTF-8"\?><!-- generated by "asyncmark report"/);
    // The legend names the runtimes drawn; each point says what it is.
    assert.match(svg, />node v22\.11\.0<\/text>/);
    assert.match(svg, />bun 1\.4\.5<\/text>/);
    assert.match(svg, /aria-label="async-await · bun 1\.4\.5: 1\.00× \(0\.960–1\.05\) ≈ node v26\.10\.0's mean time"/);
    assert.match(svg, /data-example="promises-native"/);
  });

  it('renders the section in both formats, with its notes and glossary', async () => {
    const markdown = (await buildReport(input(runtimeLines()))).files.find((f) => f.name === 'README.md').content;
    assert.match(markdown, /\n## Runtimes side by side\n/);
    assert.match(markdown, /\n### On Test CPU A\n\n#### doxbee-sequential: n=1000, t=10, latency=constant, dt=0\.1, e=0, seed=1\n/);
    assert.match(markdown, /The reference runtime: node v26\.10\.0, the highest Node version here \(--reference-runtime chooses another\)\./);
    assert.match(markdown, /!\[doxbee-sequential: each runtime relative to node v26\.10\.0\]\(doxbee-sequential-runtimes\.svg\)/);
    assert.match(markdown, /\| async-await-using \| UNSUPPORTED \| 1\.10× \| not run \|/);
    assert.match(markdown, /#### The 2018 table redone: http-client, bytes=100, c=1, keepAlive=off, requests=1000/);
    assert.match(markdown, /- \*\*callback\/promise \(95% CI\)\*\*: The 2018 article's callback\/promise ratio/);
    assert.match(markdown, /- \*\*a runtime \(second table\)\*\*: .*n\/a: no interval/);
    assert.match(markdown, /The runtime matrices alone set environments of one machine side by side/);
    // The section comes after the time tables and before complexity.
    assert.ok(markdown.indexOf('## Runtimes side by side') > markdown.indexOf('## Time and memory'));
    assert.ok(markdown.indexOf('## Runtimes side by side') < markdown.indexOf('## Complexity'));

    const html = unpackPage((await buildReport(input(runtimeLines(), { format: 'html' }))).files[0].content);
    assert.match(html, /<li><a href="#runtimes">Runtimes side by side<\/a><\/li>/);
    assert.match(html, /<h2 id="runtimes">Runtimes side by side<\/h2>/);
    assert.match(html, /<h4>The 2018 table redone: doxbee-sequential, n=1000/);
    assert.match(html, /<td>UNSUPPORTED<\/td>/);
    assert.match(html, /<figure class="chart" aria-label="http-client: each runtime relative to node v26\.10\.0">/);
    assert.match(
      html,
      /<p class="note">node v22\.11\.0 · async-await-using: 3\/3 UNSUPPORTED — node@22 cannot load async-await-using: SyntaxError: Unexpected identifier &#39;using&#39;\.<\/p>/,
    );
  });

  it('leaves a report of one runtime per machine as it was: no section, no runtime chart', async () => {
    for (const runtimes of [['node@26'], ['node@26', 'B:node']]) {
      const lines = runtimeLines(runtimes);
      assert.equal(comparison(lines), null);
      const built = await buildReport(input(lines));
      assert.equal(built.model.runtimes, null);
      const readme = built.files.find((f) => f.name === 'README.md').content;
      assert.ok(!readme.includes('Runtimes side by side'));
      assert.ok(!readme.includes('The runtime matrices'));
      assert.match(readme, /\nRuns from different machines or Node versions are never mixed: every table below belongs to one environment\.\n/);
      assert.ok(!built.files.some((f) => f.name.endsWith('-runtimes.svg')));
      const html = unpackPage((await buildReport(input(lines, { format: 'html' }))).files[0].content);
      assert.ok(!html.includes('id="runtimes"'));
    }
  });

  it('refuses --reference-runtime at the command line with one line and exit 2', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-runtimes-'));
    try {
      const file = path.join(dir, 'runs.jsonl');
      fs.writeFileSync(file, resultsText(runtimeLines()));
      // The command line's main in this process (a child each took up to 30 s under --parallel on a loaded machine).
      const run = (text) => runCli('report', '--in', file, '--out', path.join(dir, 'out'), '--reference-runtime', text);
      const several = await run('node');
      assert.equal(several.code, 2);
      assert.equal(
        several.stderr,
        `asyncmark: --reference-runtime: "node" is not allowed; expected text found in one runtime's label per machine; it matches node v22.11.0 on ${CPU_A} and node v26.10.0 on ${CPU_A}\n`,
      );
      const none = await run('deno');
      assert.equal(none.code, 2);
      assert.equal(
        none.stderr,
        `asyncmark: --reference-runtime: "deno" is not allowed; expected text found in the label of a runtime of the matrices: node v22.11.0 on ${CPU_A}, node v26.10.0 on ${CPU_A}, bun 1.4.5 on ${CPU_A}\n`,
      );
      // Nothing was written by a refusal.
      assert.ok(!fs.existsSync(path.join(dir, 'out')));
      // Results of one runtime: there is nothing to choose from.
      const single = path.join(dir, 'single.jsonl');
      fs.writeFileSync(single, resultsText(runtimeLines(['node@26'])));
      const alone = await runCli('report', '--in', single, '--out', path.join(dir, 'out'), '--reference-runtime', 'v26');
      assert.equal(alone.code, 2);
      assert.equal(
        alone.stderr,
        'asyncmark: --reference-runtime: "v26" is not allowed; expected no value: these results have no runtime matrix (no two runtimes on one machine ran the same cell)\n',
      );
      const chosen = await run('bun');
      assert.equal(chosen.code, 0, chosen.stderr);
      assert.match(fs.readFileSync(path.join(dir, 'out', 'README.md'), 'utf8'), /The reference runtime: bun 1\.4\.5, chosen by --reference-runtime\./);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// A check of the chooser on its own: a machine where the text names nothing keeps its default.
describe('report: the reference runtime of each machine', () => {
  it('keeps the default on a machine the text does not name', () => {
    const lines = runtimeLines(['node@22', 'node@26', 'bun', 'B:node', 'B:node@22']);
    const summary = summarize(lines, { drivers, registries });
    const envs = summary.envs.map((env) => ({ ...env, label: show.envLabel(env) }));
    const references = chooseReferences(machinesOf(envs, summary.cells), 'bun');
    assert.equal(show.runtimeLabel(references.get(CPU_A).env), 'bun 1.4.5');
    assert.equal(references.get(CPU_A).chosen, true);
    assert.equal(show.runtimeLabel(references.get(CPU_B).env), 'node v26.10.0');
    assert.equal(references.get(CPU_B).chosen, false);
  });
});
