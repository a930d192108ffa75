'use strict';

const assert = require('node:assert/strict');
const { execFile } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { problems, problemNamed, scenarios, floors, reportHooks } = require('../../lib/problems');
const { checkMembers, checkModel, checkFloor, isVerifiable } = require('../../lib/problem-members');

// A problem is a folder: lib/problems.js discovers it, checks it, and every
// list derives from it. The recipe is proved on a throwaway problem
// (test/fixtures/problems/lookup: one argument, a returned value, two styles
// on the batch driver), added by ASYNCMARK_PROBLEMS_DIRS with no file outside
// its folder edited, and run through the commands in child processes.

const ROOT = path.join(__dirname, '..', '..');
const CLI = path.join(ROOT, 'bench', 'cli.js');
const FIXTURES = path.join(ROOT, 'test', 'fixtures');
const LOOKUP = path.join(FIXTURES, 'problems', 'lookup');

// The CLI with extra problem roots: { code, stdout, stderr }.
function cli(roots, ...args) {
  const env = { ...process.env, ASYNCMARK_PROBLEMS_DIRS: roots.join(path.delimiter) };
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd: ROOT, env, timeout: 120000 }, (error, stdout, stderr) => {
      resolve({ code: error ? error.code : 0, stdout, stderr });
    });
  });
}

const withLookup = (...args) => cli([path.join(FIXTURES, 'problems')], ...args);

describe('problems: discovery', () => {
  it('finds the shipped problems and their scenarios in the order lists show them', () => {
    assert.deepEqual(
      problems().map((p) => p.name),
      ['doxbee', 'parallel', 'instrument', 'fib', 'slicing', 'http-server', 'http-client'],
    );
    assert.deepEqual(Object.keys(scenarios()), [
      'doxbee-sequential',
      'doxbee-errors',
      'doxbee-io-bound',
      'madeup-parallel',
      'instrument-weight',
      'fib',
      'slicing',
      'http-server',
      'http-client',
    ]);
  });

  it('takes a folder for a problem by what its index.js declares (examples/libraries is none)', () => {
    assert.ok(fs.existsSync(path.join(ROOT, 'examples', 'libraries')));
    assert.ok(!problems().some((p) => p.name === 'libraries'));
  });

  it('names the problems there are when asked for another', () => {
    assert.equal(problemNamed('doxbee').model.FAILABLE[0], 'blob.put');
    assert.throws(() => problemNamed('nope'), { name: 'RangeError', message: /^problem must be one of doxbee, parallel, .*; got nope$/ });
  });

  it('calls verifiable the models that declare conformance members', () => {
    const verifiable = problems()
      .filter((p) => isVerifiable(p.model))
      .map((p) => p.name);
    assert.deepEqual(verifiable, ['doxbee', 'parallel']);
  });
});

// What a problem adds to the report lives in examples/<problem>/report.js; the
// entry points hand reportHooks() to lib/report (test/generic-modules.test.js
// checks that no generic module names a problem).
describe('problems: report hooks', () => {
  it('finds each examples/<problem>/report.js, named by its folder', () => {
    const hooks = reportHooks();
    const doxbee = hooks.find((h) => h.problem === 'doxbee');
    assert.equal(doxbee.headline, 'doxbee-sequential');
    assert.deepEqual(doxbee.article2013, { timeScenario: 'doxbee-sequential', ioScenario: 'doxbee-io-bound' });
    assert.equal(hooks.find((h) => h.problem === 'http-client').styles2018.measured2018, true);
    for (const h of hooks) assert.ok(fs.existsSync(path.join(ROOT, 'examples', h.problem, 'report.js')), h.problem);
  });

  it('every scenario a hook names exists', () => {
    for (const h of reportHooks()) {
      const named = [h.headline, h.floor?.scenario, ...(h.floor?.under ?? []), h.article2013?.timeScenario, h.article2013?.ioScenario, h.styles2018?.scenario];
      for (const scenario of named.filter(Boolean)) assert.ok(scenarios()[scenario], `${h.problem}: ${scenario}`);
    }
  });
});

