'use strict';

const { envKey, paramsKey, cellKey, summarize } = require('../../summary');

// Which bench sessions a chart's runs come from. A cell of the tables pools
// every run of it (lib/summary.js), whichever session made it. A chart that
// draws a line across n must not: the docs pipeline runs one scenario in
// several steps, each its own session with its own grid, and pooled, a
// context step's n=800 sat beside the main grid's n=1000 with a band that
// mixed two machines' moods. So a chart against n draws the grid of one
// session (and of the sessions that ran exactly the same grid, which it
// says), and names what it leaves out; a chart of one parameter set says when
// its cells pool several sessions. Pure.

const NO_SESSION = '(no session)';

/** The number of sessions each cell's runs come from, by lib/summary's cell key. */
function sessionCounts(runs) {
  const sessions = new Map();
  for (const run of runs) {
    const key = cellKey(envKey(run.env), run.scenario, run.example, run.params);
    if (!sessions.has(key)) sessions.set(key, new Set());
    sessions.get(key).add(run.session ?? NO_SESSION);
  }
  return new Map([...sessions].map(([key, set]) => [key, set.size]));
}

/**
 * The subtitle line of a chart of one parameter set whose cells pool the runs
 * of several sessions, or null when each cell's runs come from one.
 * @param {object[]} cells the cells the chart draws
 * @param {Map<string, number>} counts sessionCounts's
 */
function poolingNote(cells, counts) {
  const most = Math.max(0, ...cells.map((c) => counts.get(cellKey(c.env, c.scenario, c.example, c.params)) ?? 0));
  return most > 1 ? `Pools the runs of up to ${most} bench sessions per example, as the tables do.` : null;
}

// A session's grid: every example and n it ran at the fixed parameters.
function gridKey(runs) {
  return [...new Set(runs.map((r) => `${r.example}@${r.params.n}`))].sort().join(',');
}

/**
 * The cells of one chart against n: the runs of the session with the largest
 * grid at `at`'s fixed parameters (the most values of n, then the most cells,
 * then the most runs, then the latest), and
 * of every other session with exactly that grid, summarized anew; with the
 * subtitle lines that say what is pooled and what is left out.
 * @param {object[]} runs every run of the report
 * @param {{ env: string, scenario: string, params: object, baseline: string }} at
 * @param {{ drivers: object, registries: object }} look the declarations the runs are summarized by
 * @returns {{ cells: object[], notes: string[] }}
 */
function oneGrid(runs, at, { drivers, registries }) {
  const fixed = paramsKey(at.params);
  const bySession = new Map();
  for (const run of runs) {
    if (run.scenario !== at.scenario || envKey(run.env) !== at.env || paramsKey(run.params) !== fixed) continue;
    const session = run.session ?? NO_SESSION;
    if (!bySession.has(session)) bySession.set(session, []);
    bySession.get(session).push(run);
  }
  const sessions = [...bySession].map(([name, list]) => ({
    name,
    runs: list,
    grid: gridKey(list),
    ns: new Set(list.map((r) => r.params.n)).size,
    cells: gridKey(list).split(',').length,
  }));
  // A line needs two values of n: the grid with the most, then the most cells.
  sessions.sort((a, b) => b.ns - a.ns || b.cells - a.cells || b.runs.length - a.runs.length || b.name.localeCompare(a.name));
  if (sessions.length === 0) return { cells: [], notes: [] };
  const kept = sessions.filter((s) => s.grid === sessions[0].grid);
  const left = sessions.filter((s) => s.grid !== sessions[0].grid);
  const notes = [];
  if (kept.length > 1) notes.push(`Pools ${kept.length} bench sessions that ran this same grid.`);
  if (left.length) {
    const ns = [...new Set(left.flatMap((s) => s.runs.map((r) => r.params.n)))].sort((a, b) => a - b);
    const count = left.reduce((sum, s) => sum + s.runs.length, 0);
    const sessionWord = left.length === 1 ? 'session' : 'sessions';
    notes.push(`One session's grid; left out: ${count} runs of ${left.length} other ${sessionWord} (n=${ns.join(', ')}).`);
  }
  const cells = summarize(
    kept.flatMap((s) => s.runs),
    { baseline: at.baseline, drivers, registries },
  ).cells;
  return { cells, notes };
}

module.exports = { sessionCounts, poolingNote, oneGrid };
