'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const util = require('node:util');
const { run, typeCheck, readmeBlock, ROOT } = require('./consumer');
const doxbee = require('../../examples/doxbee/model');
const { brokenLinks } = require('./links');

// The tarball npm would publish, installed by npm into an empty project as a
// user installs it, without the optional dependencies (--omit=optional
// --omit=peer; its dependencies from the registry, or npm's cache): it holds
// what a user imports and runs (require('asyncmark'), the examples, npx
// asyncmark bench) and not the repository's results (docs/results: a 5 MB
// page, a 5 MB runs file), tests or fixtures. Every command a user meets
// first works there (bench, report, verify, compare), or refuses in one line
// with the command that installs what it needs, exit code 2. The README's
// three ways of importing an example run, or type-check, there.
// A minute or two: its name ends .full.test.js, for npm run test:full.

const PACKAGE = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'package');

// What must not ship, and what must: the reason for each is the test's point.
// The results' pages and charts ship, so that the README's links and images
// resolve in the package (on the registry's file view, a CDN, node_modules);
// their runs (JSON lines, megabytes) do not.
function shipProblems(paths) {
  const problems = [];
  for (const prefix of ['test/', 'reports/', 'node_modules/']) {
    const found = paths.filter((p) => p.startsWith(prefix));
    if (found.length) problems.push(`${found.length} files under ${prefix}, e.g. ${found[0]}`);
  }
  const runs = paths.filter((p) => p.startsWith('docs/') && /\.jsonl?$/.test(p));
  if (runs.length) problems.push(`${runs.length} results files of runs, e.g. ${runs[0]}`);
  for (const needed of ['package.json', 'README.md', 'lib/index.js', 'bench/cli.js', 'examples/index.js', 'metrics/complexity.js', 'docs/README.md']) {
    if (!paths.includes(needed)) problems.push(`${needed} missing`);
  }
  return problems;
}

// Every relative link and image of the shipped Markdown that names no
// shipped file or heading. A link to a folder counts when the folder ships a file.
function brokenShippedLinks(paths, read) {
  const shipped = new Set(paths);
  const exists = (file) => shipped.has(file) || paths.some((p) => p.startsWith(`${file.replace(/\/$/, '')}/`));
  return brokenLinks(
    paths.filter((p) => p.endsWith('.md')),
    { read, exists },
  );
}

// The packages of `names` that a project's node_modules holds.
function installedOf(names, project) {
  return names.filter((name) => fs.existsSync(path.join(project, 'node_modules', name, 'package.json')));
}

