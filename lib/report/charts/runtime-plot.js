'use strict';

const show = require('../display');
const { paramSlugs } = require('./file-names');
const { isFinitePositive, notDrawnNote } = require('./vega');
const { lanesSpec, lanePoint } = require('./lanes-plot');
const { poolingNote } = require('../sections/sessions');

// The runtimes of one machine at one scenario and reference cell: one row per
// example, one point per runtime at the example's mean time on that runtime ÷
// its mean time on the reference runtime, with its 95% interval; the rule at
// 1 is the reference runtime (the picture: lib/report/charts/lanes-plot.js). Pure: a
// matrix of lib/report/sections/runtimes.js in, a Vega-Lite specification out.

/**
 * The chart's points: one per example and runtime with a ratio to the
 * reference runtime, and what could not be drawn.
 * @returns {{ points: object[], notDrawn: string[] }}
 */
function runtimePoints(matrix) {
  const points = [];
  const notDrawn = [];
  const referenceIndex = matrix.columns.findIndex((column) => column.env === matrix.reference.env);
  for (const row of matrix.versus.rows) {
    row.versus.forEach((ratio, i) => {
      if (i === referenceIndex) return;
      const runtime = matrix.columns[i].label;
      const cell = row.cells[i];
      if (!ratio || !isFinitePositive(ratio.ratio)) {
        // Cells a runtime never ran are the table's "not run", not a gap worth naming here.
        if (cell) notDrawn.push(`${row.example} on ${runtime}${cell.time ? '' : ` (${show.statusLabel(cell.status === 'ok' ? 'invalid' : cell.status)})`}`);
        return;
      }
      points.push(lanePoint(row.example, runtime, ratio, `${matrix.reference.label}'s mean time`));
    });
  }
  return { points, notDrawn };
}

/**
 * @param {object} matrix one matrix of runtimeComparison (lib/report/sections/runtimes.js)
 * @param {{ runtimeColors: Map<string, string>, drivers: object, sessions?: Map<string, number> }} look drivers: their declarations by name
 *   (lib/drivers); sessions: sections/sessions.js sessionCounts
 * @param {{ narrow?: boolean }} layout narrow: the phone's layout (lanes-plot.js)
 * @returns {object | null} a Vega-Lite spec, or null when no ratio can be drawn
 */
function runtimeSpec(matrix, { runtimeColors, drivers, sessions = new Map() }, layout = {}) {
  const { points, notDrawn } = runtimePoints(matrix);
  if (points.length === 0) return null;
  const examples = matrix.versus.rows.map((row) => row.example).filter((example) => points.some((p) => p.example === example));
  const runtimes = matrix.columns.map((column) => column.label).filter((label) => points.some((p) => p.runtime === label));
  const what = drivers[matrix.driver].time.title;
  return lanesSpec({
    title: {
      text: `${matrix.scenario}: each runtime relative to ${matrix.reference.label}`,
      // Short lines: the picture is as wide as its longest.
      subtitle: [
        matrix.title,
        `On ${matrix.cpu}; the rule at 1: ${matrix.reference.label}.`,
        `Point: mean ${what} on a runtime ÷ on ${matrix.reference.label}; bar: 95% interval.`,
        'Hollow: not significant, or fewer than two runs.',
        poolingNote(
          matrix.versus.rows.flatMap((row) => row.cells.filter(Boolean)),
          sessions,
        ),
        notDrawnNote(notDrawn, { most: 3, what: 'points', reason: 'no ratio' }),
      ].filter(Boolean),
    },
    points,
    rowField: 'example',
    rows: examples,
    runtimes,
    axisTitle: `mean ${what} ÷ ${matrix.reference.label}'s (log scale)`,
    runtimeColors,
    layout,
  });
}

// Per machine and scenario, the runtimes chart of each matrix, named as the
// scenario's other charts are: "<scenario>[-machine<i>][-<params>]-runtimes.svg",
// the machine only when the runs hold several with runtime matrices.
function runtimeCharts(runtimes, look, addChart) {
  runtimes.machines.forEach((machine, machineIndex) => {
    const scenarios = [...new Set(machine.matrices.map((m) => m.scenario))];
    for (const scenario of scenarios) {
      const matrices = machine.matrices.filter((m) => m.scenario === scenario);
      const slugs = paramSlugs(matrices.map((m) => m.params));
      matrices.forEach((matrix, i) => {
        const spec = runtimeSpec(matrix, look);
        const machineName = runtimes.machines.length > 1 ? `machine${machineIndex + 1}` : null;
        const name = `${[scenario, machineName, slugs[i], 'runtimes'].filter(Boolean).join('-')}.svg`;
        matrix.chart = spec ? addChart(name, 'runtimes', spec, runtimeSpec(matrix, look, { narrow: true })) : null;
      });
    }
  });
}

module.exports = { runtimePoints, runtimeCharts };
