'use strict';

const show = require('../display');
const { formatRows } = require('./rows');
const { escapeInline } = require('./markdown');
const { SIDES } = require('../../compare');

// asyncmark compare's result (lib/compare.js) as text: the session shift and
// what the cells are judged on, a table per scenario and basis, the legend,
// the false positives to expect and the cells not compared, in table,
// markdown, csv or json. Pure.

// Three significant digits, trailing zeros dropped: 0.35, 0.07, 0.007, 50.
function count(value) {
  return String(Number(value.toPrecision(3)));
}

const MEASURE_NAMES = { time: 'time', instructions: 'counted work', mutator: "counted work's mutator part" };
// The measures compared as counts, against their spread.
const isCounted = (measure) => measure === 'instructions' || measure === 'mutator';

/**
 * The line under the table: how many stars chance alone would give, for one
 * measure and the number of its cells that were tests.
 */
function falsePositivesLine({ measure = 'time', comparisons, levels }) {
  if (comparisons === 0) return `No cell was compared on ${MEASURE_NAMES[measure]}, so there are no false positives to expect.`;
  const what = `${comparisons} ${comparisons === 1 ? 'cell' : 'cells'} compared on ${MEASURE_NAMES[measure]}`;
  const [one, two, three] = levels.map((level) => count(level.expected));
  return (
    `${what}: were nothing different, chance alone would still mark about ${one} of them * or more (p < 0.05), ` +
    `${two} ** or more (p < 0.01) and ${three} *** (p < 0.001).`
  );
}

// "14.7% faster", "3.0% slower", from a ratio new/old.
function howMuch(ratio) {
  const change = (ratio - 1) * 100;
  return `${Math.abs(change).toFixed(1)}% ${change < 0 ? 'faster' : 'slower'}`;
}

/** The line on how the whole session moved, or null when no shift was estimated (counts). */
function shiftLine({ shift, oneSession, old: before, new: after }) {
  if (shift === null || shift.cells === 0) return null;
  // In one session the median over too few cells says nothing the table does not.
  if (Number.isNaN(shift.low) && oneSession) return null;
  if (Number.isNaN(shift.low)) return `Session shift: not estimated; ${shift.cells} cells are too few for its 95% interval (6 are needed).`;
  const interval = `95% interval ${percent((shift.low - 1) * 100)} to ${percent((shift.high - 1) * 100)}, sign test over ${shift.cells} cells, ${show.pValue(shift.p)}`;
  if (oneSession) {
    return `Between the sides: the new side is ${howMuch(shift.ratio)} in the median cell (${interval}); they ran interleaved in one session, so this is the difference of the sides, not a move of the machine.`;
  }
  if (!shift.significant) return `Session shift: none found; the median cell changed by ${percent((shift.ratio - 1) * 100)} (${interval}).`;
  // Two runtimes or machines move every cell too.
  const whose = before.env === after.env ? "the machine's, not the code's" : "the machine's or the environment's, not one example's code";
  return `Session shift: the new session is ${howMuch(shift.ratio)} than the old in the median cell (${interval}): a move of every cell alike is ${whose}.`;
}

/**
 * The shift of each scenario's parameters, where several have one: a loaded
 * machine slows runs of different lengths differently. Null otherwise.
 */
function shiftsLine({ shift, shifts }) {
  // A group of under 6 cells has no interval, and is too small to say how the machine moved.
  const estimated = shift === null ? [] : shifts.filter((group) => !Number.isNaN(group.low));
  if (estimated.length < 2) return null;
  const scenarios = [...new Set(estimated.map((group) => group.scenario))];
  const parts = scenarios.map((scenario) => {
    const groups = estimated.filter((group) => group.scenario === scenario);
    const { varying } = splitParams(groups);
    const label = (group) => (varying.length ? `${varying.map((key) => `${key}=${group.params[key]}`).join(', ')} ` : '');
    return `${scenario}: ${groups.map((group) => `${label(group)}${percent((group.ratio - 1) * 100)}`).join(', ')}`;
  });
  return `By parameters, the median cell moved ${parts.join('; ')}.`;
}

