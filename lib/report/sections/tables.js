'use strict';

const show = require('../display');
const { cellsAt } = require('./cells');
const { fullParamsKey } = require('../../summary');
const { paramsKey } = require('../../summary');
const { findColumn, valueByExample, columnMeaning } = require('./metric-files');
const { EXAMPLE_COLUMN, columnsOf } = require('./time-columns');
const drivers = require('../../drivers');
const { reportHooks } = require('../hooks');

// The report's tables as { columns, rows, notes }: rows are flat objects of raw
// numbers, and each column's `format` says how a person reads them, so the same
// table renders as markdown, HTML or CSV (see lib/report/render/rows.js). Pure.

/** The flat row of one cell. */
function cellRow(cell) {
  const failedRuns = cell.runs - cell.okRuns;
  return {
    example: cell.example,
    baseline: cell.example === cell.baseline,
    status: cell.status,
    runs: cell.runs,
    okRuns: cell.okRuns,
    statuses: Object.entries(cell.statuses)
      .filter(([status]) => status !== 'ok')
      .map(([s, count]) => `${count}/${cell.runs} ${show.statusLabel(s)}`)
      .join(', '),
    failedRuns,
    error: cell.error,
    mean: cell.time ? cell.time.mean : null,
    low: cell.time ? cell.time.low : null,
    high: cell.time ? cell.time.high : null,
    min: cell.time ? cell.time.min : null,
    max: cell.time ? cell.time.max : null,
    ratio: cell.ratio ? cell.ratio.ratio : null,
    ratioLow: cell.ratio ? cell.ratio.low : null,
    ratioHigh: cell.ratio ? cell.ratio.high : null,
    p: cell.ratio ? cell.ratio.p : null,
    significant: cell.ratio ? cell.ratio.significant : null,
    maxRssMB: cell.maxRssMB,
    cpuMs: cell.cpuMs,
    gcMs: cell.gcMs,
    gcCount: cell.gcCount,
    growthTime: cell.growth ? cell.growth.time : null,
    growthCpu: cell.growth ? cell.growth.cpu : null,
    growthMemory: cell.growth ? cell.growth.memory : null,
    growthBase: cell.growth ? cell.growth.base : null,
    growthNs: cell.growth ? cell.growth.ns : [],
    ...cell.extra,
  };
}

const { failureLabel } = show;

/** A table's glossary: every column that says what it means, by its title. */
function glossary(columns, extra = []) {
  return [...columns.filter((c) => c.description).map((c) => ({ term: c.title ?? c.key, text: c.description })), ...extra];
}

function byTime(a, b) {
  if (a.mean === null && b.mean === null) return a.example.localeCompare(b.example);
  if (a.mean === null) return 1;
  if (b.mean === null) return -1;
  return a.mean - b.mean || a.example.localeCompare(b.example);
}

/**
 * The time and memory table of one scenario at one parameter set.
 * @param {object[]} cells every summarized cell
 * @param {{ env: string, scenario: string, params: object }} at
 * @returns {{ columns, rows, baseline, notes: string[] }}
 */
function timeTable(cells, at) {
  const here = cellsAt(cells, at);
  const rows = here.map(cellRow).sort(byTime);
  const baseline = here.length ? here[0].baseline : null;
  // Every n the grid has at these other parameters: a growth exponent fitted
  // to fewer (some cells did not finish) says so.
  const others = paramsKey(at.params);
  const ns = [...new Set(cells.filter((c) => c.env === at.env && c.scenario === at.scenario && paramsKey(c.params) === others).map((c) => c.params.n))].sort(
    (a, b) => a - b,
  );
  const floor = floorNote(
    cells,
    at,
    rows.find((row) => row.baseline),
  );
  const columns = columnsOf(here.length ? drivers[here[0].driver] : null);
  return { columns, rows, baseline, notes: [...(floor ? [floor] : []), ...timeNotes(rows, baseline, ns)], glossary: glossary(columns) };
}

