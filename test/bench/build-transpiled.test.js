'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { differences, FOLDER, MARK } = require('../../bench/build-transpiled');
const doxbee = require('../../examples/doxbee');

const ROOT = path.join(__dirname, '..', '..');
const SCRIPT = path.join(ROOT, 'bench', 'build-transpiled.js');

function build(args) {
  return spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8', cwd: ROOT });
}

describe('npm run build:transpiled', function () {
  this.timeout(120000);
  let dir;
  let rebuilt;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-transpiled-'));
    const result = build(['--out', dir]);
    assert.equal(result.status, 0, result.stderr);
    rebuilt = Object.fromEntries(fs.readdirSync(dir).map((name) => [name, fs.readFileSync(path.join(dir, name), 'utf8')]));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('makes exactly the committed files: none edited by hand, none stale', () => {
    assert.deepEqual(differences(rebuilt, FOLDER), []);
  });

  it('tells an edited, a missing and an extra file apart (planted bugs)', () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-transpiled-copy-'));
    try {
      for (const name of Object.keys(rebuilt)) fs.writeFileSync(path.join(copy, name), rebuilt[name]);
      const edited = 'async-await-babel.js';
      fs.writeFileSync(path.join(copy, edited), rebuilt[edited].replace('tx.rollback();', 'tx.commit();'));
      fs.rmSync(path.join(copy, 'generators-co-babel.js.map'));
      fs.writeFileSync(path.join(copy, 'stray.js'), '');
      assert.deepEqual(differences(rebuilt, copy), [
        'async-await-babel.js: differs from what the build makes',
        'generators-co-babel.js.map: missing',
        'stray.js: not made by the build',
      ]);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });

  it('builds every registered variant: its header first, its map beside it naming the source it came from', () => {
    const variants = doxbee.examples.filter((e) => e.transpiled);
    assert.deepEqual(variants.map((e) => e.name).sort(), [
      'async-await-babel',
      'async-await-native-io-babel',
      'async-await-native-io-tsc-es2016',
      'async-await-tsc-es2016',
      'generators-co-babel',
    ]);
    for (const entry of variants) {
      const name = path.basename(entry.file);
      const code = rebuilt[name];
      assert.ok(code.startsWith(MARK), name);
      assert.match(
        code.split('\n')[0],
        new RegExp(`from ${entry.transpiled.from}\\.js with ${entry.transpiled.compiler.replace('.', '\\.')} \\(target ${entry.transpiled.target}\\)`),
      );
      assert.ok(code.endsWith(`//# sourceMappingURL=${name}.map\n`), name);
      const map = JSON.parse(rebuilt[`${name}.map`]);
      assert.equal(path.resolve(FOLDER, map.sources[0]), entry.transpiled.source);
      assert.equal(map.sourcesContent[0], fs.readFileSync(entry.transpiled.source, 'utf8'));
      // The header line maps to nothing: the compiler's first line is the file's second.
      assert.ok(map.mappings.startsWith(';'), name);
    }
  });

  it('compiles away what each target lacks: tsc es2016 async functions, Babel generators too', () => {
    assert.match(rebuilt['async-await-tsc-es2016.js'], /__awaiter\(this, arguments, void 0, function\* \(stream, idOrPath, tag, \{ signal \} = \{\}\)/);
    assert.doesNotMatch(rebuilt['async-await-tsc-es2016.js'], /\basync function\b/);
    for (const name of ['async-await-babel.js', 'generators-co-babel.js']) {
      assert.match(rebuilt[name], /_regenerator\(\)/, name);
      assert.doesNotMatch(rebuilt[name], /\basync function\b|function\s*\*/, name);
    }
  });

  it('refuses an unknown option in one line, exit code 2', () => {
    const result = build(['--nope']);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /^build-transpiled: .*--nope.*; expected \[--out DIR\]\n$/);
  });
});
