'use strict';

const assert = require('node:assert/strict');
const { parseResults } = require('../../lib/results');
const drivers = require('../../lib/drivers');
const { summarize } = require('../../lib/summary');
const { buildReport } = require('../../lib/report');
const { databaseComparison } = require('../../lib/report/sections/databases');
const { databasePoints, databaseSpec } = require('../../lib/report/charts/database-plot');
const { checkWellFormed } = require('./well-formed-xml');
const { unpackPage } = require('./unpack-page');
const { DECLARATIONS } = require('./fixture-report');
const registries = require('../../examples');

// The "Against a real database" section from made-up lines: doxbee-sequential
// at one cell, four styles on fake, pglite and postgres, three runs each
// (× 0.98, 1, 1.02 of the mean), as bench --db writes them.

const CELL = { n: 100, t: 1, latency: 'constant', e: 0, seed: 1 };
const ENV = {
  node: 'v22.11.0',
  v8: '12.4',
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
const BACKENDS = { fake: {}, pglite: { db: 'pglite' }, postgres: { db: 'postgres', pool: 10 } };
// Mean wall ms per backend; Node CPU ms per backend; the server's CPU (postgres only).
const TIMES = {
  'callbacks-original': { ms: [10, 500, 400], cpu: [10, 300, 100], db: 200 },
  'async-await': { ms: [15, 505, 405], cpu: [15, 305, 105], db: 200 },
  'promises-bluebird': { ms: [20, 510, 410], cpu: [20, 310, 110], db: 200 },
  'promises-q': { ms: [40, 540, 430], cpu: [40, 330, 130], db: 200 },
};
const SPREAD = [0.98, 1, 1.02];

function lines({ crashed = [] } = {}) {
  const all = [];
  for (let run = 0; run < 3; run++) {
    for (const [example, { ms, cpu, db }] of Object.entries(TIMES)) {
      Object.entries(BACKENDS).forEach(([backend, params], i) => {
        all.push({
          schema: 'asyncmark/run@2',
          session: 's1',
          time: '2026-11-25T10:00:00.000Z',
          scenario: 'doxbee-sequential',
          problem: 'doxbee',
          driver: 'batch',
          example,
          params: { ...CELL, ...params },
          run,
          ...(crashed.includes(backend) ? { status: 'crash', error: 'planted crash' } : { status: 'ok', error: null }),
          stderrTail: '',
          metrics: {
            wallMs: ms[i] * SPREAD[run],
            cpuUserMs: cpu[i],
            cpuSystemMs: 0,
            maxRssMB: 50,
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
            invocations: 100,
            failed: 0,
            operations: 800,
            ...(backend === 'postgres' ? { dbCpuMs: db, dbPeakRssMB: 300, dbProcesses: 12, dbServer: SERVER } : {}),
          },
          env: ENV,
        });
      });
    }
  }
  return all;
}

const SERVER = { version: '17.2', max_connections: 100, shared_buffers: '128MB', fsync: 'on', synchronous_commit: 'on' };

function reportInput(runs, format = 'markdown') {
  return {
    results: [{ name: 'db.jsonl', text: `${runs.map((l) => JSON.stringify(l)).join('\n')}\n` }],
    complexity: null,
    debuggability: null,
    format,
    ...DECLARATIONS,
    generator: { command: 'asyncmark report', argv: ['report'], node: 'v22', cpu: 'Test CPU', time: '2026-11-25T00:00:00.000Z' },
  };
}

describe('report: against a real database', () => {
  it('the lines are valid results lines (db, pool and the database metrics in the schema)', () => {
    const text = `${lines()
      .map((l) => JSON.stringify(l))
      .join('\n')}\n`;
    const { runs, skipped } = parseResults(text, 'db.jsonl', { drivers });
    assert.deepEqual(skipped, []);
    assert.equal(runs.length, 36);
  });

  it("puts each example's ratio on every backend side by side, with ρ and the shrink", () => {
    const runs = lines();
    const { groups } = databaseComparison(summarize(runs, { drivers, registries }), runs);
    assert.equal(groups.length, 1);
    const [group] = groups;
    assert.deepEqual(group.backends, ['fake', 'pglite', 'postgres (pool 10)']);
    const row = group.table.rows.find((r) => r.example === 'promises-q');
    assert.equal(Number(row.ratio0.ratio.toFixed(3)), 4);
    assert.equal(Number(row.ratio1.ratio.toFixed(3)), 1.08);
    assert.equal(Number(row.ratio2.ratio.toFixed(3)), 1.075);
    // Style share: Node CPU beyond the baseline's over all the CPU of the batch.
    assert.equal(Number(row.share1.toFixed(4)), Number((30 / 330).toFixed(4)));
    assert.equal(Number(row.share2.toFixed(4)), Number((30 / 330).toFixed(4)));
    // The same order on every backend: ρ = 1; the ratios shrink.
    const pglite = group.comparisons.find((c) => c.backend === 'pglite');
    assert.equal(pglite.rho.rho, 1);
    assert.equal(pglite.rho.pairs, 4);
    assert.match(
      group.table.notes.join('\n'),
      /pglite: Spearman's ρ of the ranking by mean time against fake: 1 over 4 examples; ratios lie on average 1\.\d+× from 1, against 2\.\d+× on fake for the same examples \(\d+% of the distance gone/,
    );
  });

  it('names the server each real backend ran on, and every server when its runs had more than one', () => {
    const runs = lines();
    const notesOf = (some) =>
      databaseComparison(summarize(some, { drivers, registries }), some).groups[0].table.notes.filter((note) => note.startsWith('Server'));
    assert.deepEqual(notesOf(runs), [
      'Server, postgres (pool 10): PostgreSQL 17.2 (max_connections 100, shared_buffers 128MB, fsync on, synchronous_commit on).',
    ]);
    // Planted: one run against a server that does not flush; the note cannot hide it.
    let planted = false;
    const mixed = runs.map((line) => {
      if (planted || line.params.db !== 'postgres') return line;
      planted = true;
      return { ...line, metrics: { ...line.metrics, dbServer: { ...SERVER, fsync: 'off' } } };
    });
    assert.match(notesOf(mixed)[0], /fsync off, synchronous_commit on\); PostgreSQL 17\.2 \(max_connections 100, shared_buffers 128MB, fsync on/);
  });

  it('says what became of the widest gap on fake, per backend', () => {
    const runs = lines();
    const [group] = databaseComparison(summarize(runs, { drivers, registries }), runs).groups;
    const findings = group.table.notes.filter((note) => note.startsWith('Finding'));
    assert.equal(findings.length, 2);
    assert.match(
      findings[0],
      /^Finding, pglite: of the 3 examples run on both, the widest gap on fake, promises-q at 4× \(3\.82–4\.19\), is 1\.08× \(1\.03–1\.13\) here; 1 of them differ significantly from the baseline here, against 3 on fake\.$/,
    );
  });

  it('sets a backend against the fakes over the examples run on both only', () => {
    // promises-q, the widest gap on fake, was not run on postgres: the finding
    // names the widest of the others, and the fakes' spread is theirs alone.
    const runs = lines().filter((line) => !(line.example === 'promises-q' && line.params.db === 'postgres'));
    const [group] = databaseComparison(summarize(runs, { drivers, registries }), runs).groups;
    const finding = group.table.notes.find((note) => note.startsWith('Finding, postgres'));
    assert.match(finding, /^Finding, postgres \(pool 10\): of the 2 examples run on both, the widest gap on fake, promises-bluebird at 2× /);
    assert.match(finding, /against 2 on fake\.$/);
    const spreadNote = group.table.notes.find((note) => note.startsWith('postgres'));
    // Fake spread over async-await (1.5×) and bluebird (2×): exp(mean(ln 1.5, ln 2)) = 1.73.
    assert.match(spreadNote, /against 1\.73× on fake for the same examples/);
  });

  it('says when the ratios spread further from 1 than on the fakes', () => {
    // Postgres ratios made wider than the fakes': the distance grew, and says so.
    const runs = lines().map((line) =>
      line.params.db === 'postgres' && line.example !== 'callbacks-original'
        ? { ...line, metrics: { ...line.metrics, wallMs: line.metrics.wallMs * 10 } }
        : line,
    );
    const [group] = databaseComparison(summarize(runs, { drivers, registries }), runs).groups;
    const spreadNote = group.table.notes.find((note) => note.startsWith('postgres'));
    assert.match(spreadNote, /\(the distance grown by \d+%, on a log scale\)/);
    assert.doesNotMatch(spreadNote, /-\d+% of the distance gone/);
  });

  it('is absent when nothing ran on a real database', () => {
    const runs = lines().filter((line) => !line.params.db);
    assert.equal(databaseComparison(summarize(runs, { drivers, registries }), runs), null);
  });

  it('is a section of the markdown and HTML reports', async () => {
    const text = `${lines()
      .map((l) => JSON.stringify(l))
      .join('\n')}\n`;
    const base = {
      results: [{ name: 'db.jsonl', text }],
      complexity: null,
      debuggability: null,
      ...DECLARATIONS,
      generator: { command: 'asyncmark report', argv: ['report'], node: 'v22', cpu: 'Test CPU', time: '2026-11-25T00:00:00.000Z' },
    };
    const markdown = await buildReport({ ...base, format: 'markdown' });
    const md = markdown.files.find((f) => f.name.endsWith('.md')).content;
    assert.match(md, /## Against a real database/);
    // The summary says it too, before the section.
    const summary = md.slice(0, md.indexOf('## Against a real database'));
    assert.match(
      summary,
      /Against a real database \(doxbee-sequential: n=100, .*\): pglite: of the 3 examples run on both, the widest gap on fake, promises-q at 4× /,
    );
    assert.match(md, /\| example +\| fake × +\| pglite × +\| pglite style share/);
    const html = await buildReport({ ...base, format: 'html' });
    assert.match(html.files.find((f) => f.name.endsWith('.html')).content, /<h2 id="databases">Against a real database<\/h2>/);
  });

  describe('its chart', () => {
    it("draws one point per example and backend at the example's ratio, the baseline left to the rule at 1", () => {
      const runs = lines();
      const [group] = databaseComparison(summarize(runs, { drivers, registries }), runs).groups;
      const { points, notDrawn } = databasePoints(group);
      assert.deepEqual(
        points.map((p) => `${p.example} ${p.runtime} ${p.ratio.toFixed(3)} ${p.significance}`),
        [
          'async-await fake 1.500 significant',
          'async-await pglite 1.010 same',
          'async-await postgres (pool 10) 1.012 same',
          'promises-bluebird fake 2.000 significant',
          'promises-bluebird pglite 1.020 same',
          'promises-bluebird postgres (pool 10) 1.025 same',
          'promises-q fake 4.000 significant',
          'promises-q pglite 1.080 significant',
          'promises-q postgres (pool 10) 1.075 significant',
        ],
      );
      assert.deepEqual(notDrawn, []);
      for (const point of points) assert.ok(point.low < point.ratio && point.ratio < point.high, point.description);
    });

    it('is drawn in the section, a well-formed SVG with one colour per backend', async () => {
      const built = await buildReport(reportInput(lines()));
      assert.deepEqual(built.warnings, []);
      const svg = built.files.find((f) => f.name === 'doxbee-sequential-databases.svg').content;
      assert.equal(checkWellFormed(svg).root, 'svg');
      assert.match(svg, />backend<\/text>/);
      for (const backend of ['fake', 'pglite', 'postgres \\(pool 10\\)']) assert.match(svg, new RegExp(`>${backend}</text>`));
      assert.match(svg, /aria-label="promises-q · pglite: 1\.08× \([^)]*\) the baseline's mean wall time on pglite"/);
      assert.doesNotMatch(svg, /aria-label="callbacks-original · /);
      const md = built.files.find((f) => f.name.endsWith('.md')).content;
      const section = md.slice(md.indexOf('## Against a real database'));
      assert.match(section, /!\[doxbee-sequential: ratio to callbacks-original on each backend\]\(doxbee-sequential-databases\.svg\)/);
      const html = unpackPage((await buildReport(reportInput(lines(), 'html'))).files[0].content);
      assert.match(html, /<figure class="chart" aria-label="doxbee-sequential: ratio to callbacks-original on each backend">/);
    });

    it('draws only the rows measured on two backends or more, and says how many it left to the table', () => {
      const runs = lines();
      const [group] = databaseComparison(summarize(runs, { drivers, registries }), runs).groups;
      // Planted: promises-bluebird measured on the simulated I/O alone.
      const alone = {
        ...group,
        table: { ...group.table, rows: group.table.rows.map((row) => (row.example === 'promises-bluebird' ? { ...row, ratio1: null, ratio2: null } : row)) },
      };
      const spec = databaseSpec(alone, { backendColors: new Map() });
      assert.deepEqual([...new Set(spec.data.values.map((p) => p.example))], ['async-await', 'promises-q']);
      assert.match(spec.title.subtitle.join(' '), /1 example measured on one backend only: see the table\./);
      assert.deepEqual(
        [...new Set(databaseSpec(group, { backendColors: new Map() }).data.values.map((p) => p.example))],
        ['async-await', 'promises-bluebird', 'promises-q'],
      );
    });

    it('is not drawn without the runs: one backend with ratios is no comparison', async () => {
      // Planted: every pglite run crashed, and postgres never ran.
      const runs = lines({ crashed: ['pglite'] }).filter((line) => line.params.db !== 'postgres');
      const [group] = databaseComparison(summarize(runs, { drivers, registries }), runs).groups;
      assert.deepEqual(
        databasePoints(group)
          .points.map((p) => p.runtime)
          .filter((r) => r !== 'fake'),
        [],
      );
      assert.equal(databaseSpec(group, { backendColors: new Map() }), null);
      const built = await buildReport(reportInput(runs));
      assert.equal(
        built.files.some((f) => f.name.endsWith('-databases.svg')),
        false,
      );
      const md = built.files.find((f) => f.name.endsWith('.md')).content;
      assert.match(md, /## Against a real database/);
      assert.doesNotMatch(md, /databases\.svg/);
    });
  });
});
