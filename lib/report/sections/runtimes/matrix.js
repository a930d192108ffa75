'use strict';

const show = require('../../display');
const { besideRatio } = require('../../../summary');
const { referenceParams, sameParams, cellsAt } = require('../cells');
const { isNodeRuntime, highestNode } = require('./order');

// One runtime matrix: a scenario at one reference parameter set on one
// machine, rows examples and columns runtimes, as two tables: each example's
// time relative to the baseline within each runtime, and each runtime's time
// relative to the reference runtime for the same example. Pure.

// What each failure label means, for the notes under a table that shows it.
const FAILURES = {
  unsupported: 'the runtime could not load the example (a syntax or an API it lacks)',
  unavailable: 'its library cannot be installed or run there, so no child was started',
  crash: 'the child died',
  timeout: 'still running at the timeout, killed',
  oom: 'out of memory',
  double: 'a callback called twice',
  invalid: 'the work was missing or wrong',
};

// What a cell shows for two times never measured in one session (lib/summary.js besideRatio).
const APART = 'n/a (other session)';

// The mean time of `cell` relative to `reference`'s, with its interval when
// both had two finished runs or more, over the sessions both ran in; null
// when either has no time or they share no session.
function relative(cell, reference) {
  if (!cell || !cell.time || !reference || !reference.time) return null;
  return besideRatio(cell, reference);
}

const { failureLabel } = show;

// "1.35× (1.29–1.41) ≈", "1.05× (n/a)": a ratio, its interval, and whether it is significant.
const ratioText = (ratio) => show.ratioText(ratio, { unknown: 'n/a' });

// What a matrix cell shows instead of a number: why there is none.
function missingText(cell) {
  if (!cell) return 'not run';
  if (!cell.time) return failureLabel(cell);
  return null;
}

function withinText(cell) {
  const missing = missingText(cell);
  if (missing) return missing;
  if (cell.example === cell.baseline) return '1×';
  if (cell.ratioMissing) return APART;
  if (!cell.ratio || !Number.isFinite(cell.ratio.ratio)) return show.DASH;
  return show.ratioText(cell.ratio, { interval: false });
}

function meanText(cell) {
  return missingText(cell) ?? `${show.ms(cell.time.mean)} (${show.range(cell.time.low, cell.time.high) || 'n/a'})`;
}

// Rows: the reference runtime's fastest first; examples it has no time for
// after them, by name.
function exampleOrder(examples, columns, referenceIndex) {
  const meanOf = (example) => {
    const cell = columns[referenceIndex]?.cells.get(example);
    return cell && cell.time ? cell.time.mean : Infinity;
  };
  return [...examples].sort((a, b) => meanOf(a) - meanOf(b) || a.localeCompare(b));
}

// The notes that say why cells did not finish, once per example and failure:
// the runtimes where it failed alike (the same runs failing, for the same
// reason) share one note.
function failureNotes(columns, examples) {
  const notes = new Map();
  const labels = new Set();
  for (const column of columns) {
    for (const example of examples) {
      const cell = column.cells.get(example);
      if (!cell || cell.runs === cell.okRuns) continue;
      const statuses = Object.entries(cell.statuses)
        .filter(([status]) => status !== 'ok')
        .map(([status, count]) => {
          labels.add(status);
          return `${count}/${cell.runs} ${show.statusLabel(status)}`;
        })
        .join(', ');
      const what = `${example}: ${statuses}${cell.error ? ` — ${cell.error}` : ''}.`;
      if (!notes.has(what)) notes.set(what, []);
      notes.get(what).push(column.label);
    }
  }
  const lines = [...notes].map(([what, runtimes]) => `${runtimes.join(', ')} · ${what}`);
  const meanings = [...labels].filter((status) => FAILURES[status]).map((status) => `${show.statusLabel(status)}: ${FAILURES[status]}`);
  return meanings.length ? [`${meanings.join('; ')}. Failed runs are counted, never averaged:`, ...lines] : lines;
}

function runtimeColumns(columns, text, describe) {
  return columns.map((column, i) => ({
    key: `r${i}`,
    title: column.label,
    align: 'right',
    description: describe(column),
    format: (value, row) => text(row.cells[i], row, i),
  }));
}

const EXAMPLE_COLUMN = {
  key: 'example',
  title: 'example',
  format: (value, row) => (row.baseline ? `${value} (baseline)` : value),
};

/** The first table: each example's time ÷ the baseline's, within each runtime. */
function withinTable(matrix) {
  const { columns, examples, baseline } = matrix;
  const rows = examples.map((example) => {
    const cells = columns.map((column) => column.cells.get(example) ?? null);
    return { example, baseline: example === baseline, cells, ...Object.fromEntries(cells.map((cell, i) => [`r${i}`, cell?.ratio?.ratio ?? null])) };
  });
  const texts = rows.flatMap((row) => row.cells.map(withinText));
  const notes = [];
  if (texts.some((text) => text.endsWith(' ≈'))) {
    notes.push(
      `≈: not significantly different from ${baseline} in the same runtime (t-test of the log ratio of mean times, Welch's degrees of freedom, p ≥ 0.05). The intervals of these ratios are in each environment's time table above.`,
    );
  }
  const untested = [];
  for (const row of rows) {
    row.cells.forEach((cell, i) => {
      if (cell && cell.time && !row.baseline && cell.ratio && cell.ratio.significant === null) untested.push(`${columns[i].label} · ${row.example}`);
    });
  }
  if (untested.length) notes.push(`Not tested (fewer than two finished runs on one side), so no ≈ either way: ${untested.join(', ')}.`);
  columns.forEach((column) => {
    const base = column.cells.get(baseline);
    if (!base || !base.time) {
      notes.push(`${show.DASH}: ${baseline} has no time on ${column.label} (${base ? failureLabel(base) : 'not run'}), so that column has no ratios.`);
    }
  });
  if (texts.includes(APART))
    notes.push(`${APART}: never run in a session with ${baseline} there; two sessions on a shared machine can differ by more than the styles do.`);
  if (texts.includes('not run')) notes.push('not run: no runs of that example in that runtime at this cell.');
  notes.push(...failureNotes(columns, examples));
  return {
    columns: [
      EXAMPLE_COLUMN,
      ...runtimeColumns(columns, withinText, (column) => `Mean time of the example ÷ ${baseline}'s, both on ${column.label}; ≈: not significant (p ≥ 0.05).`),
    ],
    rows,
    notes,
  };
}

