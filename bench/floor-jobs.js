'use strict';

const { plan } = require('../lib/runner/session');

// The floor's counted runs. A scenario may declare a floor (`floor: {
// scenario, example }`, checked by lib/problems.js): the work every example
// pays whatever its style. When a session counts CPU work (--measure
// instructions or both), the floor's example is counted too, at the
// session's values of the floor scenario's parameters, under the same
// runtimes, as many runs as the examples; its runs are results lines of the
// floor's scenario like any other (so --resume skips those present), and the
// counted table divides each count above the floor by the baseline's above
// it (lib/above-floor.js). It is never timed: a floor of counted work says
// nothing of a time.

const asList = (value) => (Array.isArray(value) ? value : [value]);

/**
 * The floor scenario's parameters at the session's values, or why there are
 * none: a parameter the floor scenario fixes must keep one of its own values.
 * Its parameters the session left out (one that applies only with another's
 * value) are left out too.
 * @returns {{ params: object } | { why: string }}
 */
function floorParams(sessionParams, scenario) {
  const params = {};
  for (const name of Object.keys(scenario.params).filter((key) => Object.hasOwn(sessionParams, key))) {
    const value = sessionParams[name];
    if ((scenario.fixed ?? []).includes(name)) {
      const own = asList(scenario.params[name]);
      if (asList(value).some((each) => !own.includes(each)))
        return { why: `${scenario.name} fixes ${name} at ${own.join(', ')}, and this session runs ${asList(value).join(', ')}` };
    }
    params[name] = value;
  }
  return { params };
}

/**
 * What a session counts of its scenario's floor: { jobs } (plan()'s jobs of
 * the floor's scenario and example), { note } when it cannot be counted at
 * the session's parameters (one line), or null when the session counts
 * nothing or its scenario declares no floor.
 * @param {object} settings bench's resolved settings (scenario, driver, measure, params, runs, runtimes, test)
 * @param {{ scenarios: Object<string, object>, registries: Object<string, object> }} declarations every
 *   scenario by name (lib/problems.js) and every problem's registry (examples/index.js)
 */
function floorJobs(settings, { scenarios, registries }) {
  const declared = settings.scenario.floor;
  if (!declared || settings.measure === 'time') return null;
  const scenario = scenarios[declared.scenario];
  const found = floorParams(settings.params, scenario);
  if (found.why) return { note: `the floor ${declared.example} (${scenario.name}) not counted: ${found.why}` };
  const entry = registries[scenario.problem].examples.find((each) => each.name === declared.example);
  const jobs = plan({
    scenario,
    driver: settings.driver,
    examples: [declared.example],
    params: found.params,
    runs: settings.runs,
    unavailable: entry.unavailable ? { [entry.name]: entry.unavailable } : {},
    needs: entry.needs ? { [entry.name]: entry.needs } : {},
    runtimes: settings.runtimes ?? [],
    test: settings.test,
    label: settings.label,
  });
  return { jobs };
}

module.exports = { floorJobs };
