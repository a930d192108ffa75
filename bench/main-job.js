'use strict';

const os = require('node:os');
const { plan } = require('../lib/runner/session');
const { separationOf, stillOpen } = require('../lib/separation');
const stats = require('../lib/stats');
const { isMainJob } = require('./counted-beside');

// The main job (asyncmark bench, no options): one answer in about three
// minutes. It runs every example at the one cell its scenario names (`main`:
// n=10000 for DoxBee) and spends its runs where they buy precision:
//
// - every example runs FIRST_ROUNDS times, the baseline twice in every round
//   (first and in the middle: its interval is in every ratio's);
// - then round after round only the examples whose ratio to the baseline is
//   still open: neither separated from 1 nor shown within FACTOR of it
//   (lib/separation.js). An example far from the baseline is decided in its
//   first rounds; one near the line gets the runs;
// - until none is open, an example reaches MAX_RUNS, or the budget is spent.
//
// The budget is BUDGET_MS of timed rounds on a machine whose other processes
// keep at most BUSY_CORES busy, and at least AT_LEAST_AFTER_MS after the first rounds;
// on a busier machine it is said before the first run, and the budget grows
// with the cores the others keep busy (up to MAX_STRETCH times), since
// noisier runs need more of them. A run during which others kept more than
// BUSY_CORES busy beyond their level (a burst: a build, an update, a checkout;
// setAsideLimit) is set aside, and its example runs again: the ratio of two
// means would take such a run whole. Its time is given back to the budget,
// up to the budget again. What is still open at the end is named, with what
// would decide it. The whole grid (every n, a fixed number of runs) is `bench --all`.

const FACTOR = 1.2;
const FIRST_ROUNDS = 2;
const MAX_RUNS = 15;
const BUDGET_MS = 150000;
// Runs after the first rounds, whatever they took: on a slower machine (or
// a slower hour) the first two rounds alone can spend the budget, and then
// the examples near 1.2x, the ones the job is for, would get no run of their own.
const AT_LEAST_AFTER_MS = 30000;
// Busy: other processes keep more than this many cores busy as the job
// starts, measured over SAMPLE_MS of the CPUs' own counters. Not the 1-minute
// load average, which still holds the minute before (a just-finished `npm
// ci`: the README's command runs the job right after it).
const BUSY_CORES = 0.5;
const SAMPLE_MS = 1000;
const MAX_STRETCH = 3;

/**
 * How busy the machine is now: the cores kept busy over a short sample by
 * other processes (the job has not started) at normal priority, its cores,
 * and the 1-minute load. Time spent in niced processes is left out: they give
 * the cores up to the job's children, which run at normal priority.
 */
async function machineNow(sampleMs = SAMPLE_MS) {
  const ticks = () =>
    os.cpus().map(({ times }) => ({ busy: times.user + times.sys + times.irq, all: times.user + times.nice + times.sys + times.idle + times.irq }));
  const before = ticks();
  await new Promise((resolve) => setTimeout(resolve, sampleMs));
  const after = ticks();
  const busy = after.reduce((sum, cpu, i) => sum + cpu.busy - before[i].busy, 0);
  const all = after.reduce((sum, cpu, i) => sum + cpu.all - before[i].all, 0);
  return { cores: after.length, busy: all > 0 ? (after.length * busy) / all : 0, load: os.loadavg()[0] };
}

/**
 * The main job's settings, or null when the command is not the main job (an
 * option that changes what is measured was given, --all among them) or the
 * scenario names no main cell.
 * @param {object} settings bench's resolved settings
 * @param {import('commander').Command} command
 * @param {{ cores: number, busy: number, load: number }} now machineNow(): on a busy machine
 *   the budget grows with the cores others keep busy (1 + busy times, up to MAX_STRETCH)
 */
function mainJob(settings, command, now) {
  const cell = settings.scenario.main;
  if (!cell || settings.test || !isMainJob(command)) return null;
  const busy = now.busy > BUSY_CORES;
  const stretch = busy ? Math.min(MAX_STRETCH, 1 + now.busy) : 1;
  return {
    params: { ...settings.params, ...cell.params },
    cell: cell.params,
    factor: FACTOR,
    budgetMs: Math.round(BUDGET_MS * stretch),
    now,
    busy,
  };
}

/** The one line said before the first run when the machine is busy, or null. */
function busyLine(main) {
  if (!main.busy) return null;
  const { busy, cores, load } = main.now;
  return `the machine is busy (other processes kept ${busy.toFixed(1)} of its ${cores} cores busy over the last second; 1-minute load ${load.toFixed(1)}): its timings are noisier, so the main job may take up to ${Math.round(main.budgetMs / 60000 + 0.5)} min of runs to separate what it can`;
}

/**
 * One round's jobs: each example still wanted once, the baseline twice
 * (first, and in the middle), rotated by the round
 * so that no example always runs beside the same neighbour. Run numbers count
 * each example's runs, so --resume and the results file keep them apart.
 */
function roundJobs(settings, wanted, runsSoFar, round) {
  const templates = new Map(plan({ ...settings, examples: [settings.baseline, ...wanted], runs: 1 }).map((job) => [job.example, job]));
  const order = wanted.map((_, i) => wanted[(i + round) % wanted.length]);
  const half = Math.ceil(order.length / 2);
  const names = [settings.baseline, ...order.slice(0, half), settings.baseline, ...order.slice(half)];
  const jobs = [];
  for (const name of names) {
    const run = runsSoFar.get(name) ?? 0;
    runsSoFar.set(name, run + 1);
    jobs.push({ ...templates.get(name), run });
  }
  return jobs;
}

/**
 * Runs the main job's rounds: runRound(jobs, label) runs one round and
 * resolves to its results lines (bench.js). Resolves to the lines it kept
 * (every line but those set aside) and what the job decided.
 */
