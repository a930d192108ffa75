'use strict';

const show = require('../display');
const stats = require('../../stats');
const { fullParamsKey, cellKey, ratioOf } = require('../../summary');
const { byRuntime } = require('./runtimes/order');

// The cost of carrying an async context (batch --context als): for each style,
// its mean wall time, CPU time and peak memory with each upload inside
// AsyncLocalStorage.run divided by the same style's without, measured in the same runs (the two are
// interleaved), per runtime; and whether the context survived to every
// operation. A table per scenario and parameter set where both ran, with
// three columns (time, CPU, memory) per runtime. Pure: the summary in, tables and chart points out.

const TITLE = 'The cost of async context';

const INTRO =
  "Each upload inside AsyncLocalStorage.run with a store of its own, the simulated I/O reading the store at every operation as an APM agent's instrumented driver does (--context als), against the same style without (--context none), in the same runs. A ratio above 1 is what carrying the context costs that style on that runtime. Survival: whether every operation read its own upload's store; a style that loses it is a silent observability bug (spans attached to no request, or to another's).";

// The runs without context have no context parameter (it is absent when none).
function withoutContext(params) {
  const { context, ...rest } = params;
  return rest;
}

function ratioText(ratio) {
  if (!ratio) return 'n/a';
  const star = stats.stars(ratio.p);
  return `${show.ratioText(ratio, { unknown: 'n/a' })}${star ? ` ${star}` : ''}`;
}

// What a column shows where it has no ratio: why.
function missingText(als, none) {
  if (!als || !none) return 'not run';
  if (!als.time) return show.failureLabel(als);
  if (!none.time) return `${show.failureLabel(none)} without`;
  return null;
}

// "kept", "lost at blob.put" or, where runtimes differ, each runtime's.
function survivalText(found) {
  const distinct = [...new Set(found.map((f) => f.survival))];
  if (distinct.length === 0) return show.DASH;
  const flag = (value) => (value === 'kept' ? value : `⚠ ${value}`);
  if (distinct.length === 1) return flag(distinct[0]);
  return distinct
    .map(
      (value) =>
        `${flag(value)} on ${found
          .filter((f) => f.survival === value)
          .map((f) => f.runtime)
          .join(', ')}`,
    )
    .join('; ');
}

/** What a problem's registry says of an example's context, or undefined. */
function registered(registries, problem, example) {
  return registries[problem]?.examples.find((e) => e.name === example)?.context;
}

// The pairs of cells of one scenario and parameter set: per runtime (column),
// the als cell and the none cell of each example.
function groupsOf(cells, envs) {
  const byKey = new Map(cells.map((c) => [c.id, c]));
  const groups = new Map();
  for (const als of cells.filter((c) => c.params.context === 'als')) {
    const params = withoutContext(als.params);
    const key = `${als.scenario}|${fullParamsKey(params)}`;
    if (!groups.has(key)) groups.set(key, { scenario: als.scenario, problem: als.problem, driver: als.driver, params, pairs: [] });
    const none = byKey.get(cellKey(als.env, als.scenario, als.example, params)) ?? null;
    groups.get(key).pairs.push({ env: als.env, example: als.example, als, none });
  }
  const envByKey = new Map(envs.map((env) => [env.key, env]));
  return [...groups.values()].map((group) => {
    const columnEnvs = [...new Set(group.pairs.map((p) => p.env))].map((key) => envByKey.get(key)).sort(byRuntime);
    const labels = columnEnvs.map((env) => show.runtimeLabel(env));
    // Two machines with one runtime: their columns say which machine.
    const named = new Set(labels).size < labels.length ? columnEnvs.map((env) => show.envLabel(env)) : labels;
    return { ...group, columns: columnEnvs.map((env, i) => ({ env: env.key, label: named[i] })) };
  });
}

function rowsOf(group, registries) {
  const examples = [...new Set(group.pairs.map((p) => p.example))];
  const rows = examples.map((example) => {
    const row = { example, survival: null, registered: registered(registries, group.problem, example), found: [] };
    let logs = 0;
    let counted = 0;
    group.columns.forEach((column, i) => {
      const pair = group.pairs.find((p) => p.example === example && p.env === column.env);
      const missing = missingText(pair?.als, pair?.none);
      const time = missing ? null : ratioOf(pair.als.times, pair.none.times);
      const cpu = missing ? null : ratioOf(pair.als.cpuTimes, pair.none.cpuTimes);
      const memory = missing ? null : ratioOf(pair.als.memories, pair.none.memories);
      row[`time${i}`] = time;
      row[`cpu${i}`] = cpu;
      row[`memory${i}`] = memory;
      row[`missing${i}`] = missing;
      if (pair?.als.survival) row.found.push({ runtime: column.label, survival: pair.als.survival });
      if (cpu && Number.isFinite(cpu.ratio) && cpu.ratio > 0) {
        logs += Math.log(cpu.ratio);
        counted++;
      }
    });
    row.survival = survivalText(row.found);
    row.order = counted ? logs / counted : Infinity;
    return row;
  });
  // The cheapest to carry first (geometric mean of the CPU ratios over the
  // runtimes, the steadier measure on a shared machine); those with no ratio last.
  return rows.sort((a, b) => a.order - b.order || a.example.localeCompare(b.example));
}

