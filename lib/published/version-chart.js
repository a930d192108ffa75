'use strict';

const { oursOn, paramsMatch, runtimeOf } = require('./ours');
const { isFinitePositive, ratioDomain, ratioAxis, notDrawnNote } = require('../report/charts/vega');

// "DoxBee across Node versions": one line per style family's representative,
// x the Node versions in release order, y its time ÷ the baseline's on that
// same version, with 95% intervals. A time on Node 6 and one on Node 26 were
// made by different engines on a shared machine, so the first panel draws
// only ratios, each measured within one version. The second panel draws the
// CPU work per upload (bench --measure instructions: instructions counted by
// valgrind), which does compare across versions: a count is not a time, and
// repeats to about 0.1% whatever the machine's load. Pure: result lines in,
// a Vega-Lite spec out.

/**
 * The chart's points, and what could not be drawn (with why).
 * @param {object[]} lines
 * @param {{ scenario: string, params: object, baseline: string, examples: string[], runtimes: string[] }} chart
 * @param {'time'|'cpu'} [basis] the ratio drawn: wall time, or CPU time
 */
function versionPoints(lines, chart, basis = 'time') {
  const points = [];
  const notDrawn = [];
  for (const example of chart.examples.filter((e) => e !== chart.baseline)) {
    for (const runtime of chart.runtimes) {
      const ours = oursOn(
        lines,
        { scenario: chart.scenario, metric: 'wallMs', numerator: { example }, denominator: { example: chart.baseline }, params: chart.params },
        runtime,
      );
      const ratio = ours.missing ? null : basis === 'cpu' ? ours.cpu : ours;
      if (!ratio || !isFinitePositive(ratio.ratio)) {
        notDrawn.push(ours.missing ?? `${example} on ${runtime}: no ratio`);
        continue;
      }
      const ranged = isFinitePositive(ratio.low) && isFinitePositive(ratio.high);
      points.push({
        example,
        runtime,
        ratio: ratio.ratio,
        low: ranged ? ratio.low : ratio.ratio,
        high: ranged ? ratio.high : ratio.ratio,
        significant: ratio.significant === true,
      });
    }
  }
  return { points, notDrawn };
}

/**
 * The CPU-work panel's points: each example's instructions per upload on each
 * runtime (the mean of its counts, with the lowest and highest), and what was
 * not counted, with why (the count's own status and error, or no count).
 * @param {object[]} lines
 * @param {{ scenario: string, params: object, examples: string[], runtimes: string[] }} chart
 */
function workPoints(lines, chart) {
  const points = [];
  const notCounted = [];
  for (const example of chart.examples) {
    for (const runtime of chart.runtimes) {
      const counts = lines.filter(
        (line) =>
          line.measure === 'instructions' &&
          line.scenario === chart.scenario &&
          line.example === example &&
          runtimeOf(line) === runtime &&
          paramsMatch(line.params, chart.params),
      );
      const work = counts.filter((line) => line.status === 'ok' && isFinitePositive(line.metrics?.instructionsPerInvocation));
      if (work.length === 0) {
        const failed = counts.find((line) => line.status !== 'ok');
        notCounted.push(`${example} on ${runtime}: ${failed ? `${failed.status.toUpperCase()}, ${failed.error}` : 'no count'}`);
        continue;
      }
      const values = work.map((line) => line.metrics.instructionsPerInvocation);
      points.push({
        example,
        runtime,
        work: values.reduce((a, b) => a + b, 0) / values.length,
        low: Math.min(...values),
        high: Math.max(...values),
        counts: values.length,
      });
    }
  }
  return { points, notCounted };
}

