'use strict';

const assert = require('node:assert/strict');
const { formatRows } = require('../../lib/report/render/rows');
const show = require('../../lib/report/display');
const { metricRows, valueByExample } = require('../../lib/report/sections/metric-files');
const { fixtureReport } = require('./fixture-report');

function sectionTable(model, scenario) {
  const section = model.sections.find((s) => s.scenario === scenario);
  assert.equal(section.tables.length, 1);
  return section.tables[0];
}

function markdown(table) {
  return formatRows(table.rows, table.columns, 'markdown');
}

describe('report: tables', () => {
  it('draws doxbee-sequential at n=10000, t=1, sorted by time, the timed-out cell last', async () => {
    const { model } = await fixtureReport();
    const { params, table } = sectionTable(model, 'doxbee-sequential');
    assert.equal(params.n, 10000);
    assert.equal(params.t, 1);
    assert.deepEqual(
      table.rows.map((r) => r.example),
      ['callbacks-original', 'promises-bluebird', 'async-await', 'promises-native'],
    );
    const text = markdown(table);
    assert.match(text, /\| callbacks-original \(baseline\) \| [\d.]+ ms \([\d.]+–[\d.]+\) \|/);
    assert.match(text, /\| promises-native \| T\/O \|.*\| 3\/3 T\/O \|/);
    assert.match(text, /\| async-await \| [\d.]+ ms .*\| 1\.\d+× \(1\.\d+–1\.\d+\) \|/);
  });

  it('shows and sorts by the mean time with its 95% interval, the statistic the ratio is of', async () => {
    const { model } = await fixtureReport();
    const { table } = sectionTable(model, 'doxbee-sequential');
    assert.equal(table.columns[1].title, 'time: mean (95% CI)');
    const finished = table.rows.filter((r) => r.mean !== null);
    for (let i = 1; i < finished.length; i++) assert.ok(finished[i - 1].mean <= finished[i].mean);
    const base = table.rows.find((r) => r.baseline);
    assert.match(markdown(table), new RegExp(`\\| callbacks-original \\(baseline\\) \\| ${show.number(base.mean)} ms \\(`));
    assert.ok(base.low < base.mean && base.mean < base.high);
    assert.ok(!('median' in base), 'no median beside the mean');
  });

  it('has a glossary entry for every column of every table', async () => {
    const { model } = await fixtureReport();
    const tables = [model.summary.table, sectionTable(model, 'doxbee-sequential').table, model.complexity.table, model.debuggability.table];
    for (const table of tables) {
      const terms = table.glossary.map((entry) => entry.term);
      for (const column of table.columns) assert.ok(terms.includes(column.title), column.title);
      for (const entry of table.glossary) assert.ok(entry.text.length > 10, entry.term);
    }
    const text = (table, term) => table.glossary.find((entry) => entry.term === term).text;
    const time = sectionTable(model, 'doxbee-sequential').table;
    assert.match(text(time, 'k time'), /slope of log\(median wall time\) against log\(n\)/);
    assert.match(text(time, 'k CPU'), /CPU time/);
    assert.match(text(time, 'k heap'), /heap/);
    assert.match(text(time, '× baseline (95% CI)'), /Mean wall time divided by the baseline's.*≈/);
    assert.match(text(time, 'failed runs'), /CRASH.*T\/O.*OOM.*DOUBLE.*INVALID/);
    assert.match(text(model.summary.table, 'debuggability (grade)'), /1 to 5, higher is better: 5 /);
    const debuggability = model.debuggability.table;
    assert.match(text(debuggability, 'grade'), /higher is better/);
    assert.match(text(debuggability, 'caller 0'), /0: the trace names the failing line/);
    assert.match(text(debuggability, 'caller -'), /does not name the example's file/);
    assert.match(text(model.complexity.table, 'nesting'), /function nesting/);
  });

  it('draws doxbee-errors at n=1000, t=10 and shows the crash', async () => {
    const { model } = await fixtureReport();
    const { params, table } = sectionTable(model, 'doxbee-errors');
    assert.equal(params.n, 1000);
    assert.equal(params.t, 10);
    assert.equal(table.rows.length, 4);
    assert.equal(table.rows[3].example, 'async-await');
    assert.match(markdown(table), /\| async-await \| CRASH \|.*\| CRASH \|.*\| 3\/3 CRASH \|/);
    assert.ok(table.notes.some((note) => note === 'async-await: 3/3 CRASH — child exited with code 1.'));
  });

  it('names the differences from the baseline that are not significant', async () => {
    const { model } = await fixtureReport();
    const { table } = sectionTable(model, 'doxbee-sequential');
    const note = table.notes.find((n) => n.startsWith('Not significantly different'));
    assert.match(note, /from callbacks-original/);
    assert.match(note, /promises-bluebird \(p = /);
    assert.doesNotMatch(note, /async-await/);
    const bluebird = table.rows.find((r) => r.example === 'promises-bluebird');
    assert.equal(bluebird.significant, false);
    assert.match(markdown(table), /\| promises-bluebird \|.*≈ \|/);
  });

  it('says when a growth exponent is fitted to fewer n than the grid', async () => {
    const { model } = await fixtureReport();
    const { table } = sectionTable(model, 'doxbee-sequential');
    assert.ok(table.notes.some((note) => /fewer n.*promises-native \(n=100, 1000\)/.test(note)));
  });

  it('puts the three axes side by side in the summary', async () => {
    const { model } = await fixtureReport();
    const { rows } = model.summary.table;
    const byName = Object.fromEntries(rows.map((r) => [r.example, r]));
    assert.deepEqual(
      rows.map((r) => r.example),
      ['callbacks-original', 'promises-bluebird', 'async-await', 'promises-native', 'generators-co'],
    );
    // doxbee rows only: the parallel problem's counts are left out.
    assert.equal(byName['async-await'].tokens, 311);
    assert.equal(byName['callbacks-original'].ratio, 1);
    assert.equal(byName['promises-bluebird'].grade, 3);
    assert.equal(byName['generators-co'].measured, false);
    const text = markdown(model.summary.table);
    assert.match(text, /\| promises-native \| 368 \| T\/O \| — \| 2 \|/);
    assert.match(text, /\| generators-co \| 324 \| not run \| — \| — \|/);
  });

  it('shows the complexity and debuggability files as tables', async () => {
    const { model } = await fixtureReport();
    const complexity = model.complexity.table;
    assert.deepEqual(complexity.columns.map((c) => c.key).slice(0, 4), ['example', 'problem', 'tokens', 'score']);
    assert.ok(!complexity.columns.some((c) => c.key === 'file'));
    assert.equal(complexity.rows.length, 9);
    const debuggability = model.debuggability.table;
    assert.deepEqual(
      debuggability.columns.map((c) => c.key),
      ['example', 'setting', 'callback/timer', 'callback/continuation', 'sync', 'timer/timer', 'timer/continuation', 'to caller', 'grade'],
    );
    assert.equal(debuggability.rows.length, 4 * 3);
    assert.match(markdown(debuggability), /\| promises-bluebird \| long \| caller 0 \| caller 0 \| caller 0 \|/);
    assert.equal(debuggability.notes.length, 4);
  });
});

describe('report: parameter sets in reading order', () => {
  it('orders by the parameters in their written order, numbers by value', () => {
    const sets = [
      { n: 1000, t: 10 },
      { n: 100, t: 10 },
      { n: 1000, t: 1 },
      { n: 100, t: 1, latency: 'load' },
      { n: 100, t: 1, latency: 'constant' },
    ];
    assert.deepEqual([...sets].sort(show.byParams), [
      { n: 100, t: 1, latency: 'constant' },
      { n: 100, t: 1, latency: 'load' },
      { n: 100, t: 10 },
      { n: 1000, t: 1 },
      { n: 1000, t: 10 },
    ]);
  });
});

describe('report: the timer floor', () => {
  const { buildReport } = require('../../lib/report');
  const { fixtureInput, read, RESULTS, INSTRUMENT } = require('./fixture-report');

  it('says under each doxbee-sequential table how long bare timers take at that n and t', async () => {
    const { model } = await buildReport(fixtureInput({ results: [read(RESULTS), read(INSTRUMENT)] }));
    const { table, params } = sectionTable(model, 'doxbee-sequential');
    const cells = model.sections.find((s) => s.scenario === 'instrument-weight').tables[0].table.rows;
    const floor = cells.find((r) => r.example === 'timer-floor');
    const base = table.rows.find((r) => r.baseline);
    assert.equal(params.n, 10000);
    const percent = (100 * floor.mean) / base.mean;
    assert.equal(
      table.notes[0],
      `Timer floor at this cell: ${show.number(floor.mean)} ms (bare setTimeout chain, no simulated I/O), i.e. ${show.number(percent)}% of the baseline's mean.`,
    );
    // Only under doxbee-sequential, and not without instrument runs at the same n and t.
    assert.ok(!sectionTable(model, 'doxbee-errors').table.notes.some((n) => n.startsWith('Timer floor')));
    const { model: without } = await buildReport(fixtureInput());
    assert.ok(!sectionTable(without, 'doxbee-sequential').table.notes.some((n) => n.startsWith('Timer floor')));
  });

  it('gives instrument-weight a section of its own, like any scenario', async () => {
    const { model, files } = await buildReport(fixtureInput({ results: [read(RESULTS), read(INSTRUMENT)] }));
    const section = model.sections.find((s) => s.scenario === 'instrument-weight');
    assert.deepEqual(section.tables[0].table.rows.map((r) => r.example).sort(), ['engine', 'minimal-fake', 'timer-floor']);
    assert.equal(section.tables[0].table.baseline, 'minimal-fake');
    assert.ok(section.tables[0].forest);
    assert.deepEqual(
      section.charts.map((c) => c.kind),
      ['time', 'memory'],
    );
    const page = files.find((f) => f.name === 'README.md').content;
    assert.match(page, /\n### instrument-weight on node \d+\n/);
    assert.match(page, /_Timer floor at this cell: [\d.]+ ms \(bare setTimeout chain, no simulated I\/O\), i\.e\. [\d.]+% of the baseline's mean\._/);
  });
});

describe('report: reading complexity and debuggability files', () => {
  it('takes an array of rows, a { rows } object or an object keyed by example', () => {
    for (const json of [
      [
        { example: 'a', tokens: 10 },
        { example: 'b', tokens: 20 },
      ],
      {
        rows: [
          { name: 'a', tokens: 10 },
          { name: 'b', tokens: 20 },
        ],
      },
      { a: { tokens: 10 }, b: { tokens: 20 } },
      [
        { file: 'examples/doxbee/a.js', tokens: 10 },
        { file: 'examples/doxbee/b.js', tokens: 20 },
      ],
    ]) {
      const { rows, columns } = metricRows(json);
      assert.deepEqual(
        rows.map((r) => [r.example, r.tokens]),
        [
          ['a', 10],
          ['b', 20],
        ],
      );
      assert.ok(columns.includes('tokens'));
    }
  });

  it('flattens nested objects one level and joins lists', () => {
    const { rows, columns } = metricRows([{ example: 'a', tokens: { total: 5, code: 4 }, libraries: ['q', 'co'], deep: { x: { y: 1 } } }]);
    assert.deepEqual(columns, ['tokens.total', 'tokens.code', 'libraries']);
    assert.equal(rows[0].libraries, 'q, co');
  });

  it('reads a debuggability file of --runtime: a runtime column, n/a for a setting not applied, UNSUPPORTED with its reason', () => {
    const run = (setting, outcome, distance) => ({ setting, case: 'sync', outcome, distance, namesFile: distance !== null, reach: 'example' });
    const json = {
      problem: 'doxbee',
      runtimes: [
        { spec: 'node', label: 'node 20.0.0', settings: { none: { applies: true }, node: { applies: true } } },
        { spec: './own', label: './own 1.2.3', settings: { none: { applies: false, reason: 'its traces keep async frames' }, node: { applies: true } } },
        { spec: 'bun', label: 'bun 1.0.0', unsupported: 'bun cannot be a forked child that reports over IPC', settings: {} },
      ],
      settings: [{ name: 'none' }, { name: 'node' }],
      cases: [{ key: 'sync' }],
      examples: [
        { name: 'a', runtime: 'node', status: 'probed', grade: 2, gradeReason: 'r1', runs: [run('none', 'caller', 0), run('node', 'caller', 0)] },
        { name: 'a', runtime: './own', status: 'probed', grade: 2, gradeReason: 'r2', runs: [run('node', 'caller', 0)] },
        { name: 'a', runtime: 'bun', status: 'unsupported', grade: null, gradeReason: 'bun cannot be a forked child that reports over IPC', runs: [] },
      ],
    };
    const { rows, columns, notes } = metricRows(json);
    assert.deepEqual(columns, ['runtime', 'setting', 'sync', 'to caller', 'grade']);
    assert.deepEqual(
      rows.map((r) => [r.runtime, r.setting, r.sync, r.grade]),
      [
        ['node 20.0.0', 'none', 'caller 0', 2],
        ['node 20.0.0', 'node', 'caller 0', 2],
        ['./own 1.2.3', 'none', 'n/a', 2],
        ['./own 1.2.3', 'node', 'caller 0', 2],
        ['bun 1.0.0', '', 'UNSUPPORTED', null],
      ],
    );
    assert.deepEqual(notes, [
      'a under node 20.0.0: 2 (r1)',
      'a under ./own 1.2.3: 2 (r2)',
      'a under bun 1.0.0: UNSUPPORTED (bun cannot be a forked child that reports over IPC)',
    ]);
    // Without runtimes, the columns it always had.
    const plain = metricRows({ ...json, runtimes: undefined, examples: json.examples.slice(0, 1).map(({ runtime, ...e }) => e) });
    assert.deepEqual(plain.columns, ['setting', 'sync', 'to caller', 'grade']);
    assert.ok(plain.rows.every((r) => !('runtime' in r)));
  });

  it('shows the measured source-map level of a debuggability file in its own column, with its reason under the table', () => {
    const run = (setting) => ({ setting, case: 'sync', outcome: 'caller', distance: 0, namesFile: true, reach: 'example' });
    const json = {
      problem: 'doxbee',
      settings: [{ name: 'node' }],
      cases: [{ key: 'sync' }],
      examples: [
        { name: 'async-await', status: 'probed', grade: 4, gradeReason: 'r', sourceMaps: { level: 5, reason: 'not compiled' }, runs: [run('node')] },
        {
          name: 'async-await-babel',
          status: 'probed',
          grade: 4,
          gradeReason: 'r',
          sourceMaps: { level: 4, reason: 'only with source maps' },
          runs: [run('node')],
        },
        { name: 'not-measured', status: 'probed', grade: 4, gradeReason: 'r', sourceMaps: { level: null, reason: 'not measured' }, runs: [run('node')] },
      ],
    };
    const { rows, columns, notes } = metricRows(json);
    assert.deepEqual(columns, ['setting', 'sync', 'to caller', 'grade', 'source maps']);
    assert.deepEqual(
      rows.map((r) => [r.example, r['source maps']]),
      [
        ['async-await', 5],
        ['async-await-babel', 4],
        ['not-measured', null],
      ],
    );
    assert.ok(notes.includes('async-await-babel, source maps: 4 (only with source maps)'));
    assert.ok(notes.includes('not-measured, source maps: no level (not measured)'));
  });

  it('refuses what holds no rows', () => {
    assert.throws(() => metricRows(42), /expected a JSON array/);
    assert.throws(() => metricRows([{ tokens: 3 }]), /no row names an example/);
  });

  it('gives one value per example, counting disagreeing ones', () => {
    const values = valueByExample(
      [
        { example: 'a', grade: 'A' },
        { example: 'a', grade: 'A' },
        { example: 'b', grade: 'A' },
        { example: 'b', grade: 'C' },
        { example: 'b', grade: 'C' },
      ],
      'grade',
    );
    assert.equal(values.get('a'), 'A');
    assert.equal(values.get('b'), 'A×1, C×2');
  });

  it('skips a missing or broken file with a note', async () => {
    const { buildReport } = require('../../lib/report');
    const { fixtureInput } = require('./fixture-report');
    const { model, warnings } = await buildReport(
      fixtureInput({
        complexity: { name: 'gone.json', missing: true },
        debuggability: { name: 'broken.json', text: '{ nope' },
      }),
    );
    assert.match(model.complexity.note, /gone\.json does not exist/);
    assert.match(model.debuggability.note, /broken\.json is not JSON/);
    assert.equal(model.summary.scatter, null);
    assert.equal(warnings.length, 2);
    assert.ok(model.summary.table.rows.every((r) => r.tokens === null && r.grade === null));
  });
});
