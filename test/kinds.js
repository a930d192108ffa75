'use strict';

/**
 * One example of each way of doing I/O and of being called (io and call) among
 * a problem's examples: every adapter and calling convention, for the quick
 * tests that need not run all of them (the full ones run the rest).
 * @param {object[]} examples a problem's registered examples
 * @returns {{ names: string[], rest: string[] }} the first of each kind, and the others
 */
function oneOfEachKind(examples) {
  const first = new Map();
  for (const e of examples) if (!first.has(`${e.io}/${e.call}`)) first.set(`${e.io}/${e.call}`, e.name);
  const names = [...first.values()];
  return { names, rest: examples.map((e) => e.name).filter((name) => !names.includes(name)) };
}

module.exports = { oneOfEachKind };
