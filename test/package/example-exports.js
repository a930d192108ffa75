'use strict';

const fs = require('node:fs');
const path = require('node:path');

// The entries package.json's exports map must have for the examples, derived
// from the registries: each example file by its path without extension, with
// its problem's declaration (examples/<problem>/example.d.ts) as its types;
// one written in a syntax not every Node that engines allows runs (`needs`)
// goes through its guard in its problem's needs-syntax/, with and without
// extension.
// Other files under examples/ are reached by the map's patterns, untyped.

const ROOT = path.join(__dirname, '..', '..');

function relative(file) {
  return `./${path.relative(ROOT, file).split(path.sep).join('/')}`;
}

/**
 * @param {{ [problem: string]: { examples: { file: string, needs?: string }[] } }} registries
 * @returns {{ [key: string]: { types: string, default: string } }}
 */
function exampleExports(registries) {
  const entries = {};
  for (const [problem, registry] of Object.entries(registries)) {
    for (const entry of registry.examples) {
      const file = relative(entry.file);
      // Only a problem's own .js files: instrument registers one of doxbee's, and streamline's source is ._js.
      if (!file.startsWith(`./examples/${problem}/`) || !file.endsWith('.js')) continue;
      const key = file.slice(0, -'.js'.length);
      const types = `./examples/${problem}/example.d.ts`;
      if (entry.needs) {
        const guard = `./examples/${problem}/needs-syntax/${path.basename(file)}`;
        entries[key] = { types, default: guard };
        entries[file] = { types, default: guard };
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
    if (typeof target === 'object' && 'types' in target && key.startsWith('./examples/') && !(key in expected)) problems.push(`stale ${key}`);
  }
  return problems;
}

module.exports = { exampleExports, exportsDifferences, fileExists: (target) => fs.existsSync(path.join(ROOT, target)) };