/** What the cells are judged on, and what falls back, as lines. */
function basisLines(result) {
  const lines = [];
  const names = [...new Set(result.rows.map((row) => row.baseline).filter(Boolean))];
  if (result.basis === 'baseline' && names.length) {
    lines.push(
      `Judged on each example's ratio to the baseline (${names.join(', ')}) measured in its own session, old against new: a move of the whole session leaves it alone. --basis absolute compares the times themselves.`,
    );
  } else if (result.basis === 'shift') {
    lines.push(
      "Judged on each cell's change over the shift of its scenario and parameters: a change that every cell shares, the code's or the machine's, is not seen this way.",
    );
  } else if (result.basis === 'absolute') {
    lines.push(
      result.oneSession
        ? 'Judged on the mean times themselves: the sides ran interleaved in one session, so the machine moved for both alike.'
        : 'Judged on absolute mean times: across two sessions they hold the moves of the machine too (--basis baseline, the default, cancels them).',
    );
  }
  const reasons = new Map();
  for (const fallback of result.fallbacks ?? []) reasons.set(fallback.reason, (reasons.get(fallback.reason) ?? 0) + 1);
  for (const [reason, cells] of reasons) {
    lines.push(`Judged on absolute mean times instead: ${cells} ${cells === 1 ? 'cell' : 'cells'}, as ${reason}.`);
  }
  return lines;
}