async function separate(settings, runRound, { drivers, started = Date.now() }) {
  const { factor, budgetMs, cell = {}, now } = settings.main;
  // Which runs are set aside, judged again over every run so far.
  const asideOf = (all) => {
    const limit = setAsideLimit(now, all);
    return { limit, test: (line) => line.status === 'ok' && Number.isFinite(line.othersBusy) && line.othersBusy > limit };
  };
  let judged;
  let kept;
  let extraMs = 0;
  const examples = settings.examples.filter((name) => name !== settings.baseline && !settings.unavailable[name]);
  const unavailable = settings.examples.filter((name) => settings.unavailable[name]);
  const runsSoFar = new Map();
  let lines = [];
  let wanted = [...examples, ...unavailable];
  let round = 0;
  let stopped = 'every example was separated from the baseline or shown within the factor';
  let deadline = started + budgetMs;
  for (;;) {
    const roundStarted = Date.now();
    const ran = await runRound(roundJobs(settings, wanted, runsSoFar, round), `round ${round + 1}: `);
    lines = lines.concat(ran);
    judged = asideOf(lines);
    kept = lines.filter((line) => !judged.test(line));
    // The time the round lost to runs set aside, as their share of its runs.
    const lost = ran.length ? ((Date.now() - roundStarted) * ran.filter(judged.test).length) / ran.length : 0;
    extraMs = Math.min(budgetMs, extraMs + lost);
    round++;
    if (settings.databaseLost) break;
    const decided = separationOf(kept, { baseline: settings.baseline, factor, drivers, examples });
    const open = new Set(stillOpen(decided));
    // The first rounds run everything; after them only what is open, while any example may still run.
    if (round < FIRST_ROUNDS) {
      wanted = examples;
      continue;
    }
    if (round === FIRST_ROUNDS) deadline = Math.max(deadline, Date.now() + AT_LEAST_AFTER_MS * (budgetMs / BUDGET_MS));
    wanted = examples.filter((name) => open.has(name) && (runsSoFar.get(name) ?? 0) < MAX_RUNS);
    if (open.size === 0) break;
    if (wanted.length === 0) {
      stopped = `the examples still open reached ${MAX_RUNS} runs`;
      break;
    }
    if (Date.now() >= deadline + extraMs) {
      stopped = `the budget of ${Math.round((deadline + extraMs - started) / 1000)} s was spent`;
      break;
    }
  }
  const separation = separationOf(kept, { baseline: settings.baseline, factor, drivers, examples });
  const aside = lines.filter(judged.test).map((line) => line.othersBusy);
  return {
    lines: kept,
    separation: {
      factor,
      cell,
      rounds: round,
      elapsedMs: Date.now() - started,
      stopped,
      examples: separation,
      setAside: { runs: aside.length, limit: judged.limit, least: aside.length ? Math.min(...aside) : null, most: aside.length ? Math.max(...aside) : null },
    },
  };
}

/**
 * The cores others may keep busy during a run before it is set aside: their
 * level, and BUSY_CORES more. The level is what they kept as the job started,
 * or over most of its runs (the median) if that is more: a load that stays is
 * the session's condition, which every example meets alike in the rounds, not
 * a burst; and at least half the runs are always kept.
 */
function setAsideLimit(now, lines = []) {
  const seen = lines
    .filter((line) => line.status === 'ok')
    .map((line) => line.othersBusy)
    .filter(Number.isFinite);
  const level = Math.max(now ? now.busy : 0, seen.length ? stats.median(seen) : 0);
  return Math.round((level + BUSY_CORES) * 100) / 100;
}

/** What the main job decided, as a paragraph after its table. */
function separationText({ factor, cell = {}, rounds, elapsedMs, stopped, examples, setAside = { runs: 0 } }, baseline) {
  const options = Object.entries(cell)
    .map(([name, value]) => ` --${name} ${[].concat(value).join(',')}`)
    .join('');
  const by = (state) => examples.filter((entry) => entry.state === state);
  const names = (list) => list.map((entry) => `${entry.example} (${entry.runs} runs)`).join(', ');
  const [separated, within, open, settled] = ['separated', 'within', 'open', 'settled'].map(by);
  const parts = [
    `Main job: ${rounds} rounds in ${Math.round(elapsedMs / 1000)} s; ${stopped}. Against ${baseline}: ${separated.length} of ${examples.length} examples separated (their interval excludes 1×)`,
  ];
  if (within.length) parts.push(`${within.length} shown within ${factor}× of it, a difference smaller than that, not no difference: ${names(within)}`);
  if (open.length)
    parts.push(
      `${open.length} not decided (their interval holds both 1× and ${factor}×): ${names(open)}; more runs would tell (npx asyncmark bench --runs 10${options})`,
    );
  if (settled.length) parts.push(`${settled.length} not timed: ${settled.map((entry) => entry.example).join(', ')}`);
  if (setAside.runs) {
    const { runs, limit, least, most } = setAside;
    const range = least === most ? `${least}` : `${least}–${most}`;
    parts.push(
      `${runs} ${runs === 1 ? 'run' : 'runs'} set aside, made while other processes kept ${range} cores busy (more than the ${limit} allowed); an example still open ran again (the results file keeps every run, with othersBusy)`,
    );
  }
  return `${parts.join('; ')}. Every n, and CPU work counted beside the times (valgrind): npx asyncmark bench --all.\n`;
}

module.exports = {
  mainJob,
  machineNow,
  busyLine,
  separate,
  separationText,
  roundJobs,
  setAsideLimit,
  FACTOR,
  MAX_RUNS,
  BUDGET_MS,
  AT_LEAST_AFTER_MS,
  BUSY_CORES,
};