// The instrument floor a problem puts under its tables (examples/<problem>/report.js):
// how much of the baseline's time the timers alone take at the same n and t.
function floorNote(cells, at, base) {
  const wanted = reportHooks().find((hooks) => hooks.floor && hooks.floor.under.includes(at.scenario))?.floor;
  if (!wanted) return null;
  const floor = cells
    .filter(
      (c) =>
        c.env === at.env &&
        c.scenario === wanted.scenario &&
        c.example === wanted.example &&
        c.time &&
        c.params.n === at.params.n &&
        c.params.t === at.params.t,
    )
    .sort((a, b) => fullParamsKey(a.params).localeCompare(fullParamsKey(b.params)))[0];
  if (!floor) return null;
  const share = base && base.mean > 0 ? `, i.e. ${show.number((100 * floor.time.mean) / base.mean)}% of the baseline's mean` : '';
  return `Timer floor at this cell: ${show.ms(floor.time.mean)} (bare setTimeout chain, no simulated I/O)${share}.`;
}

function timeNotes(rows, baseline, ns) {
  const notes = [];
  const base = rows.find((row) => row.baseline);
  if (!base) notes.push(`The baseline ${baseline ?? '(none named)'} has no cell here, so there are no ratios.`);
  else if (base.mean === null) notes.push(`The baseline ${baseline} did not finish here (${failureLabel(base)}), so there are no ratios.`);
  else {
    const others = rows.filter((row) => !row.baseline && row.mean !== null);
    const same = others.filter((row) => row.significant === false);
    const untested = others.filter((row) => row.significant === null || row.significant === undefined);
    if (same.length > 0) {
      const names = same.map((row) => `${row.example} (${show.pValue(row.p)})`).join(', ');
      notes.push(`Not significantly different from ${baseline} (t-test of the log ratio with Welch's degrees of freedom, p ≥ 0.05; marked ≈): ${names}.`);
    } else if (others.length > 0 && untested.length < others.length) {
      notes.push(`Every tested difference from ${baseline} is significant (t-test of the log ratio with Welch's degrees of freedom, p < 0.05).`);
    }
    if (untested.length > 0) {
      notes.push(`Not tested (fewer than two finished runs on one side): ${untested.map((row) => row.example).join(', ')}.`);
    }
  }
  const partial = rows.filter((row) => row.growthNs.length > 0 && row.growthNs.length < ns.length);
  if (partial.length > 0) {
    notes.push(
      `Growth exponents fitted to fewer n than the grid's ${ns.join(', ')} (its other cells did not finish or were not run): ${partial.map((row) => `${row.example} (n=${row.growthNs.join(', ')})`).join(', ')}.`,
    );
  }
  for (const row of rows.filter((r) => r.failedRuns > 0)) {
    notes.push(`${row.example}: ${row.statuses}${row.error ? ` — ${row.error}` : ''}.`);
  }
  return notes;
}

/**
 * A complexity or debuggability file as a table, whatever columns it has.
 * @param {{ rows, columns, notes?, cells? }} data cells: glossary entries for the cells' codes
 * @param {string} what "complexity" or "debuggability", for the columns this does not know
 */
function metricTable({ rows, columns, notes = [], cells = [] }, what) {
  const cols = [
    { key: 'example', title: 'example', description: 'The example, a file under examples/<problem>/.' },
    ...columns.map((key) => ({
      key,
      title: key,
      description: columnMeaning(key) ?? `As the ${what} file gives it; see docs/${what}.md.`,
      align: rows.every((row) => row[key] === undefined || row[key] === null || typeof row[key] === 'number') ? 'right' : 'left',
      format: (value) => (value === undefined || value === null ? show.DASH : typeof value === 'number' ? show.number(value) : String(value)),
    })),
  ];
  return { columns: cols, rows, notes, glossary: glossary(cols, cells) };
}

// How the summary finds its columns in the metric files.
const TOKENS = { names: ['tokens'], pattern: /tokens/i };
const GRADE = { names: ['grade'], pattern: /grade/i };

/**
 * The three axes side by side, one row per example: tokens, time ratio and
 * peak memory at the headline cell, debuggability grade.
 * @param {object[]} cells every summarized cell
 * @param {{ env, scenario, params } | null} at the headline cell
 * @param {{ rows, columns } | null} complexity
 * @param {{ rows, columns } | null} debuggability
 * @param {Map<string, string> | null} [survival] by example, whether its async
 *   context survived where it was measured (lib/report/sections/context.js); a column when given
 */
