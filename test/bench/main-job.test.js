'use strict';

// The main job (bench/main-job.js, lib/separation.js): which examples are
// separated from the baseline, which are shown within the factor, which still
// want runs, and how the rounds spend them. Runs here are planted lines with
// seeded noise: nothing is timed.

const assert = require('node:assert/strict');
const { Command } = require('commander');
const bench = require('../../bench/commands/bench');
const drivers = require('../../lib/drivers');
const scenarios = require('../../bench/scenarios');
const { seededDraws } = require('../../lib/stats');
const { separationOf } = require('../../lib/separation');
const { mainJob, machineNow, busyLine, separate, separationText, setAsideLimit, FACTOR, MAX_RUNS, BUDGET_MS } = require('../../bench/main-job');

const SCENARIO = scenarios['doxbee-sequential'];

function parsed(args) {
  const program = new Command().exitOverride();
  bench.register(program);
  const command = program.commands.find((c) => c.name() === 'bench');
  command.action(() => {});
  program.parse(['node', 'asyncmark', 'bench', ...args]);
  return command;
}

// A results line of the main cell: `ms` its wall time.
const line = (example, run, ms, status = 'ok') => ({
  scenario: SCENARIO.name,
  problem: 'doxbee',
  driver: 'batch',
  example,
  params: { n: 10000, latency: 'constant', t: 1, e: 0, seed: 1 },
  run,
  status,
  metrics: status === 'ok' ? { wallMs: ms } : null,
});

// Runs of `example` whose times are `mean` with relative noise `noise`, seeded.
function runs(example, mean, noise, count, draw = seededDraws(7)) {
  return Array.from({ length: count }, (_, run) => line(example, run, mean * (1 + noise * (draw() * 2 - 1))));
}

describe('separation from the baseline (lib/separation.js)', () => {
  const base = runs('base', 100, 0.05, 8);

  it('is separated when the interval excludes 1, within when it lies inside the factor, open otherwise (planted)', () => {
    const lines = [
      ...base,
      ...runs('far', 300, 0.05, 2, seededDraws(1)),
      ...runs('same', 100, 0.02, 12, seededDraws(2)),
      ...runs('unsure', 112, 0.3, 3, seededDraws(3)),
    ];
    const states = Object.fromEntries(separationOf(lines, { baseline: 'base', factor: FACTOR, drivers }).map((entry) => [entry.example, entry.state]));
    assert.deepEqual(states, { far: 'separated', same: 'within', unsure: 'open' });
  });

  it('settles an example with a failed run, and every example when the baseline failed; one run a side is open', () => {
    const lines = [...base, line('broken', 0, 0, 'error'), ...runs('far', 300, 0.05, 3), line('once', 0, 150)];
    const states = Object.fromEntries(separationOf(lines, { baseline: 'base', factor: FACTOR, drivers }).map((entry) => [entry.example, entry.state]));
    assert.deepEqual(states, { broken: 'settled', far: 'separated', once: 'open' });
    const failedBase = [...base, line('base', 8, 0, 'timeout'), ...runs('far', 300, 0.05, 3)];
    assert.equal(separationOf(failedBase, { baseline: 'base', factor: FACTOR, drivers })[0].state, 'settled');
  });
});

