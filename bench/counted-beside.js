'use strict';

const { plan } = require('../lib/runner/session');
const { cannotCount } = require('../lib/runner/count-plan');
const { floorJobs } = require('./floor-jobs');

// The whole grid's CPU work. `asyncmark bench --all` times every example at
// every n; where valgrind is present it then counts the CPU work of the
// first example of each family (the reference's family first) at the cell
// its scenario names (`counted`, e.g. n=1000), one run each, so that the
// table shows CPU-work ratios beside time ratios. (The main job, no options,
// leaves them out: five counts took 73 s of a job meant to answer in about
// three minutes; main-job.js says how to get them.) Counted without the
// cache simulation, which doubles a count's cost (the estimated cycles are
// then n/a); `--measure instructions` counts every example with it. The
// floor its scenario declares (floor-jobs.js) is counted at the same cell,
// so that the table's ratios above the floor have it. Where
// valgrind is missing, one line says how to get it. Any option but --all and
// those that only say where and how to show the results makes it a job of
// the user's own: --measure decides there.

// Options that leave the job the main job.
const SHOWING = new Set(['out', 'quiet', 'format', 'timeout', 'baseline', 'resume']);

/** Whether the command was given no option but SHOWING ones (and those of `also`). */
function isMainJob(command, also = []) {
  return command.options.every((option) => {
    const key = option.attributeName();
    return SHOWING.has(key) || also.includes(key) || [undefined, 'default'].includes(command.getOptionValueSource(key));
  });
}

/**
 * The first example of each family, in the registry's order, the
 * reference's family first (its first example is the reference).
 * @param {{ reference: string, examples: { name: string, family?: string }[] }} registry
 */
function representatives(registry) {
  const first = new Map();
  for (const entry of registry.examples) if (!first.has(entry.family ?? entry.name)) first.set(entry.family ?? entry.name, entry.name);
  const names = [...first.values()];
  return [registry.reference, ...names.filter((name) => name !== registry.reference)];
}

/**
 * What the main job counts beside its times: { jobs } to run with --measure
 * instructions (the representatives', then the floor's), with `floorNote`
 * when the floor cannot be counted at the cell; { note } when it cannot count
 * here (one line); or null when the job is not the main job or its scenario
 * names no cell to count.
 * @param {object} settings bench's resolved settings
 * @param {object} registry the scenario's problem's registry
 * @param {import('commander').Command} command
 * @param {{ declarations?: { scenarios: object, registries: object }, env?: object }} [how]
 *   declarations: what floorJobs plans the floor from (no floor without them); env: where valgrind is looked for
 */
function countedBeside(settings, registry, command, { declarations, env = process.env } = {}) {
  const cell = settings.scenario.counted;
  if (!cell || !settings.driver.counted || !settings.all || !isMainJob(command, ['all'])) return null;
  const why = cannotCount(settings.driver, [], env);
  if (why)
    return { note: `CPU work not counted beside the times: ${why}; then asyncmark bench --all counts it for ${representatives(registry).length} examples` };
  const examples = representatives(registry).filter((name) => settings.examples.includes(name) && !settings.unavailable[name]);
  const counted = { ...settings, examples, params: { ...settings.params, ...cell.params }, runs: 1, measure: 'instructions' };
  const floor = declarations ? floorJobs(counted, declarations) : null;
  return {
    jobs: [...plan(counted), ...(floor && floor.jobs ? floor.jobs : [])],
    cell: cell.params,
    ...(floor && floor.note ? { floorNote: floor.note } : {}),
  };
}

module.exports = { countedBeside, representatives, isMainJob };
