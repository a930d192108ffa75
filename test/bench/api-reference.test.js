'use strict';

// docs/reference/api.md is the package as its code defines it: the committed
// page is what bench/api-reference.js makes now, it names every export, entry
// point and problem, a declaration added or left without a doc comment shows
// on it or stops it, and the writer never replaces a page a person wrote.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { apiReference, writeApiReference, REFERENCE, MARKER } = require('../../bench/api-reference');
const api = require('../../lib');
const pkg = require('../../package.json');
const registries = require('../../examples');

const TYPES = fs.readFileSync(path.join(__dirname, '..', '..', 'lib', 'index.d.ts'), 'utf8');

// Every temporary folder a case makes, removed when the test process ends.
const madeFolders = [];
function tempFolder(prefix) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  madeFolders.push(folder);
  return folder;
}
process.on('exit', () => {
  for (const folder of madeFolders) fs.rmSync(folder, { recursive: true, force: true });
});

// The exports, entry points and problems that `page` has no place for.
function missing(page) {
  const exports = Object.keys(api).filter((name) => !page.includes(`### ${name}\n`) && !page.includes(`| \`${name}\` |`));
  const entries = Object.keys(pkg.exports)
    .filter((key) => !/^\.\/examples\/[^*]+$/.test(key))
    .filter((key) => !page.includes(`| \`asyncmark${key.slice(1)}\` |`));
  const problems = Object.keys(registries).filter((problem) => !page.includes(`| \`${problem}\` |`));
  return [...exports, ...entries, ...problems];
}

describe('the API reference (bench/api-reference.js)', function () {
  it('is committed as the code says now (run `npm run docs:reference` when this fails)', function () {
    assert.equal(fs.readFileSync(REFERENCE, 'utf8'), apiReference());
  });

  it('has a place for every export, entry point and problem', function () {
    assert.deepEqual(missing(apiReference()), []);
  });

  it('catches a page that lost an export (planted)', function () {
    assert.deepEqual(missing(apiReference().replace('### invoke\n', '### call\n')), ['invoke']);
  });

  it('shows a type declared with its doc comment, and an entry point added to the map (planted)', function () {
    const typesText = `${TYPES}\n/** What a planted problem answers. */\nexport type Planted = 'yes' | 'no';\n`;
    const planted = { ...pkg, exports: { ...pkg.exports, './planted': './lib/planted.js' } };
    const page = apiReference({ typesText, pkg: planted });
    assert.ok(page.includes("- `type Planted = 'yes' | 'no'`: What a planted problem answers."));
    assert.ok(page.includes('| `asyncmark/planted` | `lib/planted.js` |'));
  });

  it('refuses an export that is not declared, and a declaration without a doc comment (planted)', function () {
    assert.throws(() => apiReference({ api: { ...api, planted: () => {} } }), /planted: exported by lib\/index\.js, not declared in lib\/index\.d\.ts/);
    const typesText = TYPES.replace('/** The orders of stepped delivery. */\nexport const ORDERS', 'export const ORDERS');
    assert.throws(() => apiReference({ typesText }), /^Error: the API's declarations: ORDERS: declared in lib\/index\.d\.ts without a doc comment$/);
  });

  it('refuses to replace a page a person wrote, and rewrites its own', function () {
    const file = path.join(tempFolder('asyncmark-api-reference-'), 'api.md');
    writeApiReference(file);
    writeApiReference(file);
    assert.equal(fs.readFileSync(file, 'utf8').split('\n', 1)[0], MARKER);
    fs.writeFileSync(file, '# My notes\n');
    assert.throws(() => writeApiReference(file), /^UsageError: reference: .* generated, or none/);
    assert.equal(fs.readFileSync(file, 'utf8'), '# My notes\n');
  });
});
