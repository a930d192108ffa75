'use strict';

const show = require('../display');
const { ranks, spearman } = require('../../stats');
const { cellRow } = require('./cell-row');
const { findColumn, valueByExample } = require('./metric-files');
const ARTICLE = require('../../article-2013.json');

// The 2013 article's published tables ("Analysis of generators and other async
// patterns in node", lib/article-2013.json) beside this report's own figures,
// row by row: tokens, time and memory at its cell (n=1000, t=10 ms), and the
// ratios of its second experiment (an io-bound scenario) at every n. Only ranks
// and ratios compare: the article ran on its machine and Node of 2013. Pure.

// Which problem the article measured, and the scenarios of its two experiments,
// are that problem's to say: `article2013` in examples/<problem>/report.js,
// among the report hooks handed in.
function measured(hooks) {
  const found = hooks.find((each) => each.article2013);
  return found ? { problem: found.problem, ...found.article2013 } : null;
}

function rankText(value) {
  return Number.isFinite(value) ? (Number.isInteger(value) ? String(value) : value.toFixed(1)) : show.DASH;
}

// Our cell as the article's row shows it: a time, or why there is none.
function ourTime(row) {
  if (!row) return 'not run';
  if (row.mean === null) return show.failureLabel(row);
  return `${show.ms(row.mean)} (${show.range(row.low, row.high) || 'n/a'})`;
}

function ourRatio(row) {
  if (!row) return 'not run';
  if (row.mean === null) return show.failureLabel(row);
  if (row.baseline) return '1×';
  if (!Number.isFinite(row.ratio)) return show.DASH;
  return show.ratioText({ ratio: row.ratio, low: row.ratioLow, high: row.ratioHigh, significant: row.significant });
}

// The environment the comparison is drawn in: the first (most runs) that has
// the article's cell, else the first with the io-bound scenario.
function chooseEnv(envs, cells, timeParams, { timeScenario, ioScenario }) {
  const has = (env, test) => cells.some((c) => c.env === env.key && test(c));
  const atCell = (c) => c.scenario === timeScenario && matchesCell(c.params, timeParams);
  const found = envs.find((env) => has(env, atCell)) ?? envs.find((env) => has(env, (c) => c.scenario === ioScenario));
  return found ? found.key : null;
}

// The article's cell: its n and t, constant latency, nothing failing.
function matchesCell(params, { n, t }) {
  return params.n === n && params.t === t && params.latency === 'constant' && (params.e ?? 0) === 0;
}

// A failed or unavailable cell's reason, once per example, for the notes.
function failureNotes(rows) {
  return rows.filter((row) => row && row.failedRuns > 0).map((row) => `${row.example}: ${row.statuses}${row.error ? ` — ${row.error}` : ''}.`);
}

function tokensTable(complexity, problem) {
  const column = complexity ? findColumn(complexity.columns, ['tokens'], /tokens/i) : null;
  // The measured problem's rows only: other problems have examples of the same names.
  const rows = complexity ? complexity.rows.filter((row) => !row.problem || row.problem === problem) : [];
  const tokens = column ? valueByExample(rows, column) : new Map();
  const ours = ARTICLE.rows.map((row) => (typeof tokens.get(row.example) === 'number' ? tokens.get(row.example) : null));
  const theirRanks = ranks(ARTICLE.rows.map((row) => row.tokens));
  const ourRanks = ranks(ours);
  const table = ARTICLE.rows.map((row, i) => ({
    file: row.file,
    tokens2013: row.tokens,
    rank2013: theirRanks[i],
    example: row.example,
    tokens: ours[i],
    rank: ourRanks[i],
  }));
  const columns = [
    { key: 'file', title: '2013 file', description: "The article's example file." },
    { key: 'tokens2013', title: '2013 tokens', align: 'right', description: 'Esprima tokens of that file, as the article published them.' },
    { key: 'rank2013', title: '2013 rank', align: 'right', format: rankText, description: 'Its place among the 18 files, fewest tokens first.' },
    { key: 'example', title: 'example today', description: 'The asyncmark example that does what that file did (lib/article-2013.json maps them).' },
    {
      key: 'tokens',
      title: 'tokens today',
      align: 'right',
      format: (value) => (value === null ? show.DASH : String(value)),
      description: `Esprima tokens of the example, comments excluded, from the complexity file${column ? `'s ${column} column` : ''}.`,
    },
    {
      key: 'rank',
      title: 'rank today',
      align: 'right',
      format: rankText,
      description: 'Its place among the same 18 examples, fewest tokens first; ties share.',
    },
  ];
  const notes = [];
  if (!complexity) notes.push('No complexity file was given, so there are no tokens today.');
  const rho = spearman(
    table.map((r) => r.tokens2013),
    table.map((r) => r.tokens),
  );
  return { columns, rows: table, notes, rho };
}

