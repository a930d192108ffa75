'use strict';

const { UsageError, refuse, parseNumber } = require('./usage');
const { MODELS_BY_PROBLEM } = require('../lib/fakes');

// --db and --pool: what a bench session's uploads run against. fake (the
// default) is the simulated I/O; pglite, postgres and a URL are real databases,
// for a problem whose model has one (its `database`).

const KINDS = ['fake', 'pglite', 'postgres'];
const ALLOWED = 'fake, pglite, postgres or a postgres:// URL';
const DEFAULT_POOL = 10;

function takers(scenarios) {
  return Object.values(scenarios)
    .filter((s) => typeof MODELS_BY_PROBLEM[s.problem]?.database === 'function')
    .map((s) => s.name);
}

/**
 * @returns {{ kind: 'pglite' | 'postgres' | 'url', url?: string, pool?: number } | null} null for the simulated I/O
 */
function resolveDatabaseOption(options, scenario, scenarios) {
  const poolGiven = options.pool !== undefined;
  if (options.db === undefined) {
    if (poolGiven) throw new UsageError(`--pool: applies only with --db postgres or a postgres:// URL`);
    return null;
  }
  const text = String(options.db).trim();
  let choice;
  if (/^postgres(ql)?:\/\//.test(text)) {
    try {
      new URL(text);
    } catch {
      throw refuse('--db', text, ALLOWED);
    }
    choice = { kind: 'url', url: text };
  } else if (KINDS.includes(text)) choice = { kind: text };
  else throw refuse('--db', text, ALLOWED);
  if (typeof MODELS_BY_PROBLEM[scenario.problem]?.database !== 'function') {
    throw new UsageError(
      `--db: scenario ${scenario.name} (problem ${scenario.problem}) has no database model; --db applies to ${takers(scenarios).join(', ')}`,
    );
  }
  if (choice.kind === 'fake' || choice.kind === 'pglite') {
    if (poolGiven)
      throw new UsageError(
        `--pool: applies only with --db postgres or a postgres:// URL, not ${choice.kind}${choice.kind === 'pglite' ? ' (one connection)' : ''}`,
      );
    return choice.kind === 'fake' ? null : choice;
  }
  choice.pool = parseNumber('--pool', options.pool ?? DEFAULT_POOL, { min: 1, max: 1000, integer: true });
  return choice;
}

module.exports = { resolveDatabaseOption, DEFAULT_POOL };