// The second panel: instructions per upload, one line per example, on a log
// axis so that a style's distance from the baseline reads as in the first.
function workPanel(points, chart) {
  const values = points.flatMap((p) => [p.low, p.high]);
  const domain = [Math.min(...values) / 1.15, Math.max(...values) * 1.15];
  const x = { field: 'runtime', type: 'ordinal', sort: chart.runtimes, title: 'Node version (release order)', scale: { domain: chart.runtimes } };
  const y = { type: 'quantitative', scale: { type: 'log', domain } };
  return {
    width: 560,
    height: 260,
    title: { text: 'CPU work per upload (instructions counted by valgrind)', fontSize: 12 },
    data: { values: points },
    encoding: { x, color: { field: 'example', type: 'nominal', title: 'style', sort: chart.examples } },
    layer: [
      { mark: { type: 'line', point: true }, encoding: { y: { ...y, field: 'work', title: 'instructions per upload (log scale)', axis: { format: '~s' } } } },
      { mark: { type: 'rule', opacity: 0.6 }, encoding: { y: { ...y, field: 'low' }, y2: { field: 'high' } } },
    ],
  };
}

/**
 * @param {object[]} lines
 * @param {object} chart as versionPoints takes it, and machine (a label)
 * @param {'time'|'cpu'} [basis] the ratio drawn: wall time, or CPU time (a shared machine's)
 * @returns {object|null} the spec, or null when nothing can be drawn
 */
function versionSpec(lines, chart, basis = 'time') {
  const { points, notDrawn } = versionPoints(lines, chart, basis);
  const work = workPoints(lines, chart);
  const what = basis === 'cpu' ? 'CPU time' : 'wall time';
  if (points.length === 0 && work.points.length === 0) return null;
  const x = { field: 'runtime', type: 'ordinal', sort: chart.runtimes, title: 'Node version (release order)', scale: { domain: chart.runtimes } };
  const color = { field: 'example', type: 'nominal', title: 'style', sort: chart.examples };
  const missing = notDrawn.map((why) => why.split(':')[0]);
  const uncounted = work.notCounted.map((why) => why.split(':')[0]);
  const domain = ratioDomain(points.length ? points.flatMap((p) => [p.low, p.high]) : [1]);
  const ratioPanel = {
    width: 560,
    height: 320,
    data: { values: points },
    encoding: { x, color },
    layer: [
      {
        mark: { type: 'rule', strokeDash: [4, 4], color: '#888' },
        data: { values: [{ one: 1 }] },
        encoding: { y: { field: 'one', type: 'quantitative', scale: { type: 'log', domain } }, x: null, color: null },
      },
      { mark: { type: 'line', point: true }, encoding: { y: { ...ratioAxis(domain, `mean ${what} ÷ ${chart.baseline}'s (log scale)`), field: 'ratio' } } },
      { mark: { type: 'rule', opacity: 0.6 }, encoding: { y: { field: 'low', type: 'quantitative', scale: { type: 'log', domain } }, y2: { field: 'high' } } },
    ],
  };
  const subtitle = [
    `${chart.scenario}, ${Object.entries(chart.params)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}; on ${chart.machine ?? 'one machine'}.`,
    `Top: mean ${what} ÷ ${chart.baseline}'s on the same version; bar: 95% interval.`,
    work.points.length
      ? 'Bottom: instructions per upload, counted under V8 --single-threaded --predictable (bench --measure instructions); bar: lowest to highest count.'
      : 'No second panel of CPU work: these runs count no instructions (bench --measure instructions).',
    notDrawnNote(missing, { most: 3, what: 'ratios', reason: 'the example cannot run on that version' }),
    work.points.length ? notDrawnNote(uncounted, { most: 3, what: 'counts', reason: 'not counted on that version' }) : null,
  ].filter(Boolean);
  const spec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: { text: 'DoxBee across Node versions', subtitle },
  };
  if (work.points.length === 0) return { ...spec, ...ratioPanel };
  return { ...spec, vconcat: [ratioPanel, workPanel(work.points, chart)], resolve: { scale: { color: 'shared' } } };
}

module.exports = { versionPoints, workPoints, versionSpec };
