'use strict';

const problems = require('../examples');
const { floors } = require('../lib/problems');
const drivers = require('../lib/drivers');
const { summarize, growth, fullParamsKey } = require('../lib/summary');
const { timeTable } = require('../lib/report/sections/time-table');
const { cellRow } = require('../lib/report/sections/cell-row');
const { TITLE: CONTEXT_TITLE, contextCost } = require('../lib/report/sections/context');
const show = require('../lib/report/display');
const { formatRows } = require('../lib/report/render/rows');
const { cellText } = require('../lib/report/render/rows/columns');
const { precisionText } = require('./precision-text');
const { TERMINAL_WIDTH, wrapText } = require('../lib/report/render/wrap');

// The terminal's table (format table, without --wide) shows the columns a
// person asks first (`brief` in their declarations: the example, the ratio to
// the baseline with its interval, memory, the verdicts) and fits
// TERMINAL_WIDTH, its notes wrapped; --wide, markdown, csv and json keep every column.
// A brief column no row has a figure in (failed runs when none failed) is left out.
function briefColumns(columns, rows) {
  const said = (column) => rows.some((row) => ![show.DASH, ''].includes(cellText(column, row)));
  const brief = columns.filter((column, i) => column.brief && (i === 0 || said(column)));
  return brief.length > 1 ? brief : columns;
}

/**
 * The report printed at the end of a session, from its result lines only, by
 * the same code as asyncmark report's tables (lib/report): one table per
 * scenario and parameter set, rows sorted by the mean time the ratios are of;
 * `after`, a paragraph after the tables (what the main job decided).
 */
function render(lines, { baseline, format, wide = false }, precision = null, after = null) {
  // The floor each scenario declares: its counted ratios, and its time noted under its tables.
  const declared = floors();
  const summary = summarize(lines, { baseline, drivers, registries: problems, floors: declared });
  if (format === 'json') {
    return (
      JSON.stringify(
        {
          cells: summary.cells.map(({ times, cpuTimes, memories, ...cell }) => cell),
          growth: growth(summary.cells, drivers),
          ...(precision ? { precision } : {}),
        },
        null,
        2,
      ) + '\n'
    );
  }
  if (format === 'csv') {
    // Every number at full precision, one row per cell, its parameters spread
    // out; a parameter named as a column of the row (madeup-parallel's p, the
    // p-value's name) is param.p, so that neither hides the other.
    const rows = summary.cells.map((cell) => {
      const row = { scenario: cell.scenario, ...cellRow(cell) };
      for (const [key, value] of Object.entries(cell.params)) row[key in row ? `param.${key}` : key] = value;
      return row;
    });
    const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((key) => key !== 'growthNs').map((key) => ({ key }));
    return formatRows(rows, keys, 'csv');
  }
  const parts = [];
  let glossary = [];
  // A table under its title, its notes after it, its columns into the glossary once.
  const terminal = format === 'table' && !wide;
  const fit = (text) => (terminal ? wrapText(text, TERMINAL_WIDTH, '  ') : text);
  const addTable = (title, table) => {
    parts.push(format === 'markdown' ? `### ${title}\n` : fit(title));
    if (terminal) parts.push(formatRows(table.rows, briefColumns(table.columns, table.rows), format, { width: TERMINAL_WIDTH }));
    else parts.push(formatRows(table.rows, table.columns, format));
    if (table.notes.length) parts.push(`${table.notes.map(fit).join('\n')}\n`);
    glossary = [...glossary, ...table.glossary.filter((entry) => !glossary.some((seen) => seen.term === entry.term))];
  };
  for (const env of summary.envs) {
    for (const scenario of summary.scenarios) {
      const cells = summary.cells.filter((cell) => cell.env === env.key && cell.scenario === scenario);
      const paramSets = [...new Map(cells.map((cell) => [fullParamsKey(cell.params), cell.params])).values()].sort(show.byParams);
      for (const params of paramSets) {
        const title = `${scenario}: ${show.params(params)}${summary.envs.length > 1 ? `, ${show.envLabel(env)}` : ''}`;
        addTable(title, timeTable(summary.cells, { env: env.key, scenario, params }, { drivers, floors: declared }));
      }
    }
  }
  // Styles run with and without async context (--context none,als): what carrying it costs.
  const context = contextCost(summary, summary.envs, { registries: problems });
  for (const group of context ? context.groups : []) addTable(`${CONTEXT_TITLE}, ${group.scenario}: ${group.title}`, group.table);
  if (precision) parts.push(fit(precisionText(precision, format)));
  if (after) parts.push(fit(after));
  if (format === 'markdown') parts.push(`### Columns\n\n${glossary.map(({ term, text }) => `- **${term}**: ${text}`).join('\n')}\n`);
  else if (terminal) parts.push(fit('Columns: --wide shows every column; `npx asyncmark bench --format markdown` says what each one means.\n'));
  else parts.push('Columns: `npx asyncmark bench --format markdown` and docs/reference/report-columns.md say what each one means.\n');
  return parts.join('\n');
}

module.exports = { render };