describe('the main job (bench/main-job.js)', () => {
  it('is bench with no option that changes what is measured, at its scenario’s main cell; --all and --test are not', () => {
    const settings = { scenario: SCENARIO, params: { ...SCENARIO.params }, test: false };
    const quiet = { cores: 2, busy: 0.1, load: 2.9 };
    const job = mainJob(settings, parsed([]), quiet);
    assert.deepEqual(job.params.n, [10000]);
    assert.equal(job.busy, false, 'a 1-minute load of 2.9 left by the minute before is not a busy machine');
    assert.equal(job.budgetMs, BUDGET_MS);
    assert.equal(mainJob(settings, parsed(['--all']), quiet), null);
    assert.equal(mainJob(settings, parsed(['--n', '100']), quiet), null);
    assert.equal(mainJob({ ...settings, scenario: scenarios.fib }, parsed([]), quiet), null, 'a scenario with no main cell');
  });

  it('says before it starts that the machine is busy, and stretches its budget with the cores others keep busy (planted: 1.5 of 2)', () => {
    const settings = { scenario: SCENARIO, params: { ...SCENARIO.params } };
    const busy = mainJob(settings, parsed([]), { cores: 2, busy: 1.5, load: 3.2 });
    assert.equal(busy.budgetMs, BUDGET_MS * 2.5);
    assert.match(
      busyLine(busy),
      /^the machine is busy \(other processes kept 1\.5 of its 2 cores busy over the last second; 1-minute load 3\.2\): .* up to \d+ min/,
    );
    assert.equal(busyLine(mainJob(settings, parsed([]), { cores: 2, busy: 0.4, load: 1 })), null);
    assert.equal(mainJob(settings, parsed([]), { cores: 8, busy: 7, load: 9 }).budgetMs, BUDGET_MS * 3, 'stretched at most three times');
  });

  it('measures how busy the machine is from the CPUs’ counters over a short sample', async () => {
    const now = await machineNow(50);
    assert.equal(now.cores, require('node:os').cpus().length);
    assert.ok(now.busy >= 0 && now.busy <= now.cores, String(now.busy));
    assert.ok(Number.isFinite(now.load));
  });

  // The main job's settings over the planted examples, `base` the baseline.
  const mainSettings = (truth, budgetMs) => ({
    scenario: SCENARIO,
    driver: drivers.batch,
    params: { ...SCENARIO.params, n: [10000] },
    examples: Object.keys(truth),
    baseline: 'base',
    unavailable: {},
    main: { factor: FACTOR, budgetMs },
  });

  // Runs each round's jobs as planted times: each example's true mean and noise.
  function fakeRounds(truth) {
    const draw = seededDraws(11);
    const rounds = [];
    const runRound = async (jobs) => {
      rounds.push(jobs.map((job) => `${job.example}#${job.run}`));
      return jobs.map((job) => {
        const [mean, noise] = truth[job.example];
        return line(job.example, job.run, mean * (1 + noise * (draw() * 2 - 1)));
      });
    };
    return { rounds, runRound };
  }

  it('runs everything twice, then only what is open, the baseline twice a round, until nothing is open or an example reaches its cap', async () => {
    const truth = { base: [100, 0.05], far: [400, 0.05], near: [125, 0.05], same: [100, 0.01], noisy: [110, 0.6] };
    const { rounds, runRound } = fakeRounds(truth);
    const settings = mainSettings(truth, 1e9);
    const { lines, separation } = await separate(settings, runRound, { drivers });
    // Every round starts with the baseline and has it once more in the middle.
    for (const round of rounds) assert.equal(round.filter((job) => job.startsWith('base#')).length, 2);
    assert.deepEqual(rounds[0].map((job) => job.split('#')[0]).sort(), ['base', 'base', 'far', 'near', 'noisy', 'same']);
    // The example far from the baseline is decided in its first two runs.
    assert.equal(lines.filter((l) => l.example === 'far').length, 2);
    const state = Object.fromEntries(separation.examples.map((entry) => [entry.example, entry]));
    assert.equal(state.far.state, 'separated');
    assert.equal(state.near.state, 'separated');
    assert.equal(state.same.state, 'within');
    // Too noisy to decide: it runs to the cap, and is named as open.
    assert.equal(state.noisy.state, 'open');
    assert.equal(state.noisy.runs, MAX_RUNS);
    assert.match(separation.stopped, /reached 15 runs/);
    // Run numbers count each example's runs: no two lines share one.
    const keys = lines.map((l) => `${l.example}#${l.run}`);
    assert.equal(new Set(keys).size, keys.length);
    const text = separationText(separation, 'base');
    assert.match(text, /2 of 4 examples separated/);
    assert.match(text, /1 shown within 1\.2× of it, a difference smaller than that, not no difference: same \(\d+ runs\)/);
    assert.match(text, /1 not decided \(their interval holds both 1× and 1\.2×\): noisy \(15 runs\); more runs would tell/);
  });

  // A burst of outside work over `span` of the session's runs (by their order):
  // each is `slowdown` times slower, and with `seen` its line says others kept 1.1 cores busy.
  function burstRounds(truth, { span, slowdown, seen }) {
    const draw = seededDraws(11);
    let index = 0;
    const runRound = async (jobs) =>
      jobs.map((job) => {
        const [mean, noise] = truth[job.example];
        const inBurst = index >= span[0] && index < span[1];
        index++;
        const planted = line(job.example, job.run, mean * (1 + noise * (draw() * 2 - 1)) * (inBurst ? slowdown : 1));
        return { ...planted, othersBusy: inBurst && seen ? 1.1 : 0.05 };
      });
    return runRound;
  }

  it('sets aside the runs made in a burst of outside work and runs their examples again (planted: 8 runs 1.8× slower)', async () => {
    const truth = { base: [100, 0.03], slower: [130, 0.03], faster: [78, 0.03], same: [100, 0.01], far: [300, 0.03] };
    const burst = { span: [1, 9], slowdown: 1.8 };
    const states = (separation) => Object.fromEntries(separation.examples.map((entry) => [entry.example, entry.state]));
    const want = { slower: 'separated', faster: 'separated', same: 'within', far: 'separated' };
    // Unseen, the burst is taken whole: the job ends with a wrong or undecided answer
    // (measured: \`same\` runs to its cap of 15 and is still open).
    const blind = await separate(mainSettings(truth, 1e9), burstRounds(truth, { ...burst, seen: false }), { drivers });
    assert.notDeepEqual(states(blind.separation), want);
    assert.equal(blind.separation.setAside.runs, 0);
    const { lines, separation } = await separate(mainSettings(truth, 1e9), burstRounds(truth, { ...burst, seen: true }), { drivers });
    assert.deepEqual(states(separation), want);
    assert.equal(separation.setAside.runs, 8);
    assert.ok(
      lines.every((l) => l.othersBusy < 1),
      'the table is of the runs kept',
    );
    assert.match(
      separationText(separation, 'base'),
      /8 runs set aside, made while other processes kept 1\.1 cores busy \(more than the 0\.55 allowed\); an example still open ran again \(the results file keeps every run, with othersBusy\)/,
    );
  });

  it('takes a load that comes and stays as the session’s level, not a burst: its runs are kept (planted: others busy from the fourth run on)', async () => {
    const truth = { base: [100, 0.03], slower: [130, 0.03], far: [300, 0.03] };
    const stays = burstRounds(truth, { span: [3, Infinity], slowdown: 1.3, seen: true });
    const { lines, separation } = await separate(mainSettings(truth, 1e9), stays, { drivers });
    assert.equal(separation.setAside.runs, 0);
    assert.ok(
      lines.some((l) => l.othersBusy > 1),
      'the runs under the load are in the table',
    );
  });

  it('allows for what others kept busy as it started, and gives the budget back the time its set-aside runs took', async () => {
    assert.equal(setAsideLimit({ busy: 0.8 }), 1.3);
    assert.equal(setAsideLimit(undefined), 0.5);
    // A load that stays over most of the runs is the level: a burst is what rises above it.
    const held = [0.1, 1.2, 1.3, 1.2].map((othersBusy) => ({ status: 'ok', othersBusy }));
    assert.equal(setAsideLimit({ busy: 0.1 }, held), 1.7);
    // A run that did not finish is no part of the level.
    assert.equal(setAsideLimit({ busy: 0.1 }, [...held, ...[9, 9, 9, 9, 9].map((othersBusy) => ({ status: 'crash', othersBusy }))]), 1.7);
    const truth = { base: [100, 0.05], noisy: [110, 0.6] };
    let now = 0;
    const realNow = Date.now;
    // Every run is 1 s of a planted clock; every run of the third round is in a burst.
    const runRound = async (jobs) => {
      const out = jobs.map((job) => ({
        ...line(job.example, job.run, job.example === 'base' ? 100 : [60, 170][job.run % 2]),
        othersBusy: now >= 6000 && now < 9000 ? 2 : 0,
      }));
      now += jobs.length * 1000;
      return out;
    };
    Date.now = () => now;
    try {
      const settings = { ...mainSettings(truth, 7000), main: { factor: FACTOR, budgetMs: 7000, now: { busy: 0 } } };
      const { separation } = await separate(settings, runRound, { drivers, started: 0 });
      // Rounds of 3 s: 6 s for the first two, and the 7 s budget and the 3 s lost to the burst.
      assert.match(separation.stopped, /budget of 10 s was spent/);
      assert.equal(separation.setAside.runs, 3);
    } finally {
      Date.now = realNow;
    }
  });

  it('runs after its first rounds even when they spent the budget (planted: first rounds slower than the budget)', async () => {
    const truth = { base: [100, 0.05], noisy: [110, 0.6] };
    const { rounds, runRound } = fakeRounds(truth);
    // A budget of 150 ms scales the time kept for after the first rounds to 30 ms.
    const slow = async (jobs) => {
      if (rounds.length < 2) await new Promise((resolve) => setTimeout(resolve, 100));
      return runRound(jobs);
    };
    const settings = mainSettings(truth, BUDGET_MS / 1000);
    const { separation } = await separate(settings, slow, { drivers });
    assert.ok(rounds.length > 2, `${rounds.length} rounds: none after the first two`);
    assert.match(separation.stopped, /./);
  });

  it('stops when its budget is spent, and says so (planted: a budget of nothing)', async () => {
    const truth = { base: [100, 0.05], noisy: [110, 0.6] };
    const { rounds, runRound } = fakeRounds(truth);
    const settings = mainSettings(truth, 0);
    const { separation } = await separate(settings, runRound, { drivers });
    assert.equal(rounds.length, 2, 'the first two rounds always run');
    assert.match(separationText({ ...separation, cell: { n: [10000] } }, 'base'), /more runs would tell \(npx asyncmark bench --runs 10 --n 10000\)/);
    assert.match(separation.stopped, /budget of 0 s was spent/);
  });
});