function summaryTable(cells, at, complexity, debuggability, survival = null) {
  const here = at ? cellsAt(cells, at) : [];
  const problem = here.length ? here[0].problem : null;
  const forProblem = (file) => (file ? file.rows.filter((row) => !problem || !row.problem || row.problem === problem) : []);

  const tokensColumn = complexity ? findColumn(complexity.columns, TOKENS.names, TOKENS.pattern) : null;
  const tokens = tokensColumn ? valueByExample(forProblem(complexity), tokensColumn) : new Map();
  const gradeColumn = debuggability ? findColumn(debuggability.columns, GRADE.names, GRADE.pattern) : null;
  const grades = gradeColumn ? valueByExample(forProblem(debuggability), gradeColumn) : new Map();

  const examples = new Set(here.map((c) => c.example));
  for (const name of tokens.keys()) examples.add(name);
  for (const name of grades.keys()) examples.add(name);

  const byExample = new Map(here.map((c) => [c.example, cellRow(c)]));
  const rows = [...examples].map((example) => {
    const cell = byExample.get(example);
    return {
      example,
      baseline: cell ? cell.baseline : false,
      status: cell ? cell.status : null,
      measured: Boolean(cell),
      mean: cell ? cell.mean : null,
      tokens: tokens.has(example) ? tokens.get(example) : null,
      ratio: cell ? (cell.baseline && cell.mean !== null ? 1 : cell.ratio) : null,
      significant: cell && !cell.baseline ? cell.significant : null,
      maxRssMB: cell ? cell.maxRssMB : null,
      grade: grades.has(example) ? grades.get(example) : null,
      context: survival && survival.has(example) ? survival.get(example) : null,
    };
  });
  // Finished cells by time, then those that failed, then examples not run here.
  const rank = (row) => (Number.isFinite(row.ratio) ? 0 : row.measured ? 1 : 2);
  rows.sort((a, b) => rank(a) - rank(b) || (rank(a) === 0 ? a.ratio - b.ratio : 0) || a.example.localeCompare(b.example));

  const columns = [
    EXAMPLE_COLUMN,
    {
      key: 'tokens',
      title: tokensColumn ? `complexity (${tokensColumn})` : 'tokens',
      description: `${columnMeaning('tokens')} From the complexity file${tokensColumn ? `'s ${tokensColumn} column` : ''}.`,
      align: 'right',
      format: (value) => (value === null ? show.DASH : typeof value === 'number' ? String(value) : value),
    },
    {
      key: 'ratio',
      title: '× baseline time',
      description:
        'Mean wall time divided by the baseline\'s at the cell named above; rows are sorted by it. ≈: not significantly different from the baseline (p ≥ 0.05); "not run": the example was not measured there.',
      align: 'right',
      format: (value, row) => {
        if (!row.measured) return 'not run';
        if (row.mean === null) return failureLabel(row);
        if (row.baseline) return '1×';
        return show.ratioText({ ratio: value, significant: row.significant }, { interval: false });
      },
    },
    {
      key: 'maxRssMB',
      title: 'peak RSS',
      description: 'Peak resident memory of the whole child process at that cell, median of the runs.',
      align: 'right',
      format: (value) => show.mb(value),
    },
    {
      key: 'grade',
      title: gradeColumn ? `debuggability (${gradeColumn})` : 'debuggability',
      description: `${columnMeaning('grade')} From the debuggability file.`,
      format: (value) => (value === null ? show.DASH : String(value)),
    },
    ...(survival
      ? [
          {
            key: 'context',
            title: 'async context',
            description:
              "Whether each upload's AsyncLocalStorage context reached every operation where it was measured (bench --context als): kept, or ⚠ lost at the first operation that read none or another upload's, a silent observability bug. —: not measured. See The cost of async context.",
            format: (value) => (value === null ? show.DASH : String(value)),
          },
        ]
      : []),
  ];

  const notes = [];
  if (rows.some((row) => row.significant === false)) {
    notes.push('≈: not significantly different from the baseline (t-test of the log ratio of mean run times, Welch df, p ≥ 0.05).');
  }
  if (!complexity) notes.push('No complexity file was given, so the complexity column is empty.');
  else if (!tokensColumn) notes.push('The complexity file has no tokens column.');
  if (!debuggability) notes.push('No debuggability file was given, so the debuggability column is empty.');
  else if (!gradeColumn) notes.push('The debuggability file has no grade column.');
  return { columns, rows, notes, glossary: glossary(columns), tokensColumn, gradeColumn };
}

module.exports = { cellRow, timeTable, metricTable, summaryTable };
