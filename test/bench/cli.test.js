'use strict';

// What a user meets at the command line: help, list, progress when stderr is
// not a terminal. Behaviour only; nothing here times anything.

const assert = require('node:assert/strict');
const path = require('node:path');
const { execFile } = require('node:child_process');
const { runCli } = require('./capture');
const problems = require('../../examples');
const scenarios = require('../../bench/scenarios');
const drivers = require('../../lib/drivers');
const { flag } = require('../../bench/params');

const CLI = path.join(__dirname, '..', '..', 'bench', 'cli.js');

// The CLI in a process of its own, stderr a pipe (as in CI, a pipe or nohup).
function spawnCli(...args) {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { timeout: 60000 }, (error, stdout, stderr) => {
      resolve({ code: error ? error.code : 0, stdout, stderr });
    });
  });
}

describe('asyncmark command line', function () {
  this.timeout(60000);

  it('refuses help on an unknown command with one line and exit 2', async () => {
    const { code, stdout, stderr } = await runCli('help', 'frob');
    assert.equal(code, 2);
    assert.equal(stdout, '');
    assert.equal(
      stderr,
      "asyncmark: help: unknown command 'frob'; expected one of bench, clean, compare, complexity, debuggability, list, report, runtimes, verify\n",
    );
  });

  it('writes every default in --help one way', async () => {
    for (const command of ['bench', 'compare', 'complexity', 'debuggability', 'report', 'runtimes', 'verify']) {
      const { stdout } = await runCli(command, '--help');
      const text = stdout.replace(/\s+/g, ' ');
      assert.doesNotMatch(text, /\(default [^:]/, `${command}: "(default X)"`);
      assert.doesNotMatch(text, /default: "/, `${command}: a quoted default`);
      assert.match(text, /(\(|; )default: /, command);
    }
  });

  it('lists every scenario with its driver and defaults, every driver parameter, every example with its family', async () => {
    const { code, stdout } = await runCli('list');
    assert.equal(code, 0);
    for (const s of Object.values(scenarios)) assert.match(stdout, new RegExp(`^${s.name} +${s.driver} +${s.problem} `, 'm'));
    for (const driver of Object.values(drivers)) {
      assert.match(stdout, new RegExp(`parameters of the ${driver.name} driver`));
      for (const spec of driver.params) assert.match(stdout, new RegExp(`^${flag(spec.name)} `, 'm'));
    }
    for (const registry of Object.values(problems)) {
      assert.match(stdout, new RegExp(`examples of ${registry.problem} \\(driver: ${registry.driver}; reference: ${registry.reference}\\)`));
      for (const entry of registry.examples) assert.match(stdout, new RegExp(`^${entry.name} +${entry.family} `, 'm'));
    }
    // Libraries with the version package.json pins; an example that cannot run, with its reason.
    // A cell too wide for the terminal continues on the next lines of its column.
    assert.match(stdout, /^promises-bluebird +.* bluebird@(3\.7\.2|.*\n +3\.7\.2)/m);
    assert.match(stdout, /^fibrous +.* fibrous (\(not installed\)|.*\n +\(not\n +installed\))/m);
    const unwrapped = stdout.replace(/\n {2}/g, ' ');
    assert.ok(unwrapped.includes(`fibrous cannot run here: ${problems.doxbee.examples.find((e) => e.name === 'fibrous').unavailable}`));
    assert.match(stdout, /n=100,1000,10000/);
    assert.match(stdout, /e=0 \(fixed\)/);
  });

  it('says how far a bench has got when stderr is not a terminal, and --quiet silences it', async () => {
    const args = ['bench', '--examples', 'callbacks-original', '--test', '--no-out'];
    const loud = await spawnCli(...args);
    assert.equal(loud.code, 0, loud.stderr);
    assert.match(loud.stderr, /^asyncmark: 1\/1 runs, \d+ s elapsed; last: callbacks-original n=10$/m);
    const quiet = await spawnCli(...args, '--quiet');
    assert.equal(quiet.code, 0, quiet.stderr);
    assert.equal(quiet.stderr, '');
  });

  it('says how far the debuggability probe has got when stderr is not a terminal', async () => {
    const args = ['debuggability', '--examples', 'async-await', '--settings', 'node'];
    const loud = await spawnCli(...args);
    assert.equal(loud.code, 0, loud.stderr);
    assert.match(loud.stderr, /^asyncmark: \d+\/\d+ probes, \d+ s elapsed; last: async-await node /m);
    assert.match(loud.stdout, /higher is better/);
    const quiet = await spawnCli(...args, '--quiet');
    assert.equal(quiet.stderr, '');
  });
});