/** The second table: each runtime's time for an example ÷ the reference runtime's for the same example. */
function versusTable(matrix) {
  const { columns, examples, baseline, reference } = matrix;
  const referenceIndex = columns.findIndex((column) => column.env === reference.env);
  const rows = examples.map((example) => {
    const cells = columns.map((column) => column.cells.get(example) ?? null);
    const versus = cells.map((cell) => relative(cell, cells[referenceIndex]));
    return { example, baseline: example === baseline, cells, versus, ...Object.fromEntries(versus.map((ratio, i) => [`r${i}`, ratio ? ratio.ratio : null])) };
  });
  const text = (cell, row, i) => {
    const missing = missingText(cell);
    if (missing) return missing;
    if (i === referenceIndex) return '1×';
    if (row.versus[i]) return ratioText(row.versus[i]);
    return row.cells[referenceIndex] && row.cells[referenceIndex].time ? APART : show.DASH;
  };
  const texts = rows.flatMap((row) => row.cells.map((cell, i) => text(cell, row, i)));
  const notes = [];
  const label = reference.label;
  if (texts.some((t) => t.endsWith(' ≈'))) {
    notes.push(
      `≈: not significantly different from ${label}'s time for the same example (t-test of the log ratio of mean times, Welch's degrees of freedom, p ≥ 0.05).`,
    );
  }
  if (texts.some((t) => t.includes('(n/a)'))) notes.push('n/a: no interval and no test, fewer than two finished runs on one side.');
  if (texts.includes(APART))
    notes.push(`${APART}: the two times were never measured in one session, and two sessions on a shared machine can differ by more than the runtimes do.`);
  if (texts.includes(show.DASH))
    notes.push(`${show.DASH}: ${label} has no time for that example (not run, or it did not finish), so there is nothing to compare with.`);
  const labels = [...new Set(texts.filter((t) => /^[A-Z/]+$/.test(t)))];
  if (labels.length || texts.includes('not run'))
    notes.push(`${[...labels, ...(texts.includes('not run') ? ['not run'] : [])].join(', ')}: as in the table above, with the reasons under it.`);
  return {
    columns: [
      EXAMPLE_COLUMN,
      ...runtimeColumns(columns, text, (column) =>
        column.env === reference.env
          ? `The reference runtime: every ratio of this table is to its mean time for the same example.`
          : `Mean time of the example on ${column.label} ÷ its mean time on ${label}, with the 95% interval; below 1: faster on ${column.label}.`,
      ),
    ],
    rows,
    notes,
  };
}

// Why the reference of a matrix is the one it is, in a few words.
function referenceWhy(choice, column) {
  if (choice.chosen && choice.env === column.env) return 'chosen by --reference-runtime';
  const fallback = isNodeRuntime(column.env) ? 'the highest Node version here' : 'the first runtime here, as no Node ran this cell';
  if (choice.chosen) return `as ${choice.env.label ?? show.envLabel(choice.env)}, chosen by --reference-runtime, did not run this cell, ${fallback}`;
  return `${fallback} (--reference-runtime chooses another)`;
}

/**
 * One matrix: a scenario at one reference parameter set on one machine.
 * @returns {object | null} null when fewer than two runtimes ran it
 */
function matrixAt(cells, machine, scenario, params, choice) {
  const columns = machine.envs
    .map((env) => ({ env, label: show.runtimeLabel(env), cells: new Map(cellsAt(cells, { env: env.key, scenario, params }).map((c) => [c.example, c])) }))
    .filter((column) => column.cells.size > 0);
  if (columns.length < 2) return null;
  const present = columns.map((column) => column.env);
  const referenceEnv = choice.env && present.includes(choice.env) ? choice.env : (highestNode(present) ?? present[0]);
  const referenceIndex = present.indexOf(referenceEnv);
  const first = columns[0].cells.values().next().value;
  const examples = exampleOrder(new Set(columns.flatMap((column) => [...column.cells.keys()])), columns, referenceIndex);
  const matrix = {
    cpu: machine.cpu,
    scenario,
    problem: first.problem,
    driver: first.driver,
    params,
    title: show.params(params),
    baseline: first.baseline,
    columns,
    examples,
    reference: { env: referenceEnv, label: columns[referenceIndex].label, why: referenceWhy(choice, columns[referenceIndex]) },
  };
  matrix.within = withinTable(matrix);
  matrix.versus = versusTable(matrix);
  return matrix;
}

// The reference parameter sets of a scenario on a machine: each runtime's
// own (lib/report/sections/cells.js), in the order the first runtime gives them.
function machineParams(cells, machine, scenario) {
  const list = [];
  for (const env of machine.envs) {
    const here = cells.filter((c) => c.env === env.key && c.scenario === scenario);
    if (here.length === 0) continue;
    for (const params of referenceParams(here)) if (!list.some((p) => sameParams(p, params))) list.push(params);
  }
  return list;
}

module.exports = { matrixAt, machineParams, relative, missingText, meanText, ratioText };
