'use strict';

/**
 * The first item of each key, in the items' order.
 * @param {object[]} items
 * @param {(item: object) => string} keyOf
 * @returns {object[]}
 */
function firstOfEach(items, keyOf) {
  const first = new Map();
  for (const item of items) if (!first.has(keyOf(item))) first.set(keyOf(item), item);
  return [...first.values()];
}

/**
 * One example of each way of doing I/O and of being called (io and call) among
 * a problem's examples: every adapter and calling convention, for the quick
 * tests that need not run all of them (the full ones run the rest).
 * @param {object[]} examples a problem's registered examples
 * @returns {{ names: string[], rest: string[] }} the first of each kind, and the others
 */
function oneOfEachKind(examples) {
  const names = firstOfEach(examples, (e) => `${e.io}/${e.call}`).map((e) => e.name);
  return { names, rest: examples.map((e) => e.name).filter((name) => !names.includes(name)) };
}

module.exports = { firstOfEach, oneOfEachKind };
