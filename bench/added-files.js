'use strict';

// bench --add: files of one's own beside the registered examples, made
// registry entries and put through the problem's conformance suite before
// anything runs (bench/commands/bench.js).

const path = require('node:path');
const scenarios = require('./scenarios');
const { UsageError, shown, parseNames } = require('./usage');
const { VERIFIABLE, resolveStyle, ownEntry, refuseUnloadable, refuseStyleWithout, verifyCommand, syntaxOf } = require('./own-examples');
const { firstFailure } = require('../lib/verify');
const { verifyFenced } = require('../lib/verify-fenced');
const { lacking } = require('../lib/runtimes/syntax');

/**
 * The files of --add as registry entries, named after their files, each
 * with the one style of --io, --call, --throws and --on-failure. Only a
 * problem with a conformance suite takes them; a name a registered example
 * has is refused. Verification comes later (verifyAdded): it is not quick.
 */
function resolveAdded(options, scenario, registered) {
  if (options.add === undefined) {
    refuseStyleWithout(options, '--add');
    return [];
  }
  if (!VERIFIABLE.includes(scenario.problem)) {
    const takers = Object.values(scenarios).filter((s) => VERIFIABLE.includes(s.problem));
    throw new UsageError(
      `--add: scenario ${scenario.name} (problem ${scenario.problem}) does not take files of your own; expected a scenario of ${VERIFIABLE.join(' or ')}: ${takers.map((s) => s.name).join(', ')}`,
    );
  }
  const style = resolveStyle(options, scenario.problem);
  const entries = [];
  for (const file of parseNames('--add', options.add)) {
    const entry = ownEntry(file, style, scenario.problem, '--add');
    if (registered.includes(entry.name)) {
      throw new UsageError(`--add: ${shown(file)} would be named ${entry.name}, as a registered example of ${scenario.problem} is; rename the file`);
    }
    const twin = entries.find((e) => e.name === entry.name);
    if (twin) throw new UsageError(`--add: ${shown(twin.file)} and ${shown(file)} would both be named ${entry.name}; rename one`);
    entries.push(entry);
  }
  return entries;
}

/**
 * Every file of --add through the problem's whole conformance suite, before
 * anything runs: the first that fails a case is refused in one line, with
 * that case, as a bad parameter is (exit code 2).
 */
async function verifyAdded({ scenario, added, needs, runtimes }) {
  if (added.length === 0) return;
  for (const entry of added) {
    // A file in a syntax not every runtime parses is a registered example
    // with `needs`: a run under a runtime that lacks it is UNSUPPORTED with
    // the reason, and it is verified under the first Node asked for that
    // parses it when the node running asyncmark does not.
    const uses = syntaxOf(entry.file);
    if (uses.length > 0) needs[entry.name] = uses[0];
    const able = uses.some((syntax) => lacking(syntax, null))
      ? runtimes.find((runner) => runner.name === 'node' && uses.every((syntax) => !lacking(syntax, runner)))
      : undefined;
    // In a child with a time limit per case: the file never runs in this process.
    const verdict = await verifyFenced(scenario.problem, entry, able ? { runtime: able.path } : {});
    const file = path.relative(process.cwd(), entry.file);
    const refused = refuseUnloadable(verdict, file, scenario.problem, '--add');
    if (refused) throw refused;
    if (verdict.failures.length > 0) {
      throw new UsageError(
        `--add: ${file} fails verification (${verdict.passed} of ${verdict.total} cases pass${verdict.passed === 0 ? `: is it written for --io ${entry.io} and --call ${entry.call}?` : ''}); ` +
          `first failing case: ${firstFailure(verdict)}; ${verifyCommand(file, scenario.problem, entry)} shows every one`,
      );
    }
  }
}

module.exports = { resolveAdded, verifyAdded };