function articleTimeTable(cells, env, baseline, scenario) {
  const { n, t } = ARTICLE.benchmark;
  const here = cells.filter((c) => c.env === env && c.scenario === scenario && matchesCell(c.params, { n, t }));
  const byExample = new Map(here.map((c) => [c.example, cellRow(c)]));
  const original = ARTICLE.rows.find((row) => row.file === 'original');
  const theirs = ARTICLE.rows.map((row) => row.timeMs);
  const theirRanks = ranks(theirs);
  const ours = ARTICLE.rows.map((row) => byExample.get(row.example) ?? null);
  const ourRanks = ranks(ours.map((row) => (row ? row.mean : null)));
  const rows = ARTICLE.rows
    .map((row, i) => ({
      file: row.file,
      time2013: row.timeMs,
      ratio2013: row.timeMs === null ? null : row.timeMs / original.timeMs,
      memory2013: row.memoryMB,
      rank2013: theirRanks[i],
      example: row.example,
      cell: ours[i],
      heapGrowthMB: ours[i] ? here.find((c) => c.example === row.example).heapGrowthMB : null,
      maxRssMB: ours[i] ? ours[i].maxRssMB : null,
      rank: ourRanks[i],
    }))
    // The article's order: fastest first, its untimed files last.
    .sort((a, b) => (a.time2013 ?? Infinity) - (b.time2013 ?? Infinity));
  const columns = [
    { key: 'file', title: '2013 file', description: "The article's example file." },
    {
      key: 'time2013',
      title: '2013 ms',
      align: 'right',
      format: (v) => (v === null ? 'not timed' : String(v)),
      description: 'Its published time for the batch.',
    },
    {
      key: 'ratio2013',
      title: '2013 × original',
      align: 'right',
      format: (v) => show.ratio(v),
      description: "That time divided by original.js's, the article's plain callbacks (asyncmark's callbacks-original).",
    },
    {
      key: 'memory2013',
      title: '2013 MB',
      align: 'right',
      format: (v) => (v === null ? show.DASH : String(v)),
      description: 'Its published memory: how much the resident set grew from the start of the batch to its largest.',
    },
    { key: 'rank2013', title: '2013 rank', align: 'right', format: rankText, description: 'Its place among the timed files, fastest first.' },
    { key: 'example', title: 'example today', description: 'The asyncmark example that does what that file did.' },
    {
      key: 'cell',
      title: 'time today (95% CI)',
      align: 'right',
      format: ourTime,
      description: 'Mean wall time of the runs at the same n and t, with its 95% interval (log scale, never below zero).',
    },
    {
      key: 'ratio',
      title: `× ${baseline ?? 'baseline'} today`,
      align: 'right',
      format: (v, row) => ourRatio(row.cell),
      description: "Mean time divided by the baseline's in the same runs, with its 95% interval; ≈: not significant (p ≥ 0.05).",
    },
    {
      key: 'heapGrowthMB',
      title: 'heap added today',
      align: 'right',
      format: (v) => show.mb(v),
      description:
        "What the batch added to the JavaScript heap at its peak (peak heap minus the heap before), median of the runs: the nearest of our figures to the article's growth of the resident set.",
    },
    {
      key: 'maxRssMB',
      title: 'peak RSS today',
      align: 'right',
      format: (v) => show.mb(v),
      description: 'Peak resident memory of the whole process, Node included, median of the runs.',
    },
    { key: 'rank', title: 'rank today', align: 'right', format: rankText, description: 'Its place among the same examples that finished, fastest first.' },
  ];
  const notes = failureNotes(rows.map((row) => row.cell));
  const missing = rows.filter((row) => !row.cell).map((row) => row.example);
  if (here.length === 0) notes.unshift(`No runs of ${scenario} at n=${n}, t=${t} (constant latency, e=0) here, so there are no figures of today.`);
  else if (missing.length > 0) notes.push(`Not run at this cell: ${missing.join(', ')}.`);
  const rho = spearman(
    rows.map((r) => r.time2013),
    rows.map((r) => (r.cell ? r.cell.mean : null)),
  );
  const memoryRho = spearman(
    rows.map((r) => r.memory2013),
    rows.map((r) => r.heapGrowthMB),
  );
  return { columns, rows, notes, rho, memoryRho, cells: here.length };
}