describe('the main job through bench (real runs, a small cell)', function () {
  this.timeout(120000);

  it('runs its rounds in fresh children and prints what it decided under the table', async () => {
    const settings = bench.resolveOptions({ scenario: 'doxbee-sequential', examples: 'callbacks-original,promises-q', n: '10', out: false, quiet: true });
    settings.main = { factor: FACTOR, budgetMs: 0, params: settings.params, cell: { n: [10] } };
    const written = [];
    const write = process.stdout.write;
    process.stdout.write = (text) => written.push(String(text)) && true;
    try {
      await bench.runAll(settings, { quiet: true }, Date.now());
    } finally {
      process.stdout.write = write;
    }
    const text = written.join('').replace(/\n {2}/g, ' ');
    // Each timed run's line says what others kept busy during it (from /proc).
    if (process.platform === 'linux')
      assert.ok(
        settings.finished.every((l) => Number.isFinite(l.othersBusy)),
        JSON.stringify(settings.finished.map((l) => l.othersBusy)),
      );
    assert.match(text, /doxbee-sequential: n=10/);
    assert.match(
      text,
      /Main job: 2 rounds in \d+ s; (the budget of \d+ s was spent|every example was separated from the baseline or shown within the factor)\. Against callbacks-original: [01] of 1 examples separated/,
    );
  });
});
