'use strict';

const fs = require('node:fs');
const path = require('node:path');

// The entries package.json's exports map must have for the examples, derived
// from the registries: each example file by its path without extension, with
// its problem's declaration (examples/<problem>/example.d.ts) as its types;
// one written in a syntax not every Node that engines allows runs (`needs`)
// goes through its guard in its problem's needs-syntax/, with and without
// extension, and so does one in a syntax no Node runs without its compiler
// (streamline's ._js). One its registry says cannot run (`unavailable`:
// fibrous, whose native module no longer builds) is left out on purpose
// (null, with and without extension): importing it would only fail to find
// its library.
// Other files under examples/ are reached by the map's patterns, untyped.

const ROOT = path.join(__dirname, '..', '..');

function relative(file) {
  return `./${path.relative(ROOT, file).split(path.sep).join('/')}`;
}

/**
 * @param {{ [problem: string]: { examples: { name: string, file: string, needs?: string, unavailable?: string }[] } }} registries
 * @returns {{ [key: string]: { types: string, default: string } | null }}
 */
function exampleExports(registries) {
  const entries = {};
  for (const [problem, registry] of Object.entries(registries)) {
    for (const entry of registry.examples) {
      const file = relative(entry.file);
      // Only a problem's own files: instrument registers one of doxbee's.
      if (!file.startsWith(`./examples/${problem}/`)) continue;
      const compiled = !file.endsWith('.js');
      const key = `./examples/${problem}/${path
        .relative(path.join(ROOT, 'examples', problem), entry.file)
        .split(path.sep)
        .join('/')
        .replace(/\.[^./]+$/, '')}`;
      const types = `./examples/${problem}/example.d.ts`;
      if (entry.unavailable) {
        entries[key] = null;
        entries[file] = null;
      } else if (entry.needs || compiled) {
        const guard = `./examples/${problem}/needs-syntax/${path.basename(key)}.js`;
        entries[key] = { types, default: guard };
        if (!compiled) entries[file] = { types, default: guard };
      } else {
        entries[key] = { types, default: file };
      }
    }
  }
  return entries;
}

/** What differs between the map's entries for examples and those derived: one line each. */
function exportsDifferences(exportsMap, expected) {
  const problems = [];
  for (const [key, target] of Object.entries(expected)) {
    if (!(key in exportsMap)) problems.push(`missing ${key}: ${JSON.stringify(target)}`);
    else if (JSON.stringify(exportsMap[key]) !== JSON.stringify(target))
      problems.push(`${key}: ${JSON.stringify(exportsMap[key])}, expected ${JSON.stringify(target)}`);
  }
  for (const [key, target] of Object.entries(exportsMap)) {
    const example = target === null || (typeof target === 'object' && 'types' in target);
    if (example && key.startsWith('./examples/') && !(key in expected)) problems.push(`stale ${key}`);
  }
  return problems;
}

module.exports = { exampleExports, exportsDifferences, fileExists: (target) => fs.existsSync(path.join(ROOT, target)) };
