'use strict';

// One colour per example, the same in every chart and table of a report. Known
// examples take their colour from their place in the registries (every problem,
// in order, a name counted once; no two examples of a problem alike), so
// callbacks-original is the same colour in every report; names no registry knows take the next free colours, in
// alphabetical order. Pure: the registries are passed in.

// Dark enough to read as text on white, and ordered so that neighbours differ
// in hue: the registries list a family's examples together, and a family's
// examples share a panel of the small multiples.
const PALETTE = [
  '#222222', // near-black
  '#1f77b4', // blue
  '#e8710a', // orange
  '#2ca02c', // green
  '#d62728', // red
  '#9467bd', // purple
  '#8c564b', // brown
  '#e377c2', // pink
  '#0f9fb0', // cyan
  '#9a9a00', // olive
  '#3f51b5', // indigo
  '#66a61e', // lime
  '#a0004f', // wine
  '#c99700', // gold
  '#6a3d9a', // violet
  '#ff7f00', // bright orange
  '#00796b', // teal
  '#e7298a', // magenta
  '#0d3b82', // navy
  '#a6761d', // ochre
  '#4d9221', // moss
  '#c51b7d', // raspberry
  '#5c6bc0', // periwinkle
  '#b35806', // rust
  '#006064', // dark cyan
  '#827717', // dark olive
  '#4a148c', // deep purple
  '#bf360c', // brick
  '#37474f', // slate
  '#558b2f', // leaf
  '#ad1457', // deep pink
  '#1565c0', // strong blue
  '#ef6c00', // amber
  '#2e7d32', // forest
  '#6d4c41', // cocoa
  '#7b1fa2', // plum
  '#00897b', // jade
  '#9e9d24', // olive green
  // More for the cancellable variants (issue 36), in the same spirit.
  '#283593', // ink blue
  '#d84315', // vermilion
  '#1b5e20', // pine
  '#880e4f', // claret
  '#0277bd', // sea blue
  '#795548', // umber
  '#8e24aa', // orchid
  '#00838f', // petrol
  // More for Effection and its cancellable variant (structured concurrency).
  '#f9a825', // mustard
  '#311b92', // midnight violet
];

// The grey of what is drawn for reference only (the baseline in other panels).
const REFERENCE_GREY = '#9e9e9e';

/** Every example name the registries know, first appearance first. */
function registryOrder(registries) {
  const names = [];
  for (const registry of Object.values(registries)) {
    for (const entry of registry.examples ?? []) if (!names.includes(entry.name)) names.push(entry.name);
  }
  return names;
}

/**
 * The colour of every name the registries know: the next colour of the
 * palette for each new name, in registry order, skipping the colours already
 * taken by the other examples of the same problem (a chart shows one
 * problem's examples; a name shared by two problems keeps its first colour).
 */
function registryColors(registries) {
  const colors = new Map();
  let next = 0;
  for (const registry of Object.values(registries)) {
    const names = (registry.examples ?? []).map((entry) => entry.name);
    const taken = new Set(names.filter((name) => colors.has(name)).map((name) => colors.get(name)));
    for (const name of names) {
      if (colors.has(name)) continue;
      let color = PALETTE[next % PALETTE.length];
      for (let tries = 0; taken.has(color) && tries < PALETTE.length; tries++) color = PALETTE[++next % PALETTE.length];
      next++;
      colors.set(name, color);
      taken.add(color);
    }
  }
  return colors;
}

/**
 * The colour of every example named.
 * @param {Iterable<string>} names the examples a report shows
 * @param {object} registries as exported by examples/index.js
 * @returns {Map<string, string>} name to '#rrggbb'
 */
function exampleColors(names, registries) {
  const known = registryColors(registries);
  const colors = new Map();
  for (const name of names) if (known.has(name)) colors.set(name, known.get(name));
  const unknown = [...new Set(names)].filter((name) => !colors.has(name)).sort();
  unknown.forEach((name, i) => colors.set(name, PALETTE[(known.size + i) % PALETTE.length]));
  return colors;
}

/**
 * A Vega-Lite colour scale that gives `examples` their report colours.
 * @param {string[]} examples in legend order
 * @param {Map<string, string>} colors from exampleColors
 */
function colorScale(examples, colors) {
  return { domain: [...examples], range: examples.map((name) => colors.get(name) ?? REFERENCE_GREY) };
}

/**
 * The colour encoding of a chart whose marks are examples: each in its report
 * colour, with no legend (the chart names its rows or labels its points).
 * @param {string[]} examples in the chart's order
 * @param {Map<string, string>} colors from exampleColors
 */
function exampleColorEncoding(examples, colors) {
  return { field: 'example', type: 'nominal', scale: colorScale(examples, colors), legend: null };
}

// The runtimes of a report, one colour and one shape each: hues apart from one
// another, in the order the report lists the runtimes (Node oldest first, then
// the others). Twelve colours and seven shapes: past twelve runtimes a colour
// comes back, but never with the same shape before the 84th.
const RUNTIME_PALETTE = ['#1f77b4', '#e8710a', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#0f9fb0', '#9a9a00', '#e377c2', '#222222', '#3f51b5', '#a0004f'];
const RUNTIME_SHAPES = ['circle', 'square', 'triangle-up', 'diamond', 'triangle-down', 'cross', 'triangle-right'];

function runtimeLooks(labels, list) {
  const looks = new Map();
  for (const label of labels) if (!looks.has(label)) looks.set(label, list[looks.size % list.length]);
  return looks;
}

/**
 * The colour of every runtime named, the same in every chart of a report.
 * @param {string[]} labels runtime labels ("node v26.10.0", "bun 1.4.5") in the report's order
 * @returns {Map<string, string>} label to '#rrggbb'
 */
function runtimeColors(labels) {
  return runtimeLooks(labels, RUNTIME_PALETTE);
}

/**
 * The shape of every runtime named, in the same order as runtimeColors: a
 * series is told apart by its shape where colours are hard to tell apart.
 * @param {string[]} labels
 * @returns {Map<string, string>} label to a Vega shape name
 */
function runtimeShapes(labels) {
  return runtimeLooks(labels, RUNTIME_SHAPES);
}

module.exports = { PALETTE, REFERENCE_GREY, RUNTIME_PALETTE, registryOrder, exampleColors, colorScale, exampleColorEncoding, runtimeColors, runtimeShapes };
