'use strict';

const show = require('../display');
const { cellsAt } = require('../sections/cells');
const { exampleColorEncoding } = require('./colors');
const { placeLabels } = require('./label-layout');
const { CONFIG, DETAIL, isFinitePositive, ratioDomain, ratioTicks, notDrawnNote, placedLabelLayers } = require('./vega');
const narrow = require('./narrow');

// What slicing buys and what it costs, for a scenario of the compute driver at
// one parameter set: one point per example, across how late the 1 ms
// heartbeat fired meanwhile (p99: how long other work waits), up its time per
// call relative to the baseline (the throughput lost), both on log axes. A
// computation that never yields sits far right; a slicer that yields on every
// call sits left but high. Each point is named beside it, placed in pixels by
// label-layout.js so that no name covers another or a point; the scales
// therefore have fixed domains. Pure.

const WIDTH = 520;
const HEIGHT = 340;
const NAME_FONT = 11;
// The phone's layout: a smaller plot, as wide as leaves room in the page for
// the y axis's longest label and half the x axis's last, the axes' titles
// wrapped, and every name placed within the plot's width by Vega's own
// estimate of its text (0.8 em a character), for Vega sizes the picture by it.
const NARROW = { room: 270, height: 280, placing: { charWidth: 0.8, overhang: 0 } };

// A tick of the phone's y axis in fewer characters, 100000 as 100k: a slicer
// tens of thousands of times slower than sync took the room of a long name.
function shortTick(value) {
  if (value >= 1e6) return `${value / 1e6}M`;
  if (value >= 1e3) return `${value / 1e3}k`;
  return String(value);
}

// The axis's labelExpr for those ticks: each shortened one as shortTick writes
// it, the text the layout sized the axis by; the others as every axis here.
function shortTickExpr(values) {
  return values
    .filter((value) => value >= 1e3)
    .reduceRight((rest, value) => `datum.value === ${value} ? ${JSON.stringify(shortTick(value))} : ${rest}`, "format(datum.value, '~g')");
}

// Pixels from the left, and from the top as SVG counts them.
function logPosition([d0, d1], size) {
  return (value) => ((Math.log(value) - Math.log(d0)) / (Math.log(d1) - Math.log(d0))) * size;
}

// 1, 2 and 5 in every decade, or only the powers of ten across more than four
// decades: ratioTicks stops at 0.01 and 1000, and a setTimeout slicer is
// tens of thousands of times slower than sync.
function decadeTicks([low, high]) {
  const steps = Math.log10(high / low) > 4 ? [1] : [1, 2, 5];
  const ticks = [];
  for (let e = Math.floor(Math.log10(low)); e <= Math.ceil(Math.log10(high)); e++) {
    for (const step of steps) ticks.push(Number((step * 10 ** e).toPrecision(1)));
  }
  return ticks.filter((v) => v >= low && v <= high);
}

function logTicks(domain) {
  return domain[0] >= 0.01 && domain[1] <= 1000 ? ratioTicks(...domain) : decadeTicks(domain);
}

/**
 * The points in pixels with their names placed.
 * @param {object[]} cells every summarized cell
 * @param {{ env, scenario, params, baseline: string }} at
 * @param {{ narrow?: boolean }} layout narrow: the phone's layout (NARROW)
 * @returns {{ points, labels, xDomain, yDomain, notDrawn: string[], width, height }} labels: see
 *   label-layout.placeLabels; width and height: the plot's
 */
function responsivenessLayout(cells, at, { narrow: phone = false } = {}) {
  const points = [];
  const notDrawn = [];
  for (const cell of cellsAt(cells, at)) {
    const lateness = cell.extra?.latenessP99Ms;
    const ratio = cell.ratio?.ratio;
    if (isFinitePositive(lateness) && isFinitePositive(ratio)) {
      points.push({ example: cell.example, kind: cell.example === at.baseline ? 'baseline' : 'example', lateness, ratio });
    } else {
      notDrawn.push(cell.time ? cell.example : `${cell.example} (${show.statusLabel(cell.status)})`);
    }
  }
  // The heartbeat's own period, 1 ms, stays on the lateness axis as a yardstick.
  const xDomain = ratioDomain(
    points.map((p) => p.lateness),
    1.3,
  );
  const yDomain = ratioDomain(
    points.map((p) => p.ratio),
    1.3,
  );
  const axisLabel = (texts) => Math.max(...texts.map((text) => text.length)) * NAME_FONT * 0.8;
  const yLabels = logTicks(yDomain).map((v) => `${phone ? shortTick(v) : v}×`);
  const width = phone ? Math.floor(NARROW.room - axisLabel(yLabels) - axisLabel(logTicks(xDomain).slice(-1).map(String)) / 2) : WIDTH;
  const height = phone ? NARROW.height : HEIGHT;
  const px = logPosition(xDomain, width);
  const py = logPosition(yDomain, height);
  points.sort((a, b) => a.ratio - b.ratio || a.example.localeCompare(b.example));
  for (const p of points) {
    p.x = px(p.lateness);
    p.y = height - py(p.ratio);
    p.label = p.kind === 'baseline' ? `${p.example} (baseline)` : p.example;
    p.description = `${p.example}${DETAIL}p99 lateness ${show.ms(p.lateness)}${DETAIL}${show.ratio(p.ratio)} ${at.baseline}'s time`;
  }
  const labels = placeLabels(
    points.map((p) => ({ key: p.example, text: p.label, x: p.x, y: p.y })),
    { width, height, fontSize: NAME_FONT, ...(phone ? NARROW.placing : {}) },
  ).map((label, i) => ({ ...label, example: points[i].example, description: points[i].description }));
  return { points, labels, xDomain, yDomain, notDrawn: notDrawn.sort(), width, height };
}

