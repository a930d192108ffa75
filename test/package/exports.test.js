'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { createConsumer, run, ROOT } = require('./consumer');
const asyncmark = require('../../lib');
const doxbee = require('../../examples/doxbee/model');
const registries = require('../../examples');
const { lacking } = require('../../lib/runtimes/syntax');
const { exampleExports, exportsDifferences } = require('./example-exports');

// The package as its users get it: the exports map (package.json) with its
// ES module entry (lib/index.mjs) beside the CommonJS one, every example file
// importable by its path, the bin, and what npm would publish. Consumers run
// in child processes from a folder where asyncmark is installed.

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'package');
const PACKAGE = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

// The names an ES module exports that the CommonJS API lacks, and the other
// way round; the default export is the CommonJS object itself.
function exportDifferences(cjs, esm) {
  const esmNames = Object.keys(esm).filter((name) => name !== 'default');
  const cjsNames = Object.keys(cjs);
  return {
    notInEsm: cjsNames.filter((name) => !esmNames.includes(name)),
    notInCjs: esmNames.filter((name) => !cjsNames.includes(name)),
  };
}

// Every file under a folder, as paths relative to it with forward slashes.
function filesUnder(dir, prefix = '') {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = `${prefix}${entry.name}`;
    return entry.isDirectory() ? filesUnder(path.join(dir, entry.name), `${relative}/`) : [relative];
  });
}

// What is wrong with how the exports map's entries loaded: an entry whose
// require or import failed, unless it is a guard of a syntax this Node lacks
// that says so; a null entry whose example the registry does not call unavailable.
function entryProblems(exportsMap, results, registries) {
  const problems = [];
  const entryOf = (key) => {
    const [, problem, name] = /^\.\/examples\/([^/]+)\/(.+?)(\.js)?$/.exec(key) ?? [];
    return registries[problem]?.examples.find((entry) => entry.name === name.split('/').pop());
  };
  for (const [key, target] of Object.entries(exportsMap)) {
    if (key.includes('*')) continue;
    if (target === null) {
      if (!entryOf(key)?.unavailable) problems.push(`${key}: left out (null), but its registry entry does not say it cannot run`);
      continue;
    }
    for (const how of ['require', 'import']) {
      const outcome = results[key]?.[how] ?? 'not tried';
      const entry = entryOf(key);
      const guarded = entry?.needs && lacking(entry.needs, null) && outcome === `Error: ${entry.name} ${lacking(entry.needs, null)}`;
      if (outcome !== 'loads' && !guarded) problems.push(`${key}: ${how}: ${outcome}`);
    }
  }
  return problems;
}

