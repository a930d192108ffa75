'use strict';

const show = require('../display');
const { paramSlugs } = require('./file-names');
const { DETAIL, isFinitePositive, notDrawnNote } = require('./vega');
const { lanesSpec, lanePoint } = require('./lanes-plot');
const { poolingNote } = require('../sections/sessions');

// The cost of async context at one scenario and parameter set: one row per
// style, one point per runtime at the style's mean CPU time with context ÷
// without on that runtime, with its 95% interval; the rule at 1 is no cost
// (the picture: lib/report/charts/lanes-plot.js). CPU time, not wall time: it is the
// work the context adds, and on a shared machine other processes stretch the
// wall time of short runs far more (the table has both). Pure: a group of
// lib/report/sections/context.js in, a Vega-Lite specification out.

/**
 * The chart's points, one per style and runtime with a time ratio, and what
 * could not be drawn.
 * @returns {{ points: object[], notDrawn: string[] }}
 */
function contextPoints(group) {
  const points = [];
  const notDrawn = [];
  for (const row of group.table.rows) {
    group.columns.forEach((column, i) => {
      const ratio = row[`cpu${i}`];
      if (!ratio || !isFinitePositive(ratio.ratio)) {
        // A runtime that never ran the style is the table's "not run", not a gap worth naming.
        if (row[`missing${i}`] !== 'not run') notDrawn.push(`${row.example} on ${column.label}`);
        return;
      }
      const lost = row.found.find((f) => f.runtime === column.label && f.survival !== 'kept');
      points.push(lanePoint(row.example, column.label, ratio, `the CPU time without context${lost ? `${DETAIL}context ${lost.survival}` : ''}`));
    });
  }
  return { points, notDrawn };
}

/**
 * @param {object} group one group of contextCost (lib/report/sections/context.js)
 * @param {{ runtimeColors: Map<string, string>, sessions?: Map<string, number> }} look sessions: sections/sessions.js sessionCounts
 * @param {{ narrow?: boolean }} layout narrow: the phone's layout (lanes-plot.js)
 * @returns {object | null} a Vega-Lite spec, or null when no ratio can be drawn
 */
function contextSpec(group, { runtimeColors, sessions = new Map() }, layout = {}) {
  const { points, notDrawn } = contextPoints(group);
  if (points.length === 0) return null;
  // A style that lost the context says so in its row's label.
  const labelOf = new Map(group.table.rows.map((row) => [row.example, row.found.some((f) => f.survival !== 'kept') ? `${row.example} ⚠` : row.example]));
  for (const point of points) point.label = labelOf.get(point.example);
  const labels = group.table.rows.map((row) => labelOf.get(row.example)).filter((label) => points.some((p) => p.label === label));
  const runtimes = group.columns.map((column) => column.label).filter((label) => points.some((p) => p.runtime === label));
  const lostAny = labels.some((label) => label.endsWith(' ⚠'));
  return lanesSpec({
    title: {
      text: `${group.scenario}: the cost of async context`,
      subtitle: [
        show.params(group.params),
        'Point: mean CPU time with AsyncLocalStorage ÷ without, same style;',
        'bar: 95% interval. Hollow: not significant, or fewer than two runs.',
        lostAny ? '⚠: the style lost the context (see the table).' : null,
        poolingNote(
          (group.pairs ?? []).flatMap((pair) => [pair.als, pair.none].filter(Boolean)),
          sessions,
        ),
        notDrawnNote(notDrawn, { most: 3, what: 'points', reason: 'no ratio' }),
      ].filter(Boolean),
    },
    points,
    rowField: 'label',
    rows: labels,
    runtimes,
    axisTitle: 'mean CPU time with context ÷ without (log scale)',
    runtimeColors,
    layout,
  });
}

// One chart per context table: "<scenario>-<params>-context.svg", the
// parameters only when the scenario has several tables.
function contextCharts(context, look, addChart) {
  const scenarios = [...new Set(context.groups.map((g) => g.scenario))];
  for (const scenario of scenarios) {
    const groups = context.groups.filter((g) => g.scenario === scenario);
    const slugs = paramSlugs(groups.map((g) => g.params));
    groups.forEach((group, i) => {
      const spec = contextSpec(group, look);
      group.chart = spec
        ? addChart(`${[scenario, slugs[i], 'context'].filter(Boolean).join('-')}.svg`, 'context', spec, contextSpec(group, look, { narrow: true }))
        : null;
    });
  }
}

module.exports = { contextPoints, contextSpec, contextCharts };