describe('package: the packed tarball, installed by npm into an empty project', function () {
  // npm install fetches asyncmark's dependencies (about 100 packages) unless its cache has them.
  this.timeout(600000);
  let dir;
  let packed;
  let project;
  let install;

  before(async function () {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-pack-'));
    const packing = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], ROOT);
    assert.equal(packing.status, 0, packing.stderr);
    [packed] = JSON.parse(packing.stdout);
    project = path.join(dir, 'project');
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, 'package.json'), `${JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }, null, 2)}\n`);
    const tarball = path.join(dir, packed.filename);
    install = await run('npm', ['install', '--omit=optional', '--omit=peer', '--prefer-offline', '--no-audit', '--no-fund', tarball], project, {
      timeoutMs: 540000,
    });
    assert.equal(install.status, 0, install.stderr);
    // What a plain install costs a user, for the record (not asserted: it is the dependencies').
    const size = (folder) => run('du', ['-sm', folder], project).then(({ stdout }) => Number(stdout.split('\t')[0]));
    const [all, effect] = await Promise.all([size('node_modules'), size('node_modules/effect')]);
    process.stdout.write(`      installed: node_modules ${all} MB, of which effect ${effect} MB\n`);
  });

  after(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const write = (name, text) => {
    const file = path.join(project, name);
    fs.writeFileSync(file, text);
    return file;
  };
  const asyncmark = (args) => run(path.join(project, 'node_modules', '.bin', 'asyncmark'), args, project, { timeoutMs: 180000 });

  it('lists what a user needs and nothing of the results, tests or fixtures', () => {
    assert.deepEqual(shipProblems(packed.files.map((f) => f.path)), []);
  });

  it('planted: the check finds the runs shipped and lib missing', () => {
    const problems = shipProblems(['package.json', 'docs/results/runs.jsonl', 'docs/results/index.html', 'bench/cli.js']);
    assert.ok(problems.includes('1 results files of runs, e.g. docs/results/runs.jsonl'));
    assert.ok(problems.includes('lib/index.js missing'));
  });

  it('resolves every relative link and image of the README and the shipped docs to a file it ships', () => {
    const unpacked = path.join(project, 'node_modules', 'asyncmark');
    const paths = packed.files.map((f) => f.path);
    assert.ok(paths.includes('docs/results/README.md'));
    assert.deepEqual(
      brokenShippedLinks(paths, (page) => fs.readFileSync(path.join(unpacked, page), 'utf8')),
      [],
    );
  });

  it('planted: the check names an image that does not ship and a link to a missing page', () => {
    const pages = {
      'README.md': '![chart](docs/results/a.svg) [ok](docs/results/) [gone](docs/gone.md#x) [web](https://example.org/)',
      'docs/results/b.svg': '',
    };
    assert.deepEqual(
      brokenShippedLinks(Object.keys(pages), (page) => pages[page]),
      ['README.md: docs/results/a.svg', 'README.md: docs/gone.md#x'],
    );
  });

  it('installs none of the optional dependencies, and no @types/node', () => {
    assert.deepEqual(installedOf([...Object.keys(PACKAGE.peerDependencies), '@types/node'], project), []);
    assert.deepEqual(installedOf(['asyncmark', 'effect'], project), ['asyncmark', 'effect']);
    assert.doesNotMatch(install.stderr, /EBADENGINE/);
  });

  // What the README's CommonJS and ES module snippets print: the operations of one upload, in order.
  const OPERATIONS = `${util.inspect(['blob.create', 'db.begin', ...doxbee.path({ fileExists: false })])}\n`;

  it("runs the README's CommonJS snippet", async () => {
    const { status, stdout, stderr } = await run(process.execPath, [write('readme.cjs', readmeBlock('js', '// CommonJS'))], project);
    assert.equal(status, 0, stderr);
    assert.equal(stdout, OPERATIONS);
  });

  it("runs the README's ES module snippet", async () => {
    const { status, stdout, stderr } = await run(process.execPath, [write('readme.mjs', readmeBlock('js', '// ES module'))], project);
    assert.equal(status, 0, stderr);
    assert.equal(stdout, OPERATIONS);
  });

  it("type-checks the README's TypeScript snippet and the example consumers, strict, without @types/node", async () => {
    const declareConsole = 'declare const console: { log(...values: unknown[]): void };\n';
    write('readme.mts', declareConsole + readmeBlock('ts', "import { createIO, example, invoke, type Flavour, type Upload } from 'asyncmark';"));
    for (const fixture of ['example.mts', 'example.cts', 'example-type-error.mts']) fs.copyFileSync(path.join(FIXTURES, fixture), path.join(project, fixture));
    const check = await typeCheck({ dir: project, write }, ['readme.mts', 'example.mts', 'example.cts', 'example-type-error.mts']);
    assert.deepEqual(check.errorsOf('readme.mts'), [], check.output);
    assert.deepEqual(check.errorsOf('example.mts'), [], check.output);
    assert.deepEqual(check.errorsOf('example.cts'), [], check.output);
    // The planted consumer is rejected here too: the check type-checks.
    assert.equal(check.errorsOf('example-type-error.mts').length, 2, check.output);
  });

  it('npx asyncmark runs the installed bin', async () => {
    const { status, stdout, stderr } = await run('npx', ['--offline', 'asyncmark', '--version'], project);
    assert.equal(status, 0, stderr);
    assert.equal(stdout, `${PACKAGE.version}\n`);
  });

  it('npx asyncmark bench --test runs from the installed tarball', async () => {
    const { status, stdout, stderr } = await asyncmark([
      'bench',
      '--test',
      '--quiet',
      '--out',
      'runs.jsonl',
      '--examples',
      'promises-native,callbacks-original',
    ]);
    assert.equal(status, 0, stderr);
    assert.match(stdout, /^promises-native /m);
    assert.match(stdout, /^callbacks-original /m);
  });

  it('refuses --db pglite in one line with the command that installs PGlite, exit code 2', async () => {
    const { status, stdout, stderr } = await asyncmark(['bench', '--test', '--no-out', '--db', 'pglite']);
    assert.deepEqual(
      { status, stdout, stderr },
      {
        status: 2,
        stdout: '',
        stderr: `asyncmark: --db pglite needs @electric-sql/pglite: npm install @electric-sql/pglite@${PACKAGE.peerDependencies['@electric-sql/pglite']}\n`,
      },
    );
  });

  // Two small sessions of two examples, two runs a cell, for report and compare.
  const small = (file) => asyncmark(['bench', '-n', '10', '-r', '2', '-e', 'callbacks-original,promises-native', '-o', file, '--quiet']);

  it('bench -n 10 -r 2 measures two examples into a results file', async () => {
    for (const file of ['a.jsonl', 'b.jsonl']) {
      const { status, stdout, stderr } = await small(file);
      assert.equal(status, 0, stderr);
      assert.match(stdout, /^callbacks-original \(baseline\) +1× /m);
      assert.equal(fs.readFileSync(path.join(project, file), 'utf8').trim().split('\n').length, 4);
    }
  });

  it('report writes its markdown tables without the chart engine, and says in one line that charts need it', async () => {
    const { status, stdout, stderr } = await asyncmark(['report', '--in', 'a.jsonl,b.jsonl', '-o', 'report']);
    assert.equal(status, 0, stderr);
    assert.equal(stdout, `wrote ${path.join('report', 'README.md')}\n`);
    assert.equal(
      stderr,
      `asyncmark: warning: tables only: the charts need vega and vega-lite (npm install vega@${PACKAGE.peerDependencies.vega} vega-lite@${PACKAGE.peerDependencies['vega-lite']})\n`,
    );
    assert.match(fs.readFileSync(path.join(project, 'report', 'README.md'), 'utf8'), /^\| promises-native /m);
  });

  it('refuses report --format html in one line with the command that installs the chart engine, and writes nothing', async () => {
    const { status, stderr } = await asyncmark(['report', '--in', 'a.jsonl', '--out', 'page', '--format', 'html']);
    assert.equal(status, 2);
    assert.equal(
      stderr,
      `asyncmark: --format html needs vega and vega-lite: npm install vega@${PACKAGE.peerDependencies.vega} vega-lite@${PACKAGE.peerDependencies['vega-lite']}\n`,
    );
    assert.equal(fs.existsSync(path.join(project, 'page')), false);
  });

  it('compare compares the two results files', async () => {
    const { status, stdout, stderr } = await asyncmark(['compare', 'a.jsonl', 'b.jsonl']);
    assert.equal(status, 0, stderr);
    assert.match(stdout, /^promises-native /m);
  });

  it('verify passes an installed example file', async () => {
    const file = path.join('node_modules', 'asyncmark', 'examples', 'doxbee', 'async-await.js');
    const { status, stdout, stderr } = await asyncmark(['verify', file, '--io', 'promises']);
    assert.equal(status, 0, stderr);
    assert.match(stdout, /^(\d+) of \1 cases pass/m);
  });

  it('refuses --runtime chromium before running anything, in one line with the install command, exit code 2', async () => {
    const { status, stdout, stderr } = await asyncmark(['bench', '--scenario', 'fib', '--test', '--no-out', '--runtime', 'chromium']);
    const needed = ['puppeteer-core', 'esbuild'].map((name) => `${name}@${PACKAGE.peerDependencies[name]}`).join(' ');
    assert.deepEqual(
      { status, stdout, stderr },
      { status: 2, stdout: '', stderr: `asyncmark: --runtime chromium needs puppeteer-core and esbuild: npm install ${needed}\n` },
    );
  });

  it('refuses clean --db <url> in one line with the command that installs pg, exit code 2', async () => {
    const { status, stdout, stderr } = await asyncmark(['clean', '--db', 'postgres://someone@127.0.0.1:1/nowhere']);
    assert.deepEqual(
      { status, stdout, stderr },
      { status: 2, stdout: '', stderr: `asyncmark: clean --db needs pg: npm install pg@${PACKAGE.peerDependencies.pg}\n` },
    );
  });

  it('runs every other command: list, runtimes, complexity, clean, debuggability', async () => {
    for (const args of [['list'], ['runtimes'], ['complexity'], ['clean'], ['debuggability', '-e', 'promises-native', '--settings', 'none', '--quiet']]) {
      const { status, stdout, stderr } = await asyncmark(args);
      assert.equal(status, 0, `${args.join(' ')}: ${stderr}`);
      assert.notEqual(stdout, '', args.join(' '));
    }
  });

  it('imports an example by its path, by require and by import, streamline compiled on the way', async () => {
    const script = write(
      'examples.mjs',
      [
        "import { createRequire } from 'node:module';",
        'const require = createRequire(import.meta.url);',
        "const required = require('asyncmark/examples/doxbee/async-await');",
        "const imported = (await import('asyncmark/examples/doxbee/async-await')).default;",
        "const streamline = require('asyncmark/examples/doxbee/streamline');",
        'console.log(typeof required, required === imported, typeof streamline);',
      ].join('\n'),
    );
    const { status, stdout, stderr } = await run(process.execPath, [script], project);
    assert.equal(status, 0, stderr);
    assert.equal(stdout, 'function true function\n');
  });
});