function ioTable(cells, env, baseline, scenario) {
  const here = cells.filter((c) => c.env === env && c.scenario === scenario);
  const ns = [...new Set(here.map((c) => c.params.n))].sort((a, b) => a - b);
  // One parameter set per n: the scenario's default dt and seed when several were run.
  const pick = (example, n) => here.filter((c) => c.example === example && c.params.n === n).sort((a, b) => a.params.dt - b.params.dt)[0];
  const rows = ARTICLE.rows.map((row) => {
    const out = { file: row.file, example: row.example, cells: [] };
    for (const n of ns) {
      const cell = pick(row.example, n);
      out[`n${n}`] = cell ? cellRow(cell) : null;
      if (cell) out.cells.push(out[`n${n}`]);
    }
    return out;
  });
  const columns = [
    { key: 'file', title: '2013 file', description: "The article's example file." },
    { key: 'example', title: 'example today', description: 'The asyncmark example that does what that file did.' },
    ...ns.map((n) => ({
      key: `n${n}`,
      title: `n=${n}`,
      align: 'right',
      format: (v) => ourRatio(v),
      description: null,
    })),
  ];
  const dts = [...new Set(here.map((c) => c.params.dt))];
  const notes = [];
  if (here.length === 0) notes.push(`No runs of ${scenario} here, so there is no table: asyncmark bench --scenario ${scenario} makes them.`);
  const seen = new Set();
  for (const row of rows) {
    for (const note of failureNotes(row.cells)) if (!seen.has(note)) seen.add(note) && notes.push(note);
  }
  return { columns, rows, notes, ns, dt: dts.length ? Math.min(...dts) : null, baseline, cells: here.length };
}

/**
 * The three comparisons with the article, drawn in one environment.
 * @param {object[]} cells every summarized cell
 * @param {object[]} envs the summary's environments, most runs first
 * @param {{ rows, columns } | null} complexity the complexity file's table data
 * @param {{ hooks: object[] }} declarations each problem's report hooks, [{ problem, ...hooks }]
 *   (lib/problems.js reportHooks, handed in by the entry point): the one with `article2013` says
 *   which problem and scenarios the article is set beside
 * @returns {{ env, tokens, time, io, source, ioScenario } | null} null when nothing of ours compares
 */
function articleComparison(cells, envs, complexity, { hooks }) {
  const where = measured(hooks);
  if (!where) return null;
  const env = chooseEnv(envs, cells, ARTICLE.benchmark, where);
  const baselineOf = (scenario) => {
    const cell = cells.find((c) => c.env === env && c.scenario === scenario);
    return cell ? cell.baseline : null;
  };
  const tokens = tokensTable(complexity, where.problem);
  const time = articleTimeTable(cells, env, baselineOf(where.timeScenario), where.timeScenario);
  const io = ioTable(cells, env, baselineOf(where.ioScenario), where.ioScenario);
  if (!complexity && time.cells === 0 && io.cells === 0) return null;
  return { env, source: ARTICLE.source, benchmark: ARTICLE.benchmark, tokens, time, io, ioScenario: where.ioScenario };
}

/** The sentence under a table that says how far the two rankings agree. */
function agreementText(rho, what) {
  if (!rho) return `Too few rows with both figures to compare the ranks of ${what}.`;
  return `Rank agreement of ${what}, 2013 against today (Spearman's ρ over the ${rho.pairs} rows with both figures): ${Number.isFinite(rho.rho) ? rho.rho.toFixed(2) : 'n/a'} (1: the same order; 0: unrelated).`;
}

const TITLE = 'Beside the 2013 article';

/**
 * The section both report formats draw, as a list of blocks: { h3 }, { p },
 * { table }, { notes }, { charts }, { glossary }. Plain text throughout.
 * @param {object} article articleComparison's result
 * @param {{ envLabel: string, charts: object[], link: string }} look
 */
function articleBlocks(article, { envLabel, charts = [] }) {
  const { source, benchmark, tokens, time, io, ioScenario } = article;
  const blocks = [];
  blocks.push({
    p: `"${source.title}" (${source.author}, ${source.year}) published the tables on the left; beside each of its rows, the asyncmark example that does what its file did, measured in these runs (${envLabel}). Its machine and its Node of ${source.year} are gone, so only ranks and ratios compare, never milliseconds or megabytes.`,
  });
  blocks.push({ h3: 'Complexity: tokens' });
  blocks.push({ table: tokens }, { notes: [...tokens.notes, agreementText(tokens.rho, 'token counts')] });
  blocks.push({ h3: `Time and memory at n=${benchmark.n}, t=${benchmark.t} ms` });
  blocks.push(
    { table: time },
    { notes: [...time.notes, agreementText(time.rho, 'times'), agreementText(time.memoryRho, 'memory (2013 MB against heap added today)')] },
  );
  blocks.push({ h3: `I/O-bound: ${ioScenario}` });
  blocks.push({
    p: `The article's second experiment made each operation wait longer the more operations were in flight (${io.dt ?? 0.1} ms per operation in flight) and published it as charts only: it found every style about the same there, except promises.js and fibrous. Today's ratios to ${io.baseline ?? 'the baseline'} at each n, with their 95% intervals (≈: not significant, p ≥ 0.05):`,
  });
  if (io.cells > 0) blocks.push({ table: io });
  blocks.push({ notes: io.notes });
  if (charts.length) blocks.push({ charts });
  const seen = new Set();
  const entries = [tokens, time, io]
    .flatMap((table) => table.columns)
    .filter((c) => c.description && !seen.has(c.title) && seen.add(c.title))
    .map((c) => ({ term: c.title, text: c.description }));
  blocks.push({ glossary: entries });
  return blocks;
}

module.exports = { TITLE, articleComparison, articleBlocks };