const LEGEND = {
  absolute: [
    'change: the new mean time over the old, minus 1 (+ is slower, - is faster), with its 95% interval.',
    "p-value: Welch's t-test of the log ratio of the means; * p < 0.05, ** p < 0.01, *** p < 0.001.",
  ],
  baseline: [
    "old ratio, new ratio: the example's mean time over the baseline's, measured in the same session.",
    'change: the new ratio over the old, minus 1 (+ is slower against the baseline, - is faster), with its 95% interval.',
    "p-value: t-test of the log of that change (the four means' delta-method error, Welch-Satterthwaite degrees of freedom); * p < 0.05, ** p < 0.01, *** p < 0.001.",
  ],
  shift: [
    "change: the new mean time over the old, divided by the shift of the cell's scenario and parameters, minus 1 (+ is slower than they moved, - is faster), with its 95% interval.",
    "p-value: t-test of the log of that change, its error the cell's and the shift's; * p < 0.05, ** p < 0.01, *** p < 0.001.",
  ],
  counts: [
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

// What a table's title says its change is of.
const JUDGED = {
  absolute: 'mean of the runs',
  shift: "mean of the runs, judged against its parameters' shift",
};

function scenarioTable(scenario, rows, format, drivers) {
  const driver = drivers[rows[0].driver];
  const counted = isCounted(rows[0].measure);
  const byBaseline = rows[0].basis === 'baseline';
  const unit = counted ? `instr/${driver.counted.per}` : driver.time.unit;
  const { varying, common } = splitParams(rows);
  const means = byBaseline
    ? [
        { key: 'oldRatio', title: 'old ratio', align: 'right', format: show.ratio },
        { key: 'newRatio', title: 'new ratio', align: 'right', format: show.ratio },
      ]
    : [
        { key: 'oldMean', title: `old ${unit}`, align: 'right', format: show.number },
        ...(counted ? [{ key: 'oldSpreadPercent', title: 'old spread', align: 'right', format: spread }] : []),
        { key: 'newMean', title: `new ${unit}`, align: 'right', format: show.number },
        ...(counted ? [{ key: 'newSpreadPercent', title: 'new spread', align: 'right', format: spread }] : []),
      ];
  const columns = [
    { key: 'example', title: 'example' },
    ...varying.map((key) => ({ key, title: key, align: 'right', format: (_, row) => String(row.params[key] ?? '') })),
    ...means,
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
    ...(counted || rows.some((row) => row.note) ? [{ key: 'note', title: 'note', format: (note) => note ?? '' }] : []),
  ];
  const shared = show.params(common);
  const what = !counted
    ? driver.time.title
    : rows[0].measure === 'mutator'
      ? `the mutator's CPU work (instructions per ${driver.counted.per} outside V8's collections, a deterministic configuration, not a time)`
      : `CPU work (instructions per ${driver.counted.per}, a deterministic configuration, not a time)`;
  const judged = byBaseline ? `ratio to ${rows[0].baseline} in each session` : (JUDGED[rows[0].basis] ?? 'mean of the runs');
  const title = `${scenario}: ${what}, ${judged}${shared ? `; ${shared}` : ''}`;
  return [format === 'markdown' ? `### ${escapeInline(title)}\n` : title, formatRows(rows, columns, format)];
}

const NOT_COMPARED_COLUMNS = [
  { key: 'scenario', title: 'scenario' },
  { key: 'example', title: 'example' },
  { key: 'params', title: 'parameters', format: (params) => show.params(params) },
  { key: 'reason', title: 'why not compared' },
];

function renderText(result, format, drivers) {
  const markdown = format === 'markdown';
  // Text between the tables: markdown would read the stars as emphasis.
  const text = (lines) => (markdown ? lines.map(escapeInline).join('\n\n') : lines.join('\n'));
  const parts = [];
  const sides = SIDES.map((side) => {
    const { example, env, runs, source } = result[side];
    return `${side}: ${example ? `${example} on ` : ''}${env}, ${runs} runs of ${source}`;
  });
  parts.push(`${markdown ? sides.map((line) => `- ${escapeInline(line)}`).join('\n') : sides.join('\n')}\n`);
  const above = [shiftLine(result), shiftsLine(result), ...basisLines(result)].filter(Boolean);
  if (above.length) parts.push(`${text(above)}\n`);
  // A table per scenario and basis (and baseline): a fallback's rows have their own columns.
  const tableOf = (row) => `${row.scenario}|${row.basis}|${row.baseline ?? ''}`;
  for (const table of [...new Set(result.rows.map(tableOf))]) {
    const rows = result.rows.filter((row) => tableOf(row) === table);
    parts.push(...scenarioTable(rows[0].scenario, rows, format, drivers));
  }
  if (result.rows.length === 0) parts.push('No cell could be compared: each is listed below with the reason.\n');
  const bases = [...new Set(result.rows.map((row) => row.basis))];
  const legend = (bases.length ? bases : [result.basis]).flatMap((basis) => LEGEND[basis] ?? LEGEND.absolute);
  parts.push(`${text([...new Set(legend), falsePositivesLine(result.expectedFalsePositives)])}\n`);
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
  'basis',
  'baseline',
  'oldRuns',
  'newRuns',
  'oldMean',
  'newMean',
  'oldRatio',
  'newRatio',
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
  // The spreads are a counted comparison's only, the baseline and its ratios a time comparison's.
  const counted = isCounted(result.measure);
  const only = counted ? ['baseline', 'oldRatio', 'newRatio'] : ['oldSpreadPercent', 'newSpreadPercent'];
  const numbers = CSV_NUMBERS.filter((key) => !only.includes(key));
  const keys = ['scenario', 'example', ...params, ...numbers, 'reason'];
  return formatRows(
    rows,
    keys.map((key) => ({ key })),
    'csv',
  );
}

/**
 * The comparison as text: table, markdown, csv or json.
 * @param {object} result lib/compare.js compare's
 * @param {'table' | 'markdown' | 'csv' | 'json'} format
 * @param {{ drivers: object }} declarations the drivers' by name (lib/drivers): a table's unit is its driver's
 */
function renderComparison(result, format, { drivers }) {
  if (format === 'json') return `${JSON.stringify(result, null, 2)}\n`;
  if (format === 'csv') return renderCsv(result);
  return renderText(result, format, drivers);
}

module.exports = { renderComparison, falsePositivesLine, shiftLine };
