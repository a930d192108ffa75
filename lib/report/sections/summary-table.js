'use strict';

const show = require('../display');
const { cellsAt } = require('./cells');
const { cellRow } = require('./cell-row');
const { glossary } = require('./glossary');
const { EXAMPLE_COLUMN } = require('./time-columns');
const { findColumn, valueByExample, columnMeaning } = require('./metric-files');
const { NO_MEANS, NO_ABORT_CONTROLLER, kindOf, hearingText } = require('../../conformance');
const { besideRatio } = require('../../summary');

// The summary table at the headline cell: the three axes side by side. Pure.

// How the summary finds its columns in the metric files.
const TOKENS = { names: ['tokens'], pattern: /tokens/i };
const GRADE = { names: ['grade'], pattern: /grade/i };

// Whether a recorded cancel outcome is in the cancel contract's words (docs/explanation/conformance.md):
// runs recorded before the contract say "rolls back", "commits anyway" or "leaves open".
function judgedByContract(outcome) {
  return outcome === NO_MEANS || outcome === NO_ABORT_CONTROLLER || kindOf(outcome) !== null || outcome.startsWith('n/a (the cancel case failed');
}

/**
 * The three axes side by side, one row per example: tokens, time ratio and
 * peak memory at the headline cell, debuggability grade.
 * @param {object[]} cells every summarized cell
 * @param {{ env, scenario, params } | null} at the headline cell
 * @param {{ rows, columns } | null} complexity
 * @param {{ rows, columns } | null} debuggability
 * @param {Map<string, string> | null} [survival] by example, whether its async
 *   context survived where it was measured (lib/report/sections/context.js); a column when given
 * @param {Map<string, string>} [variantOf] by cancellable variant, the plain example it was
 *   made from (its registry entry's variantOf): the on-cancel column gives what cancelling costs
 */
