'use strict';

const drivers = require('../../drivers');
const show = require('../display');
const { formatRows } = require('./rows');
const { escapeInline } = require('./markdown');
const { SIDES } = require('../../compare');

// asyncmark compare's result (lib/compare.js) as text: a table per scenario,
// the legend, the false positives to expect and the cells not compared, in
// table, markdown, csv or json. Pure.

// Three significant digits, trailing zeros dropped: 0.35, 0.07, 0.007, 50.
function count(value) {
  return String(Number(value.toPrecision(3)));
}

/** The line under the table: how many stars chance alone would give. */
function falsePositivesLine({ comparisons, levels }) {
  if (comparisons === 0) return 'No cell was compared, so there are no false positives to expect.';
  const [one, two, three] = levels.map((level) => count(level.expected));
  const what = comparisons === 1 ? '1 comparison' : `${comparisons} comparisons`;
  return (
    `${what}: were nothing different, chance alone would still mark about ${one} of them * or more (p < 0.05), ` +
    `${two} ** or more (p < 0.01) and ${three} *** (p < 0.001).`
  );
}

const LEGEND = {
  time: [
    'change: the new mean time over the old, minus 1 (+ is slower, - is faster), with its 95% interval.',
    "p-value: Welch's t-test of the log ratio of the means; * p < 0.05, ** p < 0.01, *** p < 0.001.",
  ],
  instructions: [
    'CPU work: instructions per invocation counted by valgrind under V8 --single-threaded --predictable (bench --measure instructions): the work of a deterministic configuration, not a time.',
    'change: the new mean count over the old, minus 1 (+ is more work), with its 95% interval; spread: (max - min) / median of the runs of a side.',
    "p-value: Welch's t-test of the log ratio of the means; * p < 0.05, ** p < 0.01, *** p < 0.001. No stars for a change within either side's spread or within a count's repeatability across sessions (0.1%), and no p-value with one run on a side (its spread is unknown).",
  ],
};

// Signed, one decimal: +30.1%, -0.4%; a change that rounds to zero is +0.0%.
function percent(value) {
  if (!Number.isFinite(value)) return show.DASH;
  const rounded = Number(value.toFixed(1));
  return `${rounded < 0 ? '-' : '+'}${Math.abs(rounded).toFixed(1)}%`;
}

// Parameters with one value across rows go in the title; the others get columns.
function splitParams(rows) {
  const keys = show.orderedParamKeys(Object.assign({}, ...rows.map((row) => row.params)));
  const varying = keys.filter((key) => new Set(rows.map((row) => String(row.params[key]))).size > 1);
  if (varying.length === 0 && keys.includes('n')) varying.push('n');
  const common = Object.fromEntries(keys.filter((key) => !varying.includes(key)).map((key) => [key, rows[0].params[key]]));
  return { varying, common };
}

// Signed, three decimals, for counts, whose changes are that small: +1.408%.
function percent3(value) {
  if (!Number.isFinite(value)) return show.DASH;
  return `${value < 0 ? '-' : '+'}${Math.abs(value).toFixed(3)}%`;
}

// Unsigned, three decimals, for a spread: 0.012%; n/a with one run.
const spread = (value) => (Number.isFinite(value) ? `${value.toFixed(3)}%` : 'n/a');

function scenarioTable(scenario, rows, format) {
  const driver = drivers[rows[0].driver];
  const counted = rows[0].measure === 'instructions';
  const unit = counted ? `instr/${driver.counted.per}` : driver.time.unit;
  const { varying, common } = splitParams(rows);
  const columns = [
    { key: 'example', title: 'example' },
    ...varying.map((key) => ({ key, title: key, align: 'right', format: (_, row) => String(row.params[key] ?? '') })),
    { key: 'oldMean', title: `old ${unit}`, align: 'right', format: show.number },
    ...(counted ? [{ key: 'oldSpreadPercent', title: 'old spread', align: 'right', format: spread }] : []),
    { key: 'newMean', title: `new ${unit}`, align: 'right', format: show.number },
    ...(counted ? [{ key: 'newSpreadPercent', title: 'new spread', align: 'right', format: spread }] : []),
    { key: 'changePercent', title: 'change', align: 'right', format: counted ? percent3 : percent },
    {
      key: 'lowPercent',
      title: '95% interval',
      align: 'right',
      format: (_, row) => {
        const format = counted ? percent3 : percent;
        return Number.isFinite(row.lowPercent) ? `${format(row.lowPercent)} to ${format(row.highPercent)}` : 'n/a';
      },
    },
    { key: 'pValue', title: 'p-value', align: 'right', format: (p) => (Number.isFinite(p) ? show.pValue(p).replace(/^p (= )?/, '') : 'n/a') },
    { key: 'stars', title: '', format: (stars) => stars },
    ...(counted ? [{ key: 'note', title: 'note', format: (note) => note ?? '' }] : []),
  ];
  const shared = show.params(common);
  const what = counted ? `CPU work (instructions per ${driver.counted.per}, a deterministic configuration, not a time)` : driver.time.title;
  const title = `${scenario}: ${what}, mean of the runs${shared ? `; ${shared}` : ''}`;
  return [format === 'markdown' ? `### ${escapeInline(title)}\n` : title, formatRows(rows, columns, format)];
}

