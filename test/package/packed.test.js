'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { createConsumer, run, ROOT } = require('./consumer');

// The tarball npm would publish, unpacked and installed into a consumer's
// folder: it holds what a user imports and runs (require('asyncmark'), the
// examples, npx asyncmark bench), and not the repository's results
// (docs/results: a 5 MB page, a 5 MB runs file), tests or fixtures.

// What must not ship, and what must: the reason for each is the test's point.
function shipProblems(paths) {
  const problems = [];
  for (const prefix of ['docs/results/', 'test/', 'reports/', 'node_modules/']) {
    const found = paths.filter((p) => p.startsWith(prefix));
    if (found.length) problems.push(`${found.length} files under ${prefix}, e.g. ${found[0]}`);
  }
  for (const needed of ['package.json', 'README.md', 'lib/index.js', 'bench/cli.js', 'examples/index.js', 'metrics/complexity.js', 'docs/README.md']) {
    if (!paths.includes(needed)) problems.push(`${needed} missing`);
  }
  return problems;
}

describe('package: the packed tarball', function () {
  this.timeout(180000);
  let dir;
  let packed;
  let consumer;

  before(async function () {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-pack-'));
    const packing = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], ROOT);
    assert.equal(packing.status, 0, packing.stderr);
    [packed] = JSON.parse(packing.stdout);
    const unpacked = path.join(dir, 'unpacked');
    fs.mkdirSync(unpacked);
    const untar = await run('tar', ['-xzf', path.join(dir, packed.filename), '-C', unpacked], dir);
    assert.equal(untar.status, 0, untar.stderr);
    // Its dependencies as npm would install them: the repository's, by a link (no network).
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(unpacked, 'package', 'node_modules'), 'dir');
    consumer = createConsumer(path.join(unpacked, 'package'));
  });
  after(() => {
    if (consumer) consumer.remove();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lists what a user needs and nothing of the results, tests or fixtures', () => {
    assert.deepEqual(shipProblems(packed.files.map((f) => f.path)), []);
  });

  it('planted: the check finds docs/results shipped and lib missing', () => {
    const problems = shipProblems(['package.json', 'docs/results/index.html', 'bench/cli.js']);
    assert.ok(problems.some((p) => p.startsWith('1 files under docs/results/')));
    assert.ok(problems.includes('lib/index.js missing'));
  });

  it('require("asyncmark") and its examples work from the unpacked tarball', async () => {
    const file = consumer.write(
      'use.cjs',
      "const a = require('asyncmark'); const x = require('asyncmark/examples/doxbee');\n" +
        "console.log(typeof a, x.examples.length > 0, require.resolve('asyncmark').includes('unpacked'));\n",
    );
    const { status, stdout, stderr } = await run(process.execPath, [file], consumer.dir);
    assert.equal(status, 0, stderr);
    assert.equal(stdout, 'object true true\n');
  });

  it('npx asyncmark bench --test runs from the unpacked tarball', async () => {
    const bin = path.join(consumer.dir, 'node_modules', '.bin', 'asyncmark');
    const { status, stdout, stderr } = await run(
      bin,
      ['bench', '--test', '--no-out', '--quiet', '--examples', 'promises-native,callbacks-original'],
      consumer.dir,
    );
    assert.equal(status, 0, stderr);
    assert.match(stdout, /^promises-native /m);
    assert.match(stdout, /^callbacks-original /m);
  });
});
