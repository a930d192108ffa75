'use strict';

const show = require('../display');
const { fullParamsKey, paramsKey } = require('../../summary');
const { cellsAt } = require('./cells');
const { cellRow } = require('./cell-row');
const { glossary } = require('./glossary');
const { columnsOf } = require('./time-columns');

// The time table of one scenario at one parameter set, as { columns, rows,
// notes, glossary }: rows are flat objects of raw numbers, and each column's
// `format` says how a person reads them, so the same table renders as
// markdown, HTML or CSV (see lib/report/render/rows/). The columns are the
// driver's and the floor note is a problem's report hook: both are
// declarations handed in. Pure.

const { failureLabel } = show;

function byTime(a, b) {
  // Counted runs only (bench --measure instructions): by their CPU work.
  if (a.mean === null && b.mean === null)
    return (a.instructionsPerInvocation ?? Infinity) - (b.instructionsPerInvocation ?? Infinity) || a.example.localeCompare(b.example);
  if (a.mean === null) return 1;
  if (b.mean === null) return -1;
  return a.mean - b.mean || a.example.localeCompare(b.example);
}

/**
 * The time and memory table of one scenario at one parameter set.
 * @param {object[]} cells every summarized cell
 * @param {{ env: string, scenario: string, params: object }} at
 * @param {{ drivers: object, floors?: object }} look drivers: the drivers' declarations by name
 *   (lib/drivers), whose columns the table has; floors: the floor each scenario declares, by its name
 *   (lib/problems.js floors, handed in by the entry point), whose time is noted under its tables
 * @returns {{ columns, rows, baseline, notes: string[] }}
 */
function timeTable(cells, at, { drivers, floors = {} }) {
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
    floors,
  );
  // A column may show only when some row has its figure (`when`: counted
  // instructions); a table of counted runs only (bench --measure
  // instructions) shows the example, the counted columns and the failures.
  const countedOnly = rows.some((row) => row.mean === null && Number.isFinite(row.instructionsPerInvocation)) && rows.every((row) => row.mean === null);
  const columns = columnsOf(here.length ? drivers[here[0].driver] : null).filter(
    (column) => (!column.when || column.when(rows)) && (!countedOnly || column.counted || ['example', 'statuses'].includes(column.key)),
  );
  const counted = countedFloorNote(here, here.length ? drivers[here[0].driver] : null);
  const notes = [...(floor ? [floor] : []), ...(counted ? [counted] : []), ...timeNotes(rows, baseline, ns)];
  return { columns, rows, baseline, notes, glossary: glossary(columns) };
}

// The counted floor the ratios above it are of (lib/above-floor.js), where the runs hold it.
function countedFloorNote(here, driver) {
  const floor = here.find((cell) => cell.floor)?.floor;
  if (!floor) return null;
  const per = driver && driver.counted ? driver.counted.per : 'invocation';
  return `Counted floor at this cell: ${show.number(Math.round(floor.instructions))} instructions/${per} (${floor.example} of ${floor.scenario}), subtracted from the counts in × baseline above floor.`;
}

// The floor a scenario declares (its `floor`, lib/problems.js floors), timed:
// how much of the baseline's time the work every style pays takes at the
// same n and t.
function floorNote(cells, at, base, floors) {
  const wanted = Object.hasOwn(floors, at.scenario) ? floors[at.scenario] : null;
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
  else if (base.mean === null && !Number.isFinite(base.instructionsPerInvocation))
    notes.push(`The baseline ${baseline} did not finish here (${failureLabel(base)}), so there are no ratios.`);
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

module.exports = { timeTable };
