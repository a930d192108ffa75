'use strict';

const { machinesOf, chooseReferences, refusal } = require('./machines');
const { matrixAt, machineParams } = require('./matrix');
const { PUBLISHED, styles2018, matches, table2018 } = require('./table-2018');

// Runtimes side by side: where the runs hold two or more environments on one
// machine (the same CPU) that ran a scenario at the same reference parameters,
// a matrix per scenario and reference cell, rows examples and columns
// runtimes: each example's time relative to the baseline within each runtime,
// and each runtime's time relative to a reference runtime for the same
// example. Then the 2018 table redone: callback, promise and async/await per
// runtime, beside the callback/promise ratios kaizhu256 published
// (lib/published-2018.json). Environments of different machines are never
// set side by side: each machine has matrices of its own. Pure.

const TITLE = 'Runtimes side by side';

/**
 * Every machine's matrices and 2018 tables.
 * @param {{ cells: object[], scenarios: string[] }} summary
 * @param {object[]} envs the report's environments, with their labels
 * @param {{ referenceRuntime?: string, hooks: object[] }} options referenceRuntime: text of the runtime
 *   the matrices compare with; hooks: each problem's report hooks, [{ problem, ...hooks }]
 *   (lib/problems.js reportHooks, handed in by the entry point), whose `styles2018` the 2018 tables redo
 * @returns {{ machines: object[] } | null} null when no machine ran a scenario on two runtimes
 */
function runtimeComparison({ cells, scenarios }, envs, { referenceRuntime, hooks }) {
  const machines = machinesOf(envs, cells);
  const references = chooseReferences(machines, referenceRuntime);
  const result = [];
  for (const machine of machines) {
    const matrices = [];
    for (const scenario of scenarios) {
      for (const params of machineParams(cells, machine, scenario)) {
        const matrix = matrixAt(cells, machine, scenario, params, references.get(machine.cpu));
        if (matrix) matrices.push(matrix);
      }
    }
    if (matrices.length === 0) continue;
    const tables2018 = [];
    for (const style of styles2018(hooks)) {
      const candidates = matrices.filter((m) => m.scenario === style.scenario && m.problem === style.problem);
      const matrix = candidates.find((m) => style.cell && matches(m.params, style.cell)) ?? candidates[0];
      if (!matrix) continue;
      const cellWhy = style.cell && matches(matrix.params, style.cell) ? style.cellWhy : 'its first reference cell';
      tables2018.push({ ...style, matrix, cellWhy, table: table2018(style, matrix) });
    }
    result.push({ cpu: machine.cpu, envs: machine.envs, matrices, tables2018 });
  }
  if (referenceRuntime !== undefined && result.length === 0) {
    throw refusal('UNKNOWN_REFERENCE_RUNTIME', `--reference-runtime ${referenceRuntime}: no runtime matrix`, { labels: [] });
  }
  return result.length ? { machines: result } : null;
}

const INTRO =
  'Where the runs hold two or more runtimes on one machine (the same CPU) that ran a scenario at the same reference parameters, a matrix per scenario and reference cell: one row per example, one column per runtime. The first table is the ratio to the baseline within each runtime (which style is cheaper there); the second, each runtime against a reference runtime for the same example (which runtime runs that style faster), with its chart. Runtimes of different machines are never compared.';

/**
 * The section both report formats draw, as a list of blocks: { h3 }, { h4 },
 * { p }, { table }, { notes }, { charts }, { glossary }. Plain text throughout.
 * @param {{ machines }} runtimes runtimeComparison's result, each matrix with its chart
 * @param {{ drivers: object }} look the drivers' declarations by name (lib/drivers): what a matrix's time is
 */
function runtimeBlocks(runtimes, { drivers }) {
  const blocks = [{ p: INTRO }];
  for (const machine of runtimes.machines) {
    blocks.push({ h3: `On ${machine.cpu}` });
    for (const matrix of machine.matrices) {
      const what = drivers[matrix.driver].time.title;
      blocks.push({ h4: `${matrix.scenario}: ${matrix.title}` });
      blocks.push({ p: `Mean ${what} of each example ÷ ${matrix.baseline}'s, within each runtime:` });
      blocks.push({ table: matrix.within }, { notes: matrix.within.notes });
      blocks.push({
        p: `Each runtime's mean ${what} for an example ÷ ${matrix.reference.label}'s for the same example, with its 95% interval; below 1 is faster than ${matrix.reference.label}. The reference runtime: ${matrix.reference.label}, ${matrix.reference.why}.`,
      });
      if (matrix.chart) blocks.push({ charts: [matrix.chart] });
      blocks.push({ table: matrix.versus }, { notes: matrix.versus.notes });
    }
    for (const entry of machine.tables2018) {
      blocks.push({ h4: `The 2018 table redone: ${entry.scenario}, ${entry.matrix.title}` });
      blocks.push({
        p: `Callback, promise and async/await (${entry.callback}, ${entry.promise}, ${entry.asyncAwait}) per runtime at ${entry.cellWhy}, and the callback/promise ratio beside the ratios ${PUBLISHED.source.author} published in ${PUBLISHED.source.year}:`,
      });
      blocks.push({ table: entry.table }, { notes: entry.table.notes });
    }
  }
  blocks.push({ h3: 'Columns of the runtime tables' });
  const seen = new Set();
  const entries = [
    { term: 'example', text: 'The example, a file under examples/<problem>/; "(baseline)" marks the one the first table\'s ratios are to.' },
    {
      term: 'a runtime (first table)',
      text: "The example's mean time ÷ the baseline's, both measured on that runtime in the same runs: 1× is the baseline; ≈: not significantly different (p ≥ 0.05). A label (UNSUPPORTED, CRASH, …) where the cell did not finish; not run where the runtime has no runs of the example.",
    },
    {
      term: 'a runtime (second table)',
      text: "The example's mean time on that runtime ÷ its mean time on the reference runtime, with the 95% interval of that ratio (log scale, Welch's degrees of freedom); n/a: no interval (fewer than two finished runs); ≈: not significant (p ≥ 0.05); —: the reference runtime has no time for the example.",
    },
    ...runtimes.machines
      .flatMap((machine) => machine.tables2018.flatMap((entry) => entry.table.columns))
      .filter((column) => column.description && !seen.has(column.title) && seen.add(column.title))
      .map((column) => ({ term: column.title, text: column.description })),
  ];
  blocks.push({ glossary: entries });
  return blocks;
}

module.exports = { TITLE, runtimeComparison, runtimeBlocks };
