'use strict';

// The parts of bench --help that come from what is discovered: the default
// scenario, the problems a browser runs, each driver's paragraph and each
// scenario's example lines. Nothing here names a problem, scenario or driver.

const problems = require('../examples');
const scenarios = require('./scenarios');
const drivers = require('../lib/drivers');
const { wrapText } = require('../lib/report/render/wrap');

// The scenario bench runs when none is named: the first one listed.
const DEFAULT_SCENARIO = Object.values(scenarios)[0];
const { representatives } = require('./counted-beside');
const { FACTOR, MAX_RUNS, BUDGET_MS } = require('./main-job');
// The problems a browser runtime can run: those of a driver with a browser child.
const BROWSER_PROBLEMS = Object.values(problems)
  .filter((registry) => drivers[registry.driver].browserChild)
  .map((registry) => registry.problem);

// Help is wrapped at 80 columns, as commander wraps the options.
const WIDTH = 80;

// Each driver's paragraph of --help: its name, its scenarios, what a run does.
function driverHelp() {
  return Object.values(drivers)
    .map((driver) => {
      const names = Object.values(scenarios)
        .filter((scenario) => scenario.driver === driver.name)
        .map((scenario) => scenario.name);
      return wrapText(`${driver.name} (${names.join(', ')}) ${driver.help}`, WIDTH);
    })
    .join('\n\n');
}

// The examples of --help each scenario gives (its usage lines).
function scenarioUsage() {
  return Object.values(scenarios)
    .flatMap((scenario) => (scenario.usage ?? []).map((line) => `  asyncmark bench --scenario ${scenario.name} ${line}`))
    .join('\n');
}

// What asyncmark bench with no options runs, from the default scenario's main cell (bench/main-job.js).
function mainJob(runs) {
  const registry = problems[DEFAULT_SCENARIO.problem];
  const cell = DEFAULT_SCENARIO.main?.params ?? {};
  const at = Object.entries(cell)
    .map(([name, value]) => `${name} = ${[].concat(value).join(', ')}`)
    .join(', ');
  const lists = Object.entries(DEFAULT_SCENARIO.params).filter(([, value]) => Array.isArray(value) && value.length > 1);
  const grid = lists.map(([name, value]) => `${name} = ${value.join(', ')}`).join('; ');
  return wrapText(
    `With no options, asyncmark bench runs the main job: every example of ${DEFAULT_SCENARIO.name} (${registry.examples.length}) at ${at || 'its parameters'}, ` +
      `each run twice, the baseline twice in every round; then round after round only the examples whose ratio to the baseline is neither ` +
      `separated from 1 nor shown within ${FACTOR}× of it, up to ${MAX_RUNS} runs each, within about ${Math.round((BUDGET_MS / 60000) * 2) / 2} min of runs on 2 idle cores ` +
      `(more on a busy machine, said before it starts). It ends by naming what it separated and what it could not. ` +
      `--all runs the whole grid instead (${grid || 'its parameters'}), ${runs} runs a cell; --precision adds runs only where a cell needs them.` +
      (DEFAULT_SCENARIO.counted
        ? ` With --all, where valgrind is installed, it then counts the CPU work of the first example of each family (${representatives(registry).length}) at ` +
          `${Object.entries(DEFAULT_SCENARIO.counted.params)
            .map(([name, value]) => `${name} = ${value}`)
            .join(', ')}, one run each, for CPU-work ratios beside the time ratios (--measure time: none).`
        : ''),
    WIDTH,
  );
}

/** The text after bench's options; `verifiable`, the problems --add takes files of; `runs`, the default runs a cell. */
function benchHelp(verifiable, runs) {
  return `
${mainJob(runs)}

Each run is a fresh child process: load the example, warm up, collect garbage,
then measure. A scenario's driver says what a run does and when it checks out:

${driverHelp()}

A run that does not check out is reported, not averaged: CRASH, T/O, OOM,
DOUBLE, INVALID. Parameters a scenario does not take are refused; asyncmark
list shows which.

Examples:
  asyncmark bench
${scenarioUsage()}
  asyncmark bench --examples callbacks-original,async-await --latency load --dt 0.05
  asyncmark bench --add my-style.js --io promises --examples async-await
  asyncmark bench --n 10000 --precision 3% --budget 20
  asyncmark bench --runtime node@22,node@26,bun,deno --n 1000 --runs 3

--add FILE[,FILE...] runs files of your own beside the registered examples of
the scenario's problem (${verifiable.join(' or ')}), named after their files (a name a
registered example has is refused). --io (required), --call, --throws,
--on-failure and --cancel say how they are called, the same for every file
(see asyncmark verify --help); --cancel's means fills their "on cancel" cell. Each file must first pass the whole conformance
suite, as asyncmark verify runs it: one that fails a case is refused with
that case, exit code 2, and nothing runs.
`;
}

module.exports = { DEFAULT_SCENARIO, BROWSER_PROBLEMS, benchHelp };
