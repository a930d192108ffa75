'use strict';

// A driver is its folder: lib/drivers finds every folder with an index.js,
// validates its declaration as it loads, and lib/results composes its
// schema.json into the one results schema. A throwaway driver from a fixture
// folder (test/fixtures/drivers/sync-call), added through
// ASYNCMARK_DRIVER_ROOTS with no file outside its folder edited, is found,
// validated, listed, given its options, and run by the session into a
// results line that the results reader accepts; with a throwaway problem of
// its own (test/fixtures/driver-problems/square), it is benched and reported
// by the commands.

const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const drivers = require('../../lib/drivers');
const { discoverDrivers } = require('../../lib/drivers/discover');
const { plan, runSession } = require('../../lib/runner/session');

const ROOT = path.join(__dirname, '..', '..');
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'drivers');
const PROBLEMS = path.join(__dirname, '..', 'fixtures', 'driver-problems');
const DECLARATION = path.join(FIXTURES, 'sync-call', 'index.js');

// Runs node in the repository with the fixture's folder among the driver roots.
function withFixture(args) {
  return execFileSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ASYNCMARK_DRIVER_ROOTS: FIXTURES } });
}

describe('driver discovery', () => {
  let dir;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-drivers-'));
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // A driver folder whose declaration is the fixture's with some members changed.
  function plant(name, changes) {
    fs.mkdirSync(path.join(dir, name));
    const members = Object.entries(changes)
      .map(([key, value]) => `${JSON.stringify(key)}: ${value}`)
      .join(', ');
    fs.writeFileSync(path.join(dir, name, 'index.js'), `module.exports = { ...require(${JSON.stringify(DECLARATION)}), ${members} };\n`);
  }

  it('finds every folder of lib/drivers, in the order of their names', () => {
    const folders = fs.readdirSync(path.join(ROOT, 'lib', 'drivers')).filter((name) => fs.existsSync(path.join(ROOT, 'lib', 'drivers', name, 'index.js')));
    assert.deepEqual(Object.keys(drivers), folders.sort());
  });

  it('finds and validates a driver of another folder', () => {
    const found = discoverDrivers([FIXTURES]);
    assert.deepEqual(Object.keys(found), ['sync-call']);
    assert.equal(found['sync-call'].child, path.join(FIXTURES, 'sync-call', 'child.js'));
  });

  const PLANTED = [
    [{ child: 'undefined' }, /^driver sync-call \(.*index\.js\): child must be the absolute path of an existing file; it is missing$/],
    [{ time: "{ metric: 'callMs', title: 't', unit: 'ms' }" }, /^driver sync-call \(.*\): time\.description must be a non-empty string; it is missing$/],
    [
      { params: "[{ name: 'n', type: 'float', description: 'd' }]" },
      /^driver sync-call \(.*\): params\[0\]\.type must be 'integer', 'number' or 'choice'; it is "float"$/,
    ],
    [{ growth: "{ param: 'm', model: 'power', label: 'm' }" }, /^driver sync-call \(.*\): growth\.param must be one of its parameters \(n\); it is "m"$/],
    [{ extras: "['calls']" }, /^driver sync-call \(.*\): extras is not a member it may declare \(a driver declares only name, description, help, child, /],
    [{ name: "'other'" }, /^driver other \(.*\): name must be its folder's name, sync-call; it is "other"$/],
  ];
  for (const [changes, message] of PLANTED) {
    it(`refuses a planted declaration with ${Object.keys(changes)[0]} ${changes[Object.keys(changes)[0]]}, naming the driver and the member`, () => {
      plant('sync-call', changes);
      assert.throws(() => discoverDrivers([dir]), { message });
    });
  }

  it('refuses a root that is not a folder, naming it', () => {
    assert.throws(() => discoverDrivers([path.join(dir, 'none')]), {
      message: `drivers: no folder ${path.join(dir, 'none')} (a root of ASYNCMARK_DRIVER_ROOTS?)`,
    });
  });

  it('refuses two drivers of one name', () => {
    plant('sync-call', {});
    assert.throws(() => discoverDrivers([FIXTURES, dir]), /^Error: driver sync-call: found twice, in /);
  });

  it("lists the driver's parameters and examples' columns, and makes its options, from its folder alone", () => {
    const list = withFixture(['bench/cli.js', 'list']);
    assert.match(list, /parameters of the sync-call driver: one synchronous call of the example, timed \(a test fixture\)\n/);
    // Every option's whole description is in the reference, which is made from the same program.
    const reference = withFixture(['-e', "process.stdout.write(require('./bench/cli-reference').cliReference())"]);
    assert.match(reference, /sync-call:\s+the\s+argument\s+of\s+the\s+one\s+call/);
  });

  it('runs its child in a session, into a results line that the composed schema accepts', async function () {
    this.timeout(30000);
    const [driver] = Object.values(discoverDrivers([FIXTURES]));
    const file = path.join(dir, 'runs.jsonl');
    const jobs = plan({ scenario: { name: 'sync-call-fib', problem: 'fib' }, driver, examples: ['sync'], params: { n: [10] }, runs: 1 });
    const [line] = await runSession(jobs, { driver, out: file, timeoutMs: 20000 });
    assert.equal(line.status, 'ok', line.error);
    assert.equal(line.driver, 'sync-call');
    assert.equal(line.metrics.value, 55);
    // Read back where the fixture's folder is a driver root: its branch is in the schema.
    const read = `const { parseResults } = require('./lib/results'); const drivers = require('./lib/drivers'); process.stdout.write(JSON.stringify(parseResults(require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8'), 'f', { drivers })))`;
    const { runs, skipped } = JSON.parse(withFixture(['-e', read]));
    assert.deepEqual(skipped, []);
    assert.equal(runs[0].metrics.callMs, line.metrics.callMs);
    // Elsewhere the driver is unknown, and its line is refused with the reason.
    const { problemWith } = require('../../lib/results');
    assert.match(problemWith(line, { drivers }), /^driver must be equal to one of the allowed values$/);
  });

  it('is benched with --test and reported, with a problem of its own, from the two folders alone', function () {
    this.timeout(60000);
    const env = { ...process.env, ASYNCMARK_DRIVER_ROOTS: FIXTURES, ASYNCMARK_PROBLEMS_DIRS: PROBLEMS };
    const cli = (...args) => execFileSync(process.execPath, [path.join(ROOT, 'bench', 'cli.js'), ...args], { cwd: dir, encoding: 'utf8', env });
    const runs = path.join(dir, 'runs.jsonl');
    cli('bench', '--scenario', 'square-call', '--test', '--quiet', '--out', runs);
    const lines = fs
      .readFileSync(runs, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.deepEqual(lines.map((line) => [line.example, line.status]).sort(), [
      ['add-up', 'ok'],
      ['multiply', 'ok'],
    ]);
    cli('report', '--in', runs, '--out', path.join(dir, 'report'));
    assert.match(fs.readFileSync(path.join(dir, 'report', 'README.md'), 'utf8'), /square-call/);
  });
});
