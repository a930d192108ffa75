'use strict';

// The machinery knows no problem, scenario or driver by name: a problem is a
// folder under examples/ and a driver a folder under lib/drivers/, and
// everything particular to either is there. This test reads every source file
// of lib/, bench/ and metrics/ and fails on a string that names a discovered
// problem, scenario or driver outside its own folder. The modules that are
// handed their drivers (the runner's parent side, the results file, the
// summary) never import the drivers' registry, and no source file is longer
// than one job needs. A planted file proves each rule can fail.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
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

function sourceFiles(dir, ending = /\.js$/) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file, ending);
    return ending.test(entry.name) ? [file] : [];
  });
}

// Handed the drivers' declarations by their caller, never importing them:
// the runner's parent side runs the one driver it is handed, the results
// reader and the summary read the runs of the drivers they are given.
const HANDED_DRIVERS = ['lib/runner', 'lib/results', 'lib/summary.js'];
const DRIVERS_DIR = path.join(ROOT, 'lib', 'drivers');

// What a source requires (a literal require() or import) that resolves into
// lib/drivers/, the registry, its discovery or a driver's folder, as written.
function driverImports(source, file) {
  const tokens = espree.tokenize(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const specifiers = [];
  tokens.forEach((token, i) => {
    if (token.type !== 'String') return;
    const before = tokens[i - 1];
    const required = before && before.value === '(' && tokens[i - 2] && tokens[i - 2].value === 'require';
    const imported = before && (before.value === 'from' || before.value === 'import');
    if (required || imported) specifiers.push(token.value.slice(1, -1));
  });
  return specifiers.filter((specifier) => {
    if (!specifier.startsWith('.')) return false;
    const target = path.resolve(path.dirname(file), specifier);
    return target === DRIVERS_DIR || target.startsWith(`${DRIVERS_DIR}${path.sep}`);
  });
}

// No source file under lib/, bench/, metrics/, examples/ or test/ is longer
// than this: past it, a file does more than one job. Data (JSON) is not a
// source file.
const MOST_LINES = 450;
const SOURCE_DIRS = [...GENERIC, 'examples', 'test'];
const linesOf = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

// The source files under `dirs` (relative to `root`) longer than MOST_LINES, each with its length.
function longFiles(root, dirs) {
  return dirs
    .flatMap((dir) => sourceFiles(path.join(root, dir), /\.[cm]?[jt]s$/))
    .map((file) => ({ file: path.relative(root, file), lines: linesOf(fs.readFileSync(file, 'utf8')) }))
    .filter((hit) => hit.lines > MOST_LINES)
    .map((hit) => `${hit.file}: ${hit.lines} lines`);
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

  it("never import the drivers' registry where the drivers are handed in (lib/runner, lib/results, lib/summary.js)", () => {
    const files = HANDED_DRIVERS.flatMap((entry) => {
      const full = path.join(ROOT, entry);
      return fs.statSync(full).isDirectory() ? sourceFiles(full) : [full];
    });
    assert.ok(files.length > 10, `read ${files.length} files`);
    const offenders = files
      .map((file) => ({ file: path.relative(ROOT, file), imports: driverImports(fs.readFileSync(file, 'utf8'), file) }))
      .filter((hit) => hit.imports.length > 0)
      .map((hit) => `${hit.file}: ${hit.imports.join(', ')}`);
    assert.deepEqual(offenders, []);
  });

  it('fail on a planted import of the drivers', () => {
    const planted = fs.readFileSync(path.join(__dirname, 'fixtures', 'generic', 'imports-the-drivers.js'), 'utf8');
    const as = path.join(ROOT, 'lib', 'runner', 'planted.js');
    assert.deepEqual(driverImports(planted, as), ['../drivers', '../drivers/discover.js', '../drivers/batch']);
  });

  it(`no source file under ${SOURCE_DIRS.join(', ')} is over ${MOST_LINES} lines`, () => {
    assert.deepEqual(longFiles(ROOT, SOURCE_DIRS), []);
  });

  it('fail on a planted long file, and only on it', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-long-'));
    try {
      fs.mkdirSync(path.join(root, 'lib', 'deep'), { recursive: true });
      const lines = (count) => 'x;\n'.repeat(count);
      fs.writeFileSync(path.join(root, 'lib', 'deep', 'long.js'), lines(MOST_LINES + 1));
      fs.writeFileSync(path.join(root, 'lib', 'types.d.ts'), lines(MOST_LINES + 1));
      fs.writeFileSync(path.join(root, 'lib', 'full.js'), lines(MOST_LINES));
      fs.writeFileSync(path.join(root, 'lib', 'no-newline.js'), lines(MOST_LINES).slice(0, -1));
      fs.writeFileSync(path.join(root, 'lib', 'data.json'), lines(2 * MOST_LINES));
      assert.deepEqual(longFiles(root, ['lib']).sort(), [`lib/deep/long.js: ${MOST_LINES + 1} lines`, `lib/types.d.ts: ${MOST_LINES + 1} lines`]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('fail on a planted name', () => {
    const planted = fs.readFileSync(path.join(__dirname, 'fixtures', 'generic', 'names-a-problem.js'), 'utf8');
    assert.deepEqual(namesIn(planted, names).sort(), ['compute', 'doxbee', 'doxbee-sequential']);
  });
});
