'use strict';

const stats = require('../../stats');
const show = require('../display');
const { cellsAt } = require('../sections/cells');
const { forestSpec } = require('./forest-plot');
const { narrowForestSpec } = require('./forest-narrow');
const { familyLayout, familyScatter } = require('./scatter-plot');
const { CONFIG, DETAIL, isFinitePositive, ratioDomain, ratioAxis, notDrawnNote } = require('./vega');
const { chartTitle, axisTitle } = require('./narrow');

// The counted CPU work of a scenario at one parameter set (bench --measure
// instructions|both, lib/runner/count.js), drawn two ways: a forest plot of
// each example's CPU work relative to the baseline's, and the CPU-work ratio
// against the wall-time ratio, one point per example in its family's panel,
// with the diagonal where the two measures agree and Spearman's rank
// correlation between them. Every
// title says what a count is: the work of a deterministic configuration (V8
// --single-threaded --predictable, under valgrind), not a time. Pure.

// What the counts are, in the words of every chart that shows them.
function workTitle(driver) {
  return `CPU work (instructions per ${driver.counted?.per ?? 'invocation'}, counted in a deterministic configuration, not a time)`;
}

/**
 * The CPU work of `cell` relative to `base`'s: the ratio of the mean counts
 * with its 95% interval and t-test (stats.ratio) when each side has at least
 * two counted runs, else the ratio alone, untested: one run shows no spread.
 * @returns {{ ratio, low, high, significant?: boolean } | null}
 */
function cpuWorkRatio(cell, base) {
  const a = cell.instructions?.values ?? [];
  const b = base?.instructions?.values ?? [];
  if (a.length === 0 || b.length === 0) return null;
  if (a.length < 2 || b.length < 2) return { ratio: stats.mean(a) / stats.mean(b), low: null, high: null };
  return stats.ratio(a, b);
}

// The cells at `at` as forestSpec reads them, with the counts in place of the times.
function countedCells(cells, at) {
  const here = cellsAt(cells, at);
  const base = here.find((cell) => cell.example === at.baseline);
  return here.map((cell) => ({ ...cell, time: cell.instructions, ratio: cpuWorkRatio(cell, base) }));
}

/**
 * The forest plot of CPU-work ratios; null where no cell was counted.
 * @param {object[]} cells every summarized cell
 * @param {{ env, scenario, params, baseline, envLabel? }} at
 * @param {{ narrow?: boolean }} layout narrow: the phone's layout (forest-narrow.js)
 */
function cpuWorkForestSpec(cells, at, look, { narrow = false } = {}) {
  const here = countedCells(cells, at);
  if (!here.some((cell) => cell.instructions)) return null;
  const driver = look.drivers[here[0].driver];
  return (narrow ? narrowForestSpec : forestSpec)(here, at, look, { what: workTitle(driver), subject: 'CPU work' });
}

/**
 * The points of the CPU work against wall time chart: every example with both
 * ratios, and Spearman's rho between them (null under three points).
 */
function workAgainstTimePoints(cells, at) {
  const here = cellsAt(cells, at);
  const base = here.find((cell) => cell.example === at.baseline);
  const points = [];
  const left = [];
  for (const cell of here) {
    const work = cpuWorkRatio(cell, base);
    const time = cell.example === at.baseline && cell.time ? 1 : cell.ratio?.ratio;
    if (!work || !isFinitePositive(work.ratio) || !isFinitePositive(time)) {
      left.push(cell.example);
      continue;
    }
    points.push({
      example: cell.example,
      time,
      work: work.ratio,
      description: `${cell.example}${DETAIL}wall time ${show.ratio(time)}${DETAIL}CPU work ${show.ratio(work.ratio)} ${at.baseline}'s`,
    });
  }
  const examples = points.filter((point) => point.example !== at.baseline);
  const correlation = stats.spearman(
    examples.map((point) => point.time),
    examples.map((point) => point.work),
  );
  // The same rho with a bootstrap interval over each example's runs, so that
  // it does not hang on which timed runs were taken.
  const byExample = new Map(here.map((cell) => [cell.example, cell]));
  const runs = examples.map((point) => byExample.get(point.example));
  const interval = stats.bootstrapSpearman(
    runs.map((cell) => cell.instructions.values),
    runs.map((cell) => cell.times),
  );
  return { points, rho: correlation ? correlation.rho : null, rhoInterval: interval, left: left.sort() };
}

/**
 * CPU-work ratio against wall-time ratio, a panel per style family with its
 * examples named (scatter-plot.js's small multiples), the diagonal in each;
 * null where fewer than two examples have both.
 * @param {{ narrow?: boolean }} layout narrow: the phone's layout, the panels in one column
 */
function workAgainstTimeSpec(cells, at, { colors, drivers, registries }, layout = {}) {
  const { points, rho, rhoInterval, left } = workAgainstTimePoints(cells, at);
  const spread =
    rhoInterval && rhoInterval.high > rhoInterval.low ? ` (95% bootstrap interval over runs ${rhoInterval.low.toFixed(2)}–${rhoInterval.high.toFixed(2)})` : '';
  if (points.filter((point) => point.example !== at.baseline).length < 2) return null;
  const here = cellsAt(cells, at);
  const driver = drivers[here[0].driver];
  const domain = ratioDomain(points.flatMap((point) => [point.time, point.work]));
  const problemOf = new Map(here.map((cell) => [cell.example, cell.problem]));
  const items = points.map((point) => ({
    example: point.example,
    problem: problemOf.get(point.example),
    x: point.time,
    y: point.work,
    description: point.description,
  }));
  const panels = familyLayout(items, registries, { xDomain: domain, yDomain: domain }, layout);
  // On a phone the axes' titles wrap to the narrower, shorter panels.
  const title = (text, size) => (layout.narrow ? axisTitle(text, size) : text);
  return {
    title: chartTitle(
      `${at.scenario}: CPU work against ${driver.time.title}`,
      [
        show.params(at.params),
        at.envLabel ?? null,
        `y: ${workTitle(driver)};`,
        `x: mean ${driver.time.title}; both relative to ${at.baseline}, log scales.`,
        'On the dashed diagonal the two agree; above it an example does more work than its time shows.',
        `Spearman's rho between them: ${Number.isFinite(rho) ? `${rho.toFixed(2)}${spread}` : 'n/a (fewer than 3 examples, or no spread in rank)'}.`,
        'One panel per style family; grey: the other families.',
        notDrawnNote(left, { most: 3, what: 'examples', reason: 'no count or no time' }),
      ].filter(Boolean),
      layout,
    ),
    ...familyScatter({
      panels,
      // Short titles, as the complexity scatter's: a rotated title longer than
      // a panel sets its row's height; the subtitle names the baseline.
      x: { ...ratioAxis(domain, title("× the baseline's time", panels[0].width)) },
      y: { ...ratioAxis(domain, title("× the baseline's work", panels[0].height)) },
      colors,
      reference: (xAxis, yAxis) => ({
        data: {
          values: [
            { xValue: domain[0], yValue: domain[0] },
            { xValue: domain[1], yValue: domain[1] },
          ],
        },
        mark: { type: 'line', color: '#888', strokeDash: [4, 4] },
        encoding: { x: xAxis, y: yAxis },
      }),
    }),
    usermeta: { rho, rhoInterval, panels: panels.map((p) => ({ title: p.title, labels: p.labels })) },
    config: CONFIG,
  };
}

module.exports = { cpuWorkRatio, cpuWorkForestSpec, workAgainstTimePoints, workAgainstTimeSpec };
