'use strict';

// The machinery knows no problem, scenario or driver by name: a problem is a
// folder under examples/ and a driver a folder under lib/drivers/, and
// everything particular to either is there. This test reads every source file
// of lib/, bench/ and metrics/ and fails on a string that names a discovered
// problem, scenario or driver outside its own folder. A planted file proves
// it can fail.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const espree = require('espree');
const { problems, scenarios } = require('../lib/problems');
const drivers = require('../lib/drivers');

const ROOT = path.join(__dirname, '..');
const GENERIC = ['lib', 'bench', 'metrics'];
// Files that may name them, and why.
const EXEMPT = {
  // The recipe of this repository's docs/results: the steps it runs, by scenario.
  'bench/docs-pipeline.js': 'all',
  // Results lines of the first format (run@1) had no driver: they were all batch runs.
  'lib/results/index.js': ['batch'],
  // Its --workload takes the value compute (fib per request): a word, not the driver.
  'lib/drivers/http-load/index.js': ['compute'],
};

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.js') ? [file] : [];
  });
}

// A string names X when it is X, or when X has a hyphen (a scenario's name,
// never a word of prose) and stands in it as a word. Comments may mention
// anything: they are not knowledge the code acts on.
function namesIn(source, names) {
  const tokens = espree.tokenize(source, { ecmaVersion: 'latest', sourceType: 'script' });
  const found = new Set();
  for (const token of tokens) {
    if (token.type !== 'String' && token.type !== 'Template') continue;
    const text = token.type === 'String' ? token.value.slice(1, -1) : token.value.replace(/^[`}]|(\$\{|`)$/g, '');
    for (const name of names) {
      if (text === name) found.add(name);
      else if (name.includes('-') && new RegExp(`(^|[^\\w-])${name}($|[^\\w-])`).test(text)) found.add(name);
    }
  }
  return [...found];
}

describe('generic modules', () => {
  const names = [...new Set([...problems().map((p) => p.name), ...Object.keys(scenarios()), ...Object.keys(drivers)])];

  it('name no problem, scenario or driver outside its folder', () => {
    const offenders = GENERIC.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
      .map((file) => path.relative(ROOT, file))
      .filter((file) => EXEMPT[file] !== 'all')
      .map((file) => {
        // A driver's folder may name its driver.
        const own = Object.keys(drivers).filter((name) => file.startsWith(`lib/drivers/${name}/`));
        const allowed = [...own, ...(EXEMPT[file] ?? [])];
        const named = namesIn(fs.readFileSync(path.join(ROOT, file), 'utf8'), names).filter((name) => !allowed.includes(name));
        return { file, named };
      })
      .filter((hit) => hit.named.length > 0)
      .map((hit) => `${hit.file}: ${hit.named.join(', ')}`);
    assert.deepEqual(offenders, []);
  });

  it('fail on a planted name', () => {
    const planted = fs.readFileSync(path.join(__dirname, 'fixtures', 'generic', 'names-a-problem.js'), 'utf8');
    assert.deepEqual(namesIn(planted, names).sort(), ['compute', 'doxbee', 'doxbee-sequential']);
  });
});