// "The baseline, sync, never yields: …", when its registry entry says so.
function baselineNote(cells, at, registries) {
  const problem = cells.find((c) => c.scenario === at.scenario)?.problem;
  const entry = registries?.[problem]?.examples?.find((e) => e.name === at.baseline);
  return entry && entry.yields === false ? `The baseline, ${at.baseline}, never yields: it blocks for a whole call.` : null;
}

/**
 * @param {object[]} cells every summarized cell
 * @param {{ env, scenario, params, baseline: string, envLabel?: string }} at
 * @param {{ colors: Map<string, string>, drivers: object, registries?: object }} look
 * @param {{ narrow?: boolean }} layout narrow: the phone's layout (NARROW)
 * @returns {object | null} a Vega-Lite spec (usermeta.points and usermeta.labels in pixels),
 *   or null when no example but the baseline can be drawn
 */
function responsivenessSpec(cells, at, { colors, drivers, registries }, { narrow: phone = false } = {}) {
  const { points, labels, xDomain, yDomain, notDrawn, ...plot } = responsivenessLayout(cells, at, { narrow: phone });
  if (!points.some((p) => p.kind === 'example')) return null;
  const what = drivers[cells.find((c) => c.scenario === at.scenario)?.driver]?.time.title ?? 'time per call';
  const color = exampleColorEncoding(
    points.map((p) => p.example),
    colors,
  );
  const label = "format(datum.value, '~g')";
  const xTitle = 'heartbeat lateness p99, ms: how long other work waits';
  const yTitle = `${what} ÷ ${at.baseline}'s: throughput lost`;
  const x = {
    field: 'lateness',
    type: 'quantitative',
    title: phone ? narrow.axisTitle(xTitle, plot.width) : xTitle,
    scale: { type: 'log', domain: xDomain, nice: false },
    axis: { values: logTicks(xDomain), labelExpr: label },
  };
  // A short title: Vega overestimates text, and a rotated title taller than
  // the plot would push the plot down.
  const y = {
    field: 'ratio',
    type: 'quantitative',
    title: phone ? narrow.axisTitle(yTitle, plot.height) : yTitle,
    scale: { type: 'log', domain: yDomain, nice: false },
    axis: { values: logTicks(yDomain), labelExpr: `(${phone ? shortTickExpr(logTicks(yDomain)) : label}) + '×'` },
  };
  const description = { field: 'description' };
  // Each name outlined in white, so that the rule at 1 and the grid stop short of its letters.
  const placed = placedLabelLayers(labels, { fontSize: NAME_FONT, color, description, outline: true });
  const text = `${at.scenario}: what slicing buys and what it costs`;
  const subtitle = [
    show.params(at.params),
    at.envLabel,
    at.pooling ?? null,
    // Short lines: Vega overestimates text, and a long line widens the picture.
    'Lower left is best: fast and responsive. Both axes log.',
    baselineNote(cells, at, registries),
    notDrawnNote(notDrawn, { most: 3, what: 'examples', reason: 'no lateness or no ratio' }),
  ].filter(Boolean);
  return {
    title: narrow.chartTitle(text, subtitle, { narrow: phone }),
    width: plot.width,
    height: plot.height,
    usermeta: { points, labels },
    layer: [
      {
        // The baseline's time: points above it are slower.
        data: { values: [{ one: 1 }] },
        mark: { type: 'rule', color: '#555', strokeWidth: 1.5 },
        encoding: { y: { field: 'one', type: 'quantitative' } },
      },
      placed.leaders,
      {
        data: { values: points },
        mark: { type: 'point', filled: true, opacity: 1 },
        encoding: {
          x,
          y,
          color,
          // The baseline a diamond, as in the forest plot.
          shape: { field: 'kind', type: 'nominal', scale: { domain: ['baseline', 'example'], range: ['diamond', 'circle'] }, legend: null },
          size: { value: 95 },
          description,
        },
      },
      ...placed.texts,
    ],
    config: CONFIG,
  };
}

module.exports = { WIDTH, HEIGHT, responsivenessLayout, responsivenessSpec };