describe('package: exports', function () {
  let consumer;

  before(function () {
    consumer = createConsumer();
  });

  after(() => consumer?.remove());

  describe('the ES module entry', function () {
    it('exports the names of the CommonJS API, each the same object, and the API as its default', async function () {
      const esm = await import(path.join(ROOT, 'lib', 'index.mjs'));
      assert.deepEqual(exportDifferences(asyncmark, esm), { notInEsm: [], notInCjs: [] });
      for (const name of Object.keys(asyncmark)) assert.equal(esm[name], asyncmark[name], name);
      assert.equal(esm.default, asyncmark);
    });

    it('the check names an export the ES module lacks (planted: lib/index.mjs without MODELS_BY_PROBLEM)', async function () {
      const planted = await import(path.join(FIXTURES, 'esm-missing-export.mjs'));
      assert.deepEqual(exportDifferences(asyncmark, planted), { notInEsm: ['MODELS_BY_PROBLEM'], notInCjs: [] });
    });
  });

  describe('consumers in their own processes', function () {
    // What one consumer printed: an upload, then one whose commit fails.
    async function consume(fixture) {
      const file = consumer.copy(path.join(FIXTURES, fixture));
      const result = await run(process.execPath, [file], consumer.dir);
      assert.equal(result.status, 0, result.stderr);
      return JSON.parse(result.stdout.trim().split('\n').pop());
    }

    const PATH = ['blob.create', 'db.begin', ...doxbee.path({ fileExists: false })];

    for (const fixture of ['consumer.mjs', 'consumer.cjs']) {
      it(`${fixture}: imports createIO, example and an example's file by name, and runs it against the simulated I/O`, async function () {
        const { ok, failed, sameModule } = await consume(fixture);
        assert.deepEqual(ok, { error: null, calls: PATH });
        assert.deepEqual(failed, { error: 'tx.commit failed (injected callback fault)', calls: PATH });
        assert.equal(sameModule, true, 'asyncmark/examples/doxbee/async-await is the file example() loads');
      });
    }

    it('without the ES module entry, an ES module could not import createIO by name (why lib/index.mjs exists)', async function () {
      const file = consumer.write('direct.mjs', `import { createIO } from ${JSON.stringify(path.join(ROOT, 'lib', 'index.js'))};\n`);
      const result = await run(process.execPath, [file], consumer.dir);
      assert.notEqual(result.status, 0);
      assert.match(result.stderr, /Named export 'createIO' not found|does not provide an export named 'createIO'/);
    });
  });

  describe('paths', function () {
    const EXAMPLES = path.join(ROOT, 'examples');

    it('resolves every file under examples/ by its path, and a .js file also without its extension', function () {
      // Declarations are TypeScript's, which finds them through the map's types conditions.
      const files = filesUnder(EXAMPLES).filter((file) => !file.endsWith('.d.ts'));
      assert.ok(files.length > 50);
      const derived = exampleExports(registries);
      const guarded = new Set(Object.keys(derived).filter((key) => key.endsWith('.js') && derived[key] !== null));
      // An example left out of the map on purpose (its registry says it cannot run) resolves to nothing.
      const absent = new Set(Object.keys(derived).filter((key) => derived[key] === null));
      for (const file of files) {
        if (absent.has(`./examples/${file}`)) {
          assert.throws(() => consumer.resolve(`asyncmark/examples/${file}`), { code: 'ERR_PACKAGE_PATH_NOT_EXPORTED' }, file);
          continue;
        }
        const absolute = guarded.has(`./examples/${file}`)
          ? path.join(EXAMPLES, path.dirname(file), 'needs-syntax', path.basename(file))
          : path.join(EXAMPLES, file);
        assert.equal(consumer.resolve(`asyncmark/examples/${file}`), absolute, file);
        if (file.endsWith('.js')) assert.equal(consumer.resolve(`asyncmark/examples/${file.slice(0, -3)}`), absolute, file);
      }
    });

    it("gives every example its problem's declaration, and one in a newer syntax its guard (derived from the registries)", function () {
      const expected = exampleExports(registries);
      assert.ok(Object.keys(expected).length > 60);
      assert.deepEqual(expected['./examples/doxbee/async-await-using'], {
        types: './examples/doxbee/example.d.ts',
        default: './examples/doxbee/needs-syntax/async-await-using.js',
      });
      assert.deepEqual(exportsDifferences(PACKAGE.exports, expected), []);
    });

    it('planted: the check names an example the map lacks, a changed target and a stale entry', function () {
      const expected = exampleExports(registries);
      const map = { ...PACKAGE.exports, './examples/fib/gone': { types: './examples/fib/example.d.ts', default: './examples/fib/gone.js' } };
      delete map['./examples/fib/async'];
      map['./examples/fib/sync'] = { types: './examples/fib/example.d.ts', default: './examples/fib/sync-old.js' };
      assert.deepEqual(exportsDifferences(map, expected), [
        './examples/fib/sync: {"types":"./examples/fib/example.d.ts","default":"./examples/fib/sync-old.js"}, expected {"types":"./examples/fib/example.d.ts","default":"./examples/fib/sync.js"}',
        'missing ./examples/fib/async: {"types":"./examples/fib/example.d.ts","default":"./examples/fib/async.js"}',
        'stale ./examples/fib/gone',
      ]);
    });

    it('loads an example in a syntax this Node lacks as an error naming the Node it needs, not a SyntaxError', async function () {
      const file = consumer.write(
        'using.cjs',
        "try { require('asyncmark/examples/doxbee/async-await-using'); console.log('loaded'); } catch (e) { console.log(e.constructor.name, e.message); }\n",
      );
      const { status, stdout, stderr } = await run(process.execPath, [file], consumer.dir);
      assert.equal(status, 0, stderr);
      if (lacking('using', null))
        assert.match(stdout, /^Error async-await-using needs `using` \(explicit resource management with DisposableStack\): Node 24\+.*; this is Node v\d+/);
      else assert.equal(stdout, 'loaded\n');
    });

    it('resolves every folder of examples/ that has an index.js (a registry) by its name', function () {
      const folders = fs.readdirSync(EXAMPLES).filter((name) => fs.existsSync(path.join(EXAMPLES, name, 'index.js')));
      assert.ok(folders.includes('doxbee'));
      for (const folder of folders) assert.equal(consumer.resolve(`asyncmark/examples/${folder}`), path.join(EXAMPLES, folder, 'index.js'), folder);
      assert.equal(consumer.resolve('asyncmark/examples'), path.join(EXAMPLES, 'index.js'));
    });

    it('resolves the package and its package.json, and keeps the machinery private', function () {
      assert.equal(consumer.resolve('asyncmark'), path.join(ROOT, 'lib', 'index.js'));
      assert.equal(consumer.resolve('asyncmark/package.json'), path.join(ROOT, 'package.json'));
      assert.throws(() => consumer.resolve('asyncmark/lib/fakes'), { code: 'ERR_PACKAGE_PATH_NOT_EXPORTED' });
    });

    // Every entry the map names, by require and by import in one consumer process: each loads; or
    // is null, left out on purpose, for an example its registry says cannot run; or is a guard
    // that says which Node an example's syntax needs, where this one lacks it.
    it('loads every entry the exports map names, by require and by import, or leaves it out on purpose', async function () {
      this.timeout(120000);
      const keys = Object.keys(PACKAGE.exports).filter((key) => !key.includes('*'));
      const script = consumer.write(
        'every-entry.mjs',
        [
          "import { createRequire } from 'node:module';",
          'const require = createRequire(import.meta.url);',
          `const keys = ${JSON.stringify(keys)};`,
          'const outcome = (error) => (error ? `${error.code ?? error.constructor.name}: ${error.message.split("\\n")[0]}` : "loads");',
          'const results = {};',
          'for (const key of keys) {',
          '  const specifier = `asyncmark${key.slice(1)}`;',
          '  let required = null;',
          '  try { require(specifier); } catch (error) { required = error; }',
          '  let imported = null;',
          "  const attributes = key.endsWith('.json') ? { with: { type: 'json' } } : undefined;",
          '  try { await import(specifier, attributes); } catch (error) { imported = error; }',
          '  results[key] = { require: outcome(required), import: outcome(imported) };',
          '}',
          'console.log(JSON.stringify(results));',
        ].join('\n'),
      );
      const { status, stdout, stderr } = await run(process.execPath, [script], consumer.dir, { timeoutMs: 110000 });
      assert.equal(status, 0, stderr);
      const results = JSON.parse(stdout.trim().split('\n').pop());
      assert.deepEqual(entryProblems(PACKAGE.exports, results, registries), []);
    });

    it('planted: the check names an entry that fails to load, and a null entry its registry does not explain', function () {
      const map = { './examples/doxbee/streamline': { default: 'x' }, './examples/doxbee/promises-native': null };
      const results = { './examples/doxbee/streamline': { require: 'MODULE_NOT_FOUND: Cannot find module', import: 'loads' } };
      assert.deepEqual(entryProblems(map, results, registries), [
        './examples/doxbee/streamline: require: MODULE_NOT_FOUND: Cannot find module',
        './examples/doxbee/promises-native: left out (null), but its registry entry does not say it cannot run',
      ]);
    });

    it('points every entry of the exports map that names no pattern at a file that exists', function () {
      // A target is a path, or conditions whose values are targets in turn.
      const flatten = (target) => (target === null ? [] : typeof target === 'string' ? [target] : Object.values(target).flatMap(flatten));
      const targets = Object.values(PACKAGE.exports).flatMap(flatten);
      for (const target of targets.filter((t) => !t.includes('*'))) assert.ok(fs.existsSync(path.join(ROOT, target)), target);
    });
  });

  it('the bin, linked as npm links it, prints its help', async function () {
    const result = await run(path.join(consumer.dir, 'node_modules', '.bin', 'asyncmark'), ['--help'], consumer.dir);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^Usage: asyncmark/m);
  });

  it('npm pack includes the ES module entry and the declarations', async function () {
    const result = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], ROOT);
    assert.equal(result.status, 0, result.stderr);
    const [{ files }] = JSON.parse(result.stdout);
    const packed = files.map((file) => file.path);
    for (const file of ['lib/index.js', 'lib/index.mjs', 'lib/index.d.ts', 'lib/index.d.mts', 'bench/cli.js', 'package.json'])
      assert.ok(packed.includes(file), file);
  });
});