describe('problems: members checked when a problem loads', () => {
  const lookup = require(path.join(LOOKUP, 'model'));

  it('accepts the fixture problem', () => {
    assert.doesNotThrow(() => checkModel('test/fixtures/problems/lookup', lookup));
  });

  it('refuses an ill-typed member in one line naming the problem and the member', () => {
    assert.throws(() => checkModel('examples/foo', { ...lookup, VARIED_ARGS: 'a' }), {
      message: 'examples/foo: model.VARIED_ARGS must be an array; got "a"',
    });
    const { uploadName, ...nameless } = lookup;
    assert.throws(() => checkModel('examples/foo', nameless), { message: 'examples/foo: model.uploadName must be a function; got undefined' });
    const specless = { ...lookup, OPERATIONS: { ...lookup.OPERATIONS, Cache: { put: { op: 'cache.put', args() {}, value() {} } } } };
    assert.throws(() => checkModel('examples/foo', specless), { message: 'examples/foo: model.OPERATIONS.Cache.put.owns must be a function; got undefined' });
  });

  it('fails at load on a planted folder whose model lacks a member', async function () {
    this.timeout(30000);
    const { code, stderr } = await cli([path.join(FIXTURES, 'planted-problems')], 'list');
    assert.equal(code, 1);
    assert.match(stderr.split('\n')[0], /test\/fixtures\/planted-problems\/broken: model\.contextStore must be a function; got undefined$/);
  });
});

// A scenario's floor names an example of another scenario (lib/problems.js):
// checked once every problem is found, its first fault one error naming the
// declaring scenario's file.
describe("problems: a scenario's floor", () => {
  const all = scenarios();
  const registries = Object.fromEntries(problems().map((p) => [p.name, p.registry]));
  const declaring = all['doxbee-sequential'];
  const where = 'examples/doxbee/scenarios/doxbee-sequential.js';
  const check =
    (floor, scenario = declaring) =>
    () =>
      checkFloor(where, { ...scenario, floor }, { ...all, [scenario.name]: { ...scenario, floor } }, registries);

  it('holds for the shipped declarations, which floors() hands on by the declaring scenario', () => {
    assert.deepEqual(floors(), { 'doxbee-sequential': { scenario: 'instrument-weight', example: 'timer-floor' } });
    for (const scenario of Object.values(all).filter((s) => s.floor)) {
      assert.doesNotThrow(() => checkFloor(scenario.name, scenario, all, registries));
    }
  });

  it('refuses a bad declaration in one line naming the file, the member and the value', () => {
    const cases = [
      [{ scenario: 'nope', example: 'timer-floor' }, 'scenario.floor.scenario must be the name of another discovered scenario; got "nope"'],
      [
        { scenario: 'doxbee-sequential', example: 'callbacks-original' },
        'scenario.floor.scenario must be the name of another discovered scenario; got "doxbee-sequential"',
      ],
      [{ scenario: 'fib', example: 'sync' }, 'scenario.floor.scenario must be a scenario of the batch driver (fib is compute\'s); got "fib"'],
      [
        { scenario: 'instrument-weight', example: 'callbacks-original' },
        'scenario.floor.example must be an example of instrument, the problem of instrument-weight; got "callbacks-original"',
      ],
      [{ scenario: 'instrument-weight' }, 'scenario.floor.example must be a string; got undefined'],
    ];
    for (const [floor, message] of cases) assert.throws(check(floor), { message: `${where}: ${message}` }, JSON.stringify(floor));
    // Its grid has a parameter the declaring scenario lacks: the floor could not be run at its values.
    const { seed, ...params } = declaring.params;
    assert.throws(check({ scenario: 'instrument-weight', example: 'timer-floor' }, { ...declaring, params }), {
      message: `${where}: scenario.floor.scenario must be a scenario whose parameters this one has too (it lacks seed); got "instrument-weight"`,
    });
    assert.throws(() => checkMembers(where, { ...declaring, floor: 'timer-floor' }, 'scenario', {}), {
      message: `${where}: scenario.floor must be an object; got "timer-floor"`,
    });
  });

  it('fails discovery on a planted folder whose scenario declares an example its floor scenario lacks', async function () {
    this.timeout(30000);
    const { code, stderr } = await cli([path.join(FIXTURES, 'problems'), path.join(FIXTURES, 'planted-floors')], 'list');
    assert.equal(code, 1);
    assert.match(
      stderr.split('\n')[0],
      /test\/fixtures\/planted-floors\/floored\/scenarios\/floored-sequential\.js: scenario\.floor\.example must be an example of lookup, the problem of lookup-sequential; got "bare-timers"$/,
    );
  });
});