const NOT_COMPARED_COLUMNS = [
  { key: 'scenario', title: 'scenario' },
  { key: 'example', title: 'example' },
  { key: 'params', title: 'parameters', format: (params) => show.params(params) },
  { key: 'reason', title: 'why not compared' },
];

function renderText(result, format) {
  const markdown = format === 'markdown';
  // Text between the tables: markdown would read the stars as emphasis.
  const text = (lines) => (markdown ? lines.map(escapeInline).join('\n\n') : lines.join('\n'));
  const parts = [];
  const sides = SIDES.map((side) => `${side}: ${result[side].env}, ${result[side].runs} runs of ${result[side].source}`);
  parts.push(`${markdown ? sides.map((line) => `- ${escapeInline(line)}`).join('\n') : sides.join('\n')}\n`);
  const scenarios = [...new Set(result.rows.map((row) => row.scenario))];
  for (const scenario of scenarios) {
    const rows = result.rows.filter((row) => row.scenario === scenario);
    parts.push(...scenarioTable(scenario, rows, format));
  }
  if (result.rows.length === 0) parts.push('No cell could be compared: each is listed below with the reason.\n');
  parts.push(`${text([...LEGEND[result.measure ?? 'time'], falsePositivesLine(result.expectedFalsePositives)])}\n`);
  if (result.notCompared.length) {
    const n = result.notCompared.length;
    parts.push(`Not compared (${n} ${n === 1 ? 'cell' : 'cells'}):${markdown ? '\n' : ''}`);
    parts.push(formatRows(result.notCompared, NOT_COMPARED_COLUMNS, format));
  }
  return parts.join('\n');
}

// csv: one row per cell, compared or not, its parameters spread into columns
// as in bench's csv; a cell not compared has empty numbers and its reason.
const CSV_NUMBERS = [
  'driver',
  'metric',
  'oldRuns',
  'newRuns',
  'oldMean',
  'newMean',
  'oldSpreadPercent',
  'newSpreadPercent',
  'changePercent',
  'lowPercent',
  'highPercent',
  'pValue',
  'stars',
  'note',
];

function renderCsv(result) {
  const rows = [
    ...result.rows.map(({ params, ...row }) => ({ ...params, ...row, reason: '' })),
    ...result.notCompared.map(({ params, old: before, new: after, ...cell }) => ({
      ...params,
      ...cell,
      oldRuns: before ? before.finished : 0,
      newRuns: after ? after.finished : 0,
    })),
  ];
  const params = show.orderedParamKeys(Object.assign({}, ...[...result.rows, ...result.notCompared].map((row) => row.params)));
  // The spreads and notes are a counted comparison's only.
  const counted = result.measure === 'instructions';
  const numbers = CSV_NUMBERS.filter((key) => counted || !['oldSpreadPercent', 'newSpreadPercent', 'note'].includes(key));
  const keys = ['scenario', 'example', ...params, ...numbers, 'reason'];
  return formatRows(
    rows,
    keys.map((key) => ({ key })),
    'csv',
  );
}

/** The comparison as text: table (default), markdown, csv or json. */
function renderComparison(result, format = 'table') {
  if (format === 'json') return `${JSON.stringify(result, null, 2)}\n`;
  if (format === 'csv') return renderCsv(result);
  return renderText(result, format);
}

module.exports = { renderComparison, falsePositivesLine };
