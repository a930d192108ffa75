'use strict';

const { FAMILIES } = require('../../registry');
const { registryOrder } = require('./colors');

// The style family of each example (callbacks, generators, promises,
// async-await, observables), for the small multiples. A report is built from
// results files only, so the family is looked up in the registries by problem
// and example; an example no registry knows is placed by its name's prefix.
// Pure: the registries are passed in.

const OTHER = 'other';

// A panel with more lines than this is a bundle again. Seven, so that
// DoxBee's 43 examples (each family with its cancellable variants) make 9
// panels, three rows of three, and a chart stays under 1,200 px tall.
const MAX_PER_PANEL = 7;

/**
 * @param {string | null} problem the results line's problem (its folder under examples/); null: any
 * @param {string} example
 * @param {object} registries as exported by examples/index.js
 * @returns {string} one of FAMILIES, or "other"
 */
function familyOf(problem, example, registries) {
  // Without a problem (a summary row names none), the first registry that has the example.
  const candidates = Object.values(registries).filter((r) => problem == null || r.problem === problem);
  const entry = candidates.map((r) => r.examples.find((e) => e.name === example)).find(Boolean);
  if (entry && entry.family) return entry.family;
  // The longest family name that prefixes the example: "async-await-x" is
  // async-await, not async.
  const prefix = [...FAMILIES].sort((a, b) => b.length - a.length).find((f) => example === f || example.startsWith(`${f}-`));
  return prefix ?? OTHER;
}

function familyRank(family) {
  const index = FAMILIES.indexOf(family);
  return index >= 0 ? index : FAMILIES.length;
}

/**
 * The panels of a small-multiples chart: one per family, in FAMILIES order
 * (others last), examples in registry order; a family with more than `max`
 * examples is split into panels of at most `max`.
 * @param {Array<{ problem, example }>} items one per example
 * @returns {Array<{ title: string, family: string, examples: string[] }>}
 */
function familyPanels(items, registries, max = MAX_PER_PANEL) {
  const order = registryOrder(registries);
  const rank = (name) => (order.includes(name) ? order.indexOf(name) : order.length);
  const byFamily = new Map();
  for (const { problem, example } of items) {
    const family = familyOf(problem, example, registries);
    if (!byFamily.has(family)) byFamily.set(family, new Set());
    byFamily.get(family).add(example);
  }
  const families = [...byFamily.keys()].sort((a, b) => familyRank(a) - familyRank(b) || a.localeCompare(b));
  const panels = [];
  for (const family of families) {
    const examples = [...byFamily.get(family)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    const parts = Math.ceil(examples.length / max);
    // Even parts: 7 examples make panels of 4 and 3, not 6 and 1.
    const size = Math.ceil(examples.length / parts);
    for (let i = 0; i < parts; i++) {
      panels.push({
        title: parts > 1 ? `${family} (${i + 1} of ${parts})` : family,
        family,
        examples: examples.slice(i * size, (i + 1) * size),
      });
    }
  }
  return panels;
}

/** An example's name in its family's panel: without the family's prefix, which the panel's title gives. */
function shortName(example, family) {
  return example.startsWith(`${family}-`) ? example.slice(family.length + 1) : example;
}

module.exports = { MAX_PER_PANEL, familyOf, familyPanels, shortName };
