'use strict';

const show = require('../display');
const stats = require('../../stats');
const drivers = require('../../drivers');
const { referenceParams, sameParams, cellsAt } = require('./cells');
const PUBLISHED = require('../../published-2018.json');
const { reportHooks } = require('../hooks');

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

// The problems whose examples include the three styles the 2018 experiment
// compared, the examples that stand for them and the scenario that runs them:
// `styles2018` in examples/<problem>/report.js. The problem the article
// measured itself comes first.
function styles2018() {
  const styles = reportHooks()
    .filter((hooks) => hooks.styles2018)
    .map((hooks) => ({ problem: hooks.problem, ...hooks.styles2018 }));
  return [...styles.filter((style) => style.measured2018), ...styles.filter((style) => !style.measured2018)];
}

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

function isNode(env) {
  return !env.runtime || env.runtime.name === 'node';
}

/** "v26.10.0" -> [26, 10, 0]; null when there is no version to read. */
function nodeVersion(env) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(env.node ?? '');
  return match ? match.slice(1).map(Number) : null;
}

function compareVersions(a, b) {
  if (!a || !b) return (a ? 1 : 0) - (b ? 1 : 0);
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** The order of a matrix's columns: Node oldest first, then the other runtimes by name and version. */
function byRuntime(a, b) {
  if (isNode(a) !== isNode(b)) return isNode(a) ? -1 : 1;
  const versions = isNode(a) ? compareVersions(nodeVersion(a), nodeVersion(b)) : 0;
  return versions || show.runtimeLabel(a).localeCompare(show.runtimeLabel(b), 'en', { numeric: true });
}

/** The Node environment with the highest Node version among `envs`, or null. */
function highestNode(envs) {
  const nodes = envs.filter(isNode).sort(byRuntime);
  return nodes.length ? nodes[nodes.length - 1] : null;
}

/**
 * The machines with two or more environments that have cells, each with its
 * environments in column order. A machine is a CPU as the runs name it.
 * @param {object[]} envs the report's environments (most runs first)
 * @returns {Array<{ cpu: string, envs: object[] }>}
 */
function machinesOf(envs, cells) {
  const byCpu = new Map();
  for (const env of envs) {
    if (!cells.some((c) => c.env === env.key)) continue;
    const cpu = env.cpu ?? '?';
    if (!byCpu.has(cpu)) byCpu.set(cpu, []);
    byCpu.get(cpu).push(env);
  }
  return [...byCpu.entries()].filter(([, list]) => list.length >= 2).map(([cpu, list]) => ({ cpu, envs: [...list].sort(byRuntime) }));
}

function refusal(code, message, details) {
  const error = new Error(message);
  error.code = code;
  Object.assign(error, details);
  return error;
}

/**
 * The reference runtime each machine's second tables are relative to: by
 * default its highest Node version; with `text`, the environment of that
 * machine whose label contains it (case ignored). A text that matches no
 * environment of any machine, or two of one machine, is refused: the error's
 * code is UNKNOWN_REFERENCE_RUNTIME or AMBIGUOUS_REFERENCE_RUNTIME. A machine
 * where it matches none keeps its default.
 * @returns {Map<string, { env: object | null, chosen: boolean }>} by CPU
 */
function chooseReferences(machines, text) {
  const result = new Map();
  const wanted = text === undefined ? null : String(text).toLowerCase();
  const labels = machines.flatMap((m) => m.envs.map((env) => env.label ?? show.envLabel(env)));
  let matched = 0;
  for (const machine of machines) {
    const matches = wanted === null ? [] : machine.envs.filter((env) => (env.label ?? show.envLabel(env)).toLowerCase().includes(wanted));
    if (matches.length > 1) {
      throw refusal('AMBIGUOUS_REFERENCE_RUNTIME', `--reference-runtime ${text} matches ${matches.length} runtimes of one machine`, {
        matches: matches.map((env) => env.label ?? show.envLabel(env)),
        labels,
      });
    }
    matched += matches.length;
    result.set(machine.cpu, matches.length ? { env: matches[0], chosen: true } : { env: highestNode(machine.envs), chosen: false });
  }
  if (wanted !== null && matched === 0) {
    throw refusal('UNKNOWN_REFERENCE_RUNTIME', `--reference-runtime ${text} matches no runtime of a matrix`, { labels });
  }
  return result;
}

// The mean time of `cell` relative to `reference`'s, with its interval when
// both had two finished runs or more; null when either has no time.
function relative(cell, reference) {
  if (!cell || !cell.time || !reference || !reference.time) return null;
  if (cell.times.length >= 2 && reference.times.length >= 2) return stats.ratio(cell.times, reference.times);
  return { ratio: cell.time.mean / reference.time.mean, low: NaN, high: NaN, p: NaN, significant: null };
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

// The notes that say why cells did not finish, once per runtime and example.
function failureNotes(columns, examples) {
  const notes = [];
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
      notes.push(`${column.label} · ${example}: ${statuses}${cell.error ? ` — ${cell.error}` : ''}.`);
    }
  }
  const meanings = [...labels].filter((status) => FAILURES[status]).map((status) => `${show.statusLabel(status)}: ${FAILURES[status]}`);
  return meanings.length ? [`${meanings.join('; ')}. Failed runs are counted, never averaged:`, ...notes] : notes;
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
    return row.versus[i] ? ratioText(row.versus[i]) : show.DASH;
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
  const fallback = isNode(column.env) ? 'the highest Node version here' : 'the first runtime here, as no Node ran this cell';
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

function matches(params, pattern = {}) {
  return Object.entries(pattern).every(([key, value]) => params[key] === value);
}

/** Where the published range sits against our interval: below, within, above, or overlaps it. */
function besideText(ratio) {
  if (!ratio || !Number.isFinite(ratio.ratio)) return show.DASH;
  const { low, high } = PUBLISHED.callbackPromiseRatio;
  if (!Number.isFinite(ratio.low) || !Number.isFinite(ratio.high)) {
    const where = ratio.ratio < low ? 'below' : ratio.ratio > high ? 'above' : 'within';
    return `${where} (untested)`;
  }
  if (ratio.high < low) return 'below';
  if (ratio.low > high) return 'above';
  if (ratio.low >= low && ratio.high <= high) return 'within';
  return 'overlaps';
}

/**
 * The 2018 table of one problem on one machine: a row per runtime with the
 * three styles' mean times at the matrix's cell and the callback/promise
 * ratio (promise time ÷ callback time) with its interval, and the published
 * range as the last row.
 */
function table2018(style, matrix) {
  const { low, high, versions } = PUBLISHED.callbackPromiseRatio;
  const rows = matrix.columns.map((column) => {
    const callback = column.cells.get(style.callback) ?? null;
    const promise = column.cells.get(style.promise) ?? null;
    const asyncAwait = column.cells.get(style.asyncAwait) ?? null;
    const promiseRatio = relative(promise, callback);
    const awaitRatio = relative(asyncAwait, callback);
    return {
      runtime: column.label,
      callback,
      promise,
      asyncAwait,
      promiseRatio,
      awaitRatio,
      ratio: promiseRatio ? promiseRatio.ratio : null,
      ratioLow: promiseRatio ? promiseRatio.low : null,
      ratioHigh: promiseRatio ? promiseRatio.high : null,
      beside: besideText(promiseRatio),
    };
  });
  rows.push({ runtime: `${PUBLISHED.source.author} ${PUBLISHED.source.year}, ${versions} (published)`, published: true, ratioLow: low, ratioHigh: high });
  const time = (key) => (value, row) => (row.published ? show.DASH : meanText(row[key]));
  const ratio = (key) => (value, row) => {
    if (row.published) return key === 'promiseRatio' ? `${low}–${high}` : show.DASH;
    const missing = missingText(row[key === 'promiseRatio' ? 'promise' : 'asyncAwait']) ?? missingText(row.callback);
    if (missing) return missing;
    return row[key] ? ratioText(row[key]) : show.DASH;
  };
  const columns = [
    { key: 'runtime', title: 'runtime', description: `The runtime; the last row is what ${PUBLISHED.source.author} published in ${PUBLISHED.source.year}.` },
    {
      key: 'callbackMean',
      title: 'callback (95% CI)',
      align: 'right',
      format: time('callback'),
      description: 'Mean time of the callback example named above the table, at its cell, with the 95% t-interval of that mean.',
    },
    {
      key: 'promiseMean',
      title: 'promise (95% CI)',
      align: 'right',
      format: time('promise'),
      description: 'Mean time of the promise example named above the table, with its 95% interval.',
    },
    {
      key: 'asyncAwaitMean',
      title: 'async/await (95% CI)',
      align: 'right',
      format: time('asyncAwait'),
      description: 'Mean time of the async/await example named above the table, with its 95% interval.',
    },
    {
      key: 'ratio',
      title: 'callback/promise (95% CI)',
      align: 'right',
      format: ratio('promiseRatio'),
      description: `The 2018 article's callback/promise ratio: requests/s with callbacks ÷ requests/s with promises, which at a fixed amount of work is the promise example's mean time ÷ the callback example's; above 1, callbacks are faster. With its 95% interval; ≈: not significantly different from 1 (p ≥ 0.05).`,
    },
    {
      key: 'awaitRatio',
      title: 'async/await ÷ callback (95% CI)',
      align: 'right',
      format: ratio('awaitRatio'),
      description: "The async/await example's mean time ÷ the callback example's, with its 95% interval; ≈: not significant.",
    },
    {
      key: 'beside',
      title: `beside 2018 (${low}–${high})`,
      format: (value, row) => (row.published ? show.DASH : value),
      description: `Where the callback/promise interval lies against the published range ${low}–${high}: below it, within it, above it, or overlapping it; "(untested)": no interval, the point alone.`,
    },
  ];
  const texts = rows.filter((row) => !row.published).flatMap((row) => columns.slice(1, -1).map((column) => column.format(row[column.key], row)));
  const notes = [
    `${PUBLISHED.source.author}'s "${PUBLISHED.source.title}" (${PUBLISHED.source.where}, ${PUBLISHED.source.year}) ran its HTTP clients on every Node version and published the callback/promise ratio per version: ${low}–${high} over ${versions}, on its machine. Only the ratio compares, never the times.`,
  ];
  if (!style.measured2018)
    notes.push(`The 2018 article measured HTTP clients, not ${style.problem}: this table asks its question of ${style.problem}'s examples.`);
  if (texts.some((t) => t.endsWith(' ≈'))) notes.push('≈: not significantly different from 1 (t-test of the log ratio of mean times, Welch df, p ≥ 0.05).');
  if (texts.some((t) => t.includes('(n/a)'))) notes.push('n/a: no interval, fewer than two finished runs.');
  const labels = [...new Set(texts.filter((t) => /^[A-Z/]+$/.test(t)))];
  if (labels.length) notes.push(`${labels.join(', ')}: the cell did not finish; the reasons are under the matrices above.`);
  if (texts.includes('not run')) notes.push('not run: no runs of that example in that runtime at this cell.');
  return { columns, rows, notes };
}

/**
 * Every machine's matrices and 2018 tables.
 * @param {{ cells: object[], scenarios: string[] }} summary
 * @param {object[]} envs the report's environments, with their labels
 * @param {{ referenceRuntime?: string }} options
 * @returns {{ machines: object[] } | null} null when no machine ran a scenario on two runtimes
 */
function runtimeComparison({ cells, scenarios }, envs, { referenceRuntime } = {}) {
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
    for (const style of styles2018()) {
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
 */
function runtimeBlocks(runtimes) {
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

module.exports = {
  TITLE,
  PUBLISHED,
  nodeVersion,
  byRuntime,
  highestNode,
  machinesOf,
  chooseReferences,
  runtimeComparison,
  runtimeBlocks,
  besideText,
};