function summaryTable(cells, at, complexity, debuggability, survival = null, variantOf = new Map()) {
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
  const costs = cancelCosts(here, tokens, variantOf);
  // Each plain example's cancellable variants, for a reader of its "n/a": a
  // plain example may have more than one, each in another idiom of its library.
  const variantsOf = new Map();
  for (const [variant, plain] of variantOf) if (examples.has(variant)) variantsOf.set(plain, [...(variantsOf.get(plain) ?? []), variant]);
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
      // bench --measure instructions|both: the counted CPU work's ratio (lib/runner/count.js), and how far it is known.
      instructionsPerInvocation: cell ? cell.instructionsPerInvocation : null,
      workRatio: cell && Number.isFinite(cell.instructionsPerInvocation) ? (cell.baseline ? 1 : cell.instructionRatio) : null,
      workRatioSpread: cell ? cell.instructionRatioSpread : null,
      maxRssMB: cell ? cell.maxRssMB : null,
      grade: grades.has(example) ? grades.get(example) : null,
      context: survival && survival.has(example) ? survival.get(example) : null,
      onCancel: cell ? cell.onCancel : null,
      hearing: cell ? cell.hearing : null,
      cancelCost: costs.get(example) ?? null,
      variant: variantsOf.has(example) ? variantsOf.get(example).join(', ') : null,
    };
  });
  // Finished cells by time, then those only counted by their CPU work, then
  // those that failed, then examples not run here.
  const rank = (row) => (Number.isFinite(row.ratio) ? 0 : Number.isFinite(row.workRatio) ? 1 : row.measured ? 2 : 3);
  const within = (a, b) => ({ 0: a.ratio - b.ratio, 1: a.workRatio - b.workRatio })[rank(a)] ?? 0;
  rows.sort((a, b) => rank(a) - rank(b) || within(a, b) || a.example.localeCompare(b.example));

  // Where runs were counted, each ratio's title says which measure it is of.
  const counted = rows.some((row) => Number.isFinite(row.workRatio));
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
      title: counted ? '× baseline wall time' : '× baseline time',
      description:
        'Mean wall time divided by the baseline\'s at the cell named above; rows are sorted by it. ≈: not significantly different from the baseline (p ≥ 0.05); "not run": the example was not measured there.',
      align: 'right',
      format: (value, row) => {
        if (!row.measured) return 'not run';
        if (row.mean === null) return show.untimedLabel(row);
        if (row.baseline) return '1×';
        return show.ratioText({ ratio: value, significant: row.significant }, { interval: false });
      },
    },
    ...(counted
      ? [
          {
            key: 'workRatio',
            title: '× baseline instructions',
            description:
              "Instructions per invocation divided by the baseline's (medians), counted by valgrind under V8 --single-threaded --predictable (bench --measure instructions): a ratio of the CPU work of a deterministic configuration, not of time. Shown to as many figures as the counts' spread and their shares in GC support: the collector's part moves with the heap's history, which repeated counts of one history do not show.",
            align: 'right',
            format: (value, row) => (Number.isFinite(value) ? `${show.figures(value, row.workRatioSpread)}×` : show.DASH),
          },
        ]
      : []),
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
    // Where the runs recorded it (the batch driver's cancel case): what the example does when its caller gives up.
    ...(rows.some((row) => typeof row.onCancel === 'string')
      ? [
          {
            key: 'onCancel',
            title: 'on cancel',
            description:
              "What the example does when its caller gives up by its style's own means (an AbortSignal, unsubscribing, halting its task) before the upload starts, while each operation of each branch is in flight and turns after each completed, with many uploads at once, one signal shared, AbortSignal.timeout and AbortSignal.any, the process kept alive after each answer, judged by the cancel contract (docs/explanation/conformance.md), observed in each run on a fresh simulated I/O: keeps the contract, or its worst breach and where (\"writes after the abort at version.insert (file found)\"); then how soon its caller hears: at once, or within one step (the operation in flight ends first, up to t ms), with the median time from the abort to the answer on real timers at t=300 and t=1 ms per operation. n/a (no means to cancel): the example offers its caller none; its cancellable variant, where there is one, is its own row, named here. For a cancellable variant, what cancellability costs at this cell: its mean wall time over the plain example's, measured in the same runs (≈: not significantly different, p ≥ 0.05), and its tokens over the plain's. —: not recorded.",
            format: (value, row) => onCancelText(value, row),
          },
        ]
      : []),
  ];

  const notes = [];
  if (rows.some((row) => row.significant === false)) {
    notes.push('≈: not significantly different from the baseline (t-test of the log ratio of mean run times, Welch df, p ≥ 0.05).');
  }
  if (rows.some((row) => typeof row.onCancel === 'string' && !judgedByContract(row.onCancel))) {
    notes.push(
      '(older check): an outcome recorded by the cancel check that came before the cancel contract, which gave up at one point of one branch and did not judge what followed a rollback; run the example again to judge it by the contract.',
    );
  }
  if (!complexity) notes.push('No complexity file was given, so the complexity column is empty.');
  else if (!tokensColumn) notes.push('The complexity file has no tokens column.');
  if (!debuggability) notes.push('No debuggability file was given, so the debuggability column is empty.');
  else if (!gradeColumn) notes.push('The debuggability file has no grade column.');
  return { columns, rows, notes, glossary: glossary(columns), tokensColumn, gradeColumn };
}

// What a cancellable variant costs against its plain example at the cell:
// the ratio of their mean wall times (besideRatio, as every ratio of the summary:
// an interval on the log scale and a t-test of the log ratio from two runs a
// side) and of their tokens. By variant.
function cancelCosts(here, tokens, variantOf) {
  const byName = new Map(here.map((c) => [c.example, c]));
  const costs = new Map();
  for (const [variant, plain] of variantOf) {
    const [a, b] = [byName.get(variant), byName.get(plain)];
    if (!a || !b) continue;
    const time = besideRatio(a, b);
    const [ta, tb] = [tokens.get(variant), tokens.get(plain)];
    const tokenRatio = typeof ta === 'number' && typeof tb === 'number' ? ta / tb : null;
    if (time || tokenRatio !== null) costs.set(variant, { plain, time, tokens: tokenRatio });
  }
  return costs;
}

// The on-cancel cell: the outcome, marked when an older check recorded it;
// for a cancellable variant what it costs, for a plain example its variant.
function onCancelText(value, row = {}) {
  if (value === null) return show.DASH;
  const hears = hearingText(row.hearing);
  const outcome = (judgedByContract(value) ? value : `${value} (older check)`) + (hears ? `; ${hears}` : '');
  const cost = row.cancelCost;
  if (cost) {
    const parts = [];
    if (cost.time) parts.push(`time ${show.ratioText(cost.time, { interval: false })}`);
    if (cost.tokens !== null) parts.push(`tokens ${show.ratio(cost.tokens)}`);
    return `${outcome}; ${parts.join(', ')} ${cost.plain}'s`;
  }
  return row.variant && value === NO_MEANS ? `${outcome}; cancellable: ${row.variant}` : outcome;
}

module.exports = { summaryTable };
