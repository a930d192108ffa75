'use strict';

const { oursOn } = require('./ours');
const { isFinitePositive, ratioDomain, ratioAxis, notDrawnNote } = require('../report/charts/vega');

// "DoxBee across Node versions": one line per style family's representative,
// x the Node versions in release order, y its time ÷ the baseline's on that
// same version, with 95% intervals. Only ratios are drawn: a time on Node 6
// and one on Node 26 were made by different engines, but each ratio was
// measured within one version. Pure: result lines in, a Vega-Lite spec out.

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
 * @param {object[]} lines
 * @param {object} chart as versionPoints takes it, and machine (a label)
 * @param {'time'|'cpu'} [basis] the ratio drawn: wall time, or CPU time (a shared machine's)
 * @returns {object|null} the spec, or null when nothing can be drawn
 */
function versionSpec(lines, chart, basis = 'time') {
  const { points, notDrawn } = versionPoints(lines, chart, basis);
  const what = basis === 'cpu' ? 'CPU time' : 'wall time';
  if (points.length === 0) return null;
  const domain = ratioDomain(points.flatMap((p) => [p.low, p.high]));
  const x = { field: 'runtime', type: 'ordinal', sort: chart.runtimes, title: 'Node version (release order)', scale: { domain: chart.runtimes } };
  const color = { field: 'example', type: 'nominal', title: 'style', sort: chart.examples };
  const missing = notDrawn.map((why) => why.split(':')[0]);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    width: 560,
    height: 320,
    title: {
      text: 'DoxBee across Node versions',
      subtitle: [
        `${chart.scenario}, ${Object.entries(chart.params)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')}; on ${chart.machine ?? 'one machine'}.`,
        `Point: mean ${what} ÷ ${chart.baseline}'s on the same version; bar: 95% interval.`,
        'No second panel of CPU work: these runs do not count instructions (bench --measure instructions).',
        notDrawnNote(missing, { most: 3, what: 'points', reason: 'the example cannot run on that version' }),
      ].filter(Boolean),
    },
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
}

module.exports = { versionPoints, versionSpec };
