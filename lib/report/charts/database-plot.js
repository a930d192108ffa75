'use strict';

const { paramSlugs } = require('./file-names');
const { isFinitePositive, notDrawnNote } = require('./vega');
const { lanesSpec, lanePoint } = require('./lanes-plot');
const { runtimeColors } = require('./colors');
const { poolingNote } = require('../sections/sessions');

// Against a real database, at one scenario and parameter set: one row per
// example, one point per backend (fake, pglite, postgres, a server of the
// user's) at the example's mean wall time ÷ the baseline's on that backend,
// with its 95% interval; the rule at 1 is the baseline (the picture:
// lib/report/charts/lanes-plot.js). Whether the ratios come closer to 1 on a
// real database is what it shows. Pure: a group of
// lib/report/sections/databases.js in, a Vega-Lite specification out.

/**
 * The chart's points, one per example other than the baseline and backend
 * with a ratio, and what could not be drawn.
 * @returns {{ points: object[], notDrawn: string[] }}
 */
function databasePoints(group) {
  const points = [];
  const notDrawn = [];
  for (const row of group.table.rows) {
    if (row.example === group.baseline) continue;
    group.backends.forEach((backend, i) => {
      const ratio = row[`ratio${i}`];
      // A backend that never ran the example is the table's "not run", not a gap worth naming.
      if (!ratio) return;
      if (!isFinitePositive(ratio.ratio)) notDrawn.push(`${row.example} on ${backend}`);
      else points.push(lanePoint(row.example, backend, ratio, `the baseline's mean wall time on ${backend}`));
    });
  }
  return { points, notDrawn };
}

/**
 * @param {object} group one group of databaseComparison (lib/report/sections/databases.js)
 * @param {{ backendColors: Map<string, string>, sessions?: Map<string, number> }} look
 * @param {{ narrow?: boolean }} layout narrow: the phone's layout (lanes-plot.js)
 * @returns {object | null} a Vega-Lite spec, or null when fewer than two backends have a ratio to draw
 */
function databaseSpec(group, { backendColors, sessions = new Map() }, layout = {}) {
  const { points, notDrawn } = databasePoints(group);
  const backends = group.backends.filter((backend) => points.some((p) => p.runtime === backend));
  if (backends.length < 2) return null;
  // Only the rows that compare: an example measured on one backend alone has
  // nothing to set beside it here (the table has it).
  const compared = (example) => new Set(points.filter((p) => p.example === example).map((p) => p.runtime)).size >= 2;
  const examples = group.table.rows.map((row) => row.example).filter(compared);
  const shown = points.filter((p) => examples.includes(p.example));
  const alone = group.table.rows.filter((row) => row.example !== group.baseline && !compared(row.example)).length;
  if (examples.length === 0) return null;
  return lanesSpec({
    title: {
      text: `${group.scenario}: ratio to ${group.baseline} on each backend`,
      subtitle: [
        group.title,
        `Point: mean wall time ÷ ${group.baseline}'s on the same backend;`,
        'bar: 95% interval. Hollow: not significant, or fewer than two runs.',
        poolingNote(group.cells, sessions),
        alone ? `${alone} example${alone === 1 ? '' : 's'} measured on one backend only: see the table.` : null,
        notDrawnNote(notDrawn, { most: 3, what: 'points', reason: 'no ratio' }),
      ].filter(Boolean),
    },
    points: shown,
    rowField: 'example',
    rows: examples,
    runtimes: backends,
    legendTitle: 'backend',
    axisTitle: `mean wall time ÷ ${group.baseline}'s (log scale)`,
    runtimeColors: backendColors,
    layout,
  });
}

// One chart per database table: "<scenario>[-<params>]-databases.svg", the
// parameters only when the scenario has several tables. A backend has one
// colour in every one of them.
function databaseCharts(databases, look, addChart) {
  const backendColors = runtimeColors(databases.groups.flatMap((group) => group.backends));
  const scenarios = [...new Set(databases.groups.map((g) => g.scenario))];
  for (const scenario of scenarios) {
    const groups = databases.groups.filter((g) => g.scenario === scenario);
    const slugs = paramSlugs(groups.map((g) => g.params));
    groups.forEach((group, i) => {
      const spec = databaseSpec(group, { backendColors, sessions: look.sessions });
      const narrow = spec && databaseSpec(group, { backendColors, sessions: look.sessions }, { narrow: true });
      group.chart = spec ? addChart(`${[scenario, slugs[i], 'databases'].filter(Boolean).join('-')}.svg`, 'databases', spec, narrow) : null;
    });
  }
}

module.exports = { databasePoints, databaseSpec, databaseCharts };