describe('problems: a new problem is one folder', function () {
  this.timeout(120000);

  it('is listed, with its scenario and examples', async () => {
    const { code, stdout } = await withLookup('list');
    assert.equal(code, 0);
    assert.match(stdout, /^lookup-sequential +batch +lookup /m);
    assert.match(stdout, /^examples of lookup \(driver: batch; reference: callbacks\)$/m);
  });

  it('is benched with --test: every run ok, and the report of its results mentions it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-problem-'));
    try {
      const runs = path.join(dir, 'runs.jsonl');
      const bench = await withLookup('bench', '--scenario', 'lookup-sequential', '--test', '--quiet', '--out', runs);
      assert.equal(bench.code, 0, bench.stderr);
      const lines = fs
        .readFileSync(runs, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
        .filter((line) => line.scenario);
      assert.deepEqual(lines.map((l) => `${l.example} ${l.status}`).sort(), ['async-await ok', 'callbacks ok']);
      const report = await withLookup('report', '--in', runs, '--out', path.join(dir, 'report'));
      assert.equal(report.code, 0, report.stderr);
      assert.match(fs.readFileSync(path.join(dir, 'report', 'README.md'), 'utf8'), /lookup-sequential/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is benched with --test --no-out', async () => {
    const { code, stdout, stderr } = await withLookup('bench', '--scenario', 'lookup-sequential', '--test', '--no-out');
    assert.equal(code, 0, stderr);
    assert.match(stdout, /^callbacks \(baseline\) /m);
  });

  for (const [file, io] of [
    ['callbacks.js', 'callbacks'],
    ['async-await.js', 'promises'],
  ]) {
    it(`verifies its ${file} by conformance: every case passes`, async () => {
      const { code, stdout } = await withLookup('verify', path.join(LOOKUP, file), '--problem', 'lookup', '--io', io);
      assert.equal(code, 0, stdout);
      assert.match(stdout, /^(\d+) of \1 cases pass$/m);
    });
  }

  it('refuses --cancel for it in one line: its model says nowhere to give up, and verify prints no cancel outcome', async () => {
    const refused = await withLookup('verify', path.join(LOOKUP, 'async-await.js'), '--problem', 'lookup', '--io', 'promises', '--cancel', 'signal');
    assert.equal(refused.code, 2);
    assert.equal(refused.stderr, 'asyncmark: --cancel: only for a problem with a cancel case (doxbee, parallel); this one is lookup\n');
    const { stdout } = await withLookup('verify', path.join(LOOKUP, 'async-await.js'), '--problem', 'lookup', '--io', 'promises');
    assert.doesNotMatch(stdout, /on cancel/);
  });

  it('fails a planted third style that forgets to return the value', async () => {
    const planted = path.join(FIXTURES, 'problem-styles', 'lookup-returns-nothing.js');
    const { code, stdout } = await withLookup('verify', planted, '--problem', 'lookup', '--io', 'promises');
    assert.equal(code, 1);
    assert.match(stdout, /the caller heard undefined on success, expected "value-of:key-1"/);
    assert.doesNotMatch(stdout, /^(\d+) of \1 cases pass$/m);
  });
});
