'use strict';

// The main job's CPU work (bench/counted-beside.js): which invocations are
// the main job, which examples it counts, and the one line where valgrind
// is missing. Nothing is run or counted here.

const assert = require('node:assert/strict');
const { Command } = require('commander');
const bench = require('../../bench/commands/bench');
const problems = require('../../examples');
const { countedBeside, representatives, isMainJob } = require('../../bench/counted-beside');
const scenarios = require('../../bench/scenarios');

// What bench plans a floor from: every scenario, and every problem's registry.
const DECLARATIONS = { scenarios, registries: problems };
const VALGRIND = { ASYNCMARK_VALGRIND: '/bin/sh' };

// bench's command as the CLI parses it, with an action that runs nothing.
function parsed(args) {
  const program = new Command().exitOverride();
  bench.register(program);
  const command = program.commands.find((c) => c.name() === 'bench');
  command.action(() => {});
  program.parse(['node', 'asyncmark', 'bench', ...args]);
  return command;
}

describe('bench --all counts CPU work beside the times', () => {
  it('is the main job with no options, or only options that say where and how to show the results', () => {
    assert.equal(isMainJob(parsed([])), true);
    assert.equal(isMainJob(parsed(['--out', 'r.jsonl', '--quiet', '--format', 'markdown', '--timeout', '30'])), true);
    for (const args of [['--n', '1000'], ['--examples', 'async-await'], ['--measure', 'time'], ['--runs', '5'], ['--test'], ['--scenario', 'doxbee-errors']]) {
      assert.equal(isMainJob(parsed(args)), false, args.join(' '));
    }
  });

  it('counts the first example of each family, the reference first', () => {
    const names = representatives(problems.doxbee);
    assert.equal(names[0], problems.doxbee.reference);
    const families = names.map((name) => problems.doxbee.examples.find((entry) => entry.name === name).family);
    assert.equal(new Set(families).size, names.length);
    assert.equal(names.length, new Set(problems.doxbee.examples.map((entry) => entry.family)).size);
  });

  it('plans one counted run of each at the cell its scenario names, or says in one line how to get valgrind', () => {
    const command = parsed(['--all']);
    const settings = bench.resolveOptions({ scenario: 'doxbee-sequential', all: true });
    const found = countedBeside(settings, problems.doxbee, command, { env: { ASYNCMARK_VALGRIND: '/bin/sh' } });
    assert.deepEqual(
      found.jobs.map((job) => [job.example, job.params.n, job.run]),
      representatives(problems.doxbee).map((name) => [name, 1000, 0]),
    );
    const missing = countedBeside(settings, problems.doxbee, command, { env: { PATH: '/nonexistent' } });
    assert.equal(missing.jobs, undefined);
    assert.match(missing.note, /^CPU work not counted beside the times: valgrind not found on PATH; install it \(Debian\/Ubuntu: apt-get install valgrind\)/);
    // The main job (no --all) leaves the counts out, to answer in about three minutes.
    assert.equal(
      countedBeside(bench.resolveOptions({ scenario: 'doxbee-sequential' }), problems.doxbee, parsed([]), { env: { ASYNCMARK_VALGRIND: '/bin/sh' } }),
      null,
    );
  });

  it('counts the floor its scenario declares at the same cell, once, so that the ratios above the floor have it', () => {
    const settings = bench.resolveOptions({ scenario: 'doxbee-sequential', all: true });
    const { scenario: floorScenario, example: floor } = scenarios['doxbee-sequential'].floor;
    const found = countedBeside(settings, problems.doxbee, parsed(['--all']), { declarations: DECLARATIONS, env: VALGRIND });
    const floors = found.jobs.filter((job) => job.scenario === floorScenario);
    assert.deepEqual(
      floors.map((job) => [job.example, job.params.n, job.run]),
      [[floor, 1000, 0]],
    );
    assert.equal(found.jobs.length, representatives(problems.doxbee).length + 1);
    assert.equal(found.floorNote, undefined);
    // Planted: a session at a latency the floor's scenario fixes elsewhere counts no floor, and says why in one line.
    const load = bench.resolveOptions({ scenario: 'doxbee-sequential', all: true, latency: 'load' });
    const refused = countedBeside(load, problems.doxbee, parsed(['--all', '--latency', 'load']), { declarations: DECLARATIONS, env: VALGRIND });
    assert.equal(refused, null, 'a session with --latency is the user’s own job: nothing counted beside it');
    const planted = countedBeside({ ...settings, params: { ...settings.params, latency: 'load' } }, problems.doxbee, parsed(['--all']), {
      declarations: DECLARATIONS,
      env: VALGRIND,
    });
    assert.equal(planted.jobs.filter((job) => job.scenario === floorScenario).length, 0);
    assert.match(planted.floorNote, new RegExp(`^the floor ${floor} \\(${floorScenario}\\) not counted: .*fixes latency`));
  });

  it('counts nothing beside a job of the user’s own, or a scenario that names no cell', () => {
    const settings = bench.resolveOptions({ scenario: 'doxbee-sequential', n: '1000' });
    assert.equal(countedBeside(settings, problems.doxbee, parsed(['--n', '1000']), { env: { ASYNCMARK_VALGRIND: '/bin/sh' } }), null);
    const errors = bench.resolveOptions({ scenario: 'doxbee-errors' });
    assert.equal(countedBeside(errors, problems.doxbee, parsed([]), { env: { ASYNCMARK_VALGRIND: '/bin/sh' } }), null);
  });
});