// What the columns mean, once for every table: the runtimes' columns read alike.
const GLOSSARY = [
  { term: 'example', text: 'The example, a file under examples/<problem>/.' },
  {
    term: 'context',
    text: "Whether every operation of every upload read its own upload's store: kept, or ⚠ lost at the first operation (in time) that read none or another upload's; per runtime where they differ.",
  },
  {
    term: '<runtime>: time ×',
    text: "Mean wall time with context ÷ without, same style and runtime, with the 95% interval of that ratio (log scale, Welch's degrees of freedom); stars: p < 0.05 *, < 0.01 **, < 0.001 ***; ≈: not significant; n/a: fewer than two finished runs on a side; not run: one side has no runs there.",
  },
  {
    term: '<runtime>: CPU ×',
    text: 'Mean CPU time (user + system) of the child with context ÷ without, read as the time ratio is: the work the context adds, less stretched than wall time by other processes on a shared machine (the chart plots it).',
  },
  {
    term: '<runtime>: memory ×',
    text: 'Peak RSS of the child process with context ÷ without, read as the time ratio is; n/a where the runtime gives no peak RSS.',
  },
];

function columnsOf(group) {
  const columns = [
    { key: 'example', title: 'example' },
    { key: 'survival', title: 'context' },
  ];
  group.columns.forEach((column, i) => {
    const format = (value, row) => row[`missing${i}`] ?? ratioText(value);
    columns.push(
      { key: `time${i}`, title: `${column.label}: time ×`, align: 'right', format },
      { key: `cpu${i}`, title: `${column.label}: CPU ×`, align: 'right', format },
      { key: `memory${i}`, title: `${column.label}: memory ×`, align: 'right', format },
    );
  });
  return columns;
}

function notesOf(group, rows) {
  const notes = [];
  const tested = rows
    .flatMap((row) => group.columns.flatMap((_, i) => [row[`time${i}`], row[`cpu${i}`], row[`memory${i}`]]))
    .filter((r) => r && Number.isFinite(r.p));
  if (tested.length) {
    const chance = stats
      .expectedFalsePositives(tested.length)
      .map((level) => `${show.number(level.expected)} at ${level.stars}`)
      .join(', ');
    notes.push(`${tested.length} ratios tested; by chance alone, were nothing different, about ${chance} would be expected.`);
  }
  const lost = rows.filter((row) => row.found.some((f) => f.survival !== 'kept'));
  if (lost.length) {
    notes.push(
      `Lost the context (a later operation of an upload ran in no context or in another upload's): ${lost.map((row) => `${row.example} (${row.survival.replace(/⚠ /g, '')})`).join(', ')}.`,
    );
  }
  // The registry records what the tests measure on the default Node; a runtime that measured otherwise is named.
  for (const row of rows) {
    const differs = row.found.filter((f) => row.registered !== undefined && f.survival !== row.registered);
    if (differs.length) {
      notes.push(`${row.example}: the registry says ${row.registered}; measured ${differs.map((f) => `${f.survival} on ${f.runtime}`).join(', ')}.`);
    }
  }
  return notes;
}

/**
 * Every scenario and parameter set where some style ran with and without
 * context, as a table, and the points of its chart.
 * @param {{ cells }} summary lib/summary.js summarize's result
 * @param {object[]} envs the report's environments
 * @param {{ registries: object }} look each problem's registry, by name (examples/index.js), what each says of an example's context
 * @returns {{ groups: object[], survival: Map<string, Map<string, string>> } | null} null when nothing ran with context.
 *   survival: by problem, by example, what the summary shows
 */
function contextCost({ cells }, envs, { registries }) {
  const groups = groupsOf(cells, envs);
  if (groups.length === 0) return null;
  const survival = new Map();
  for (const group of groups) {
    const rows = rowsOf(group, registries);
    const columns = columnsOf(group);
    group.title = show.params(group.params);
    group.table = { columns, rows, notes: notesOf(group, rows), glossary: GLOSSARY };
    if (!survival.has(group.problem)) survival.set(group.problem, new Map());
    const byExample = survival.get(group.problem);
    for (const row of rows) {
      const found = [...(byExample.get(row.example) ?? []), ...row.found];
      byExample.set(row.example, found);
    }
  }
  const texts = new Map(
    [...survival].map(([problem, byExample]) => [problem, new Map([...byExample].map(([example, found]) => [example, survivalText(dedupe(found))]))]),
  );
  return { groups, survival: texts };
}

// One finding per runtime and value, however many groups found it.
function dedupe(found) {
  const seen = new Set();
  return found.filter((f) => {
    const key = `${f.runtime}|${f.survival}`;
    return !seen.has(key) && seen.add(key);
  });
}

/**
 * The section both report formats draw, as blocks (see lib/report/sections/runtimes.js runtimeBlocks).
 * @param {{ groups }} cost contextCost's result, each group with its chart
 */
function contextBlocks(cost) {
  const blocks = [{ p: INTRO }];
  for (const group of cost.groups) {
    blocks.push({ h3: `${group.scenario}: ${group.title}` });
    if (group.chart) blocks.push({ charts: [group.chart] });
    blocks.push({ table: group.table }, { notes: group.table.notes });
  }
  blocks.push({ h3: 'Columns of the context tables' }, { glossary: GLOSSARY });
  return blocks;
}

module.exports = { TITLE, contextCost, contextBlocks };
