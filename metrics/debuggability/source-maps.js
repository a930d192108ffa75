'use strict';

const path = require('node:path');
const { runCheck, describeForm, CHECK_TIMEOUT_MS } = require('./runtime-check');

// How a runtime is made to apply the source map beside a compiled file (its
// `//# sourceMappingURL=` comment), found by running it as the stack settings
// are (metrics/debuggability/stack-settings.js): a runtime may accept a flag and ignore it
// (Bun takes --enable-source-maps without a word), so only the trace it then
// writes tells. source-maps-check/ holds a compiled file whose map moves its
// throw to line 7 of original.js; the check says whether a trace names that.

const CHECK = path.join(__dirname, 'source-maps-check', 'check.js');

// The ways tried, in order, after asking for nothing (a runtime may apply
// source maps always): Node's flag, then Node's flag in NODE_OPTIONS, kept
// with whatever NODE_OPTIONS already holds (a coverage tool's preload).
const FORMS = [
  { name: 'flag', use: () => ({ execArgv: ['--enable-source-maps'], env: {} }) },
  {
    name: 'NODE_OPTIONS',
    use: (baseEnv) => ({ execArgv: [], env: { NODE_OPTIONS: [baseEnv.NODE_OPTIONS, '--enable-source-maps'].filter(Boolean).join(' ') } }),
  },
];

// Runs the check under the runtime (null: the node running asyncmark) with
// one form's flags and variables.
function check(runtime, form, { baseEnv, timeoutMs }) {
  return runCheck(CHECK, runtime, form, { baseEnv, timeoutMs, isAnswer: (line) => typeof line.mapped === 'boolean' });
}

/**
 * How a runtime applies source maps, by running the check.
 * @param {object|null} runtime a record of lib/runtimes, or null for the node running asyncmark
 * @param {{ env?: object, timeoutMs?: number }} [options] env: the children's environment
 * @returns {Promise<object>} { always: true } when it maps without being asked;
 *   else { always: false, applies: true, form, execArgv, env } (what a run
 *   with source maps gets), or { always: false, applies: false, reason }
 */
async function findSourceMaps(runtime, { env = process.env, timeoutMs = CHECK_TIMEOUT_MS } = {}) {
  const run = (used) => check(runtime, used, { baseEnv: env, timeoutMs });
  const plain = await run({ execArgv: [], env: {} });
  if (plain.found && plain.found.mapped) return { always: true, applies: true, form: 'always', execArgv: [], env: {} };
  const tried = [];
  for (const form of FORMS) {
    const used = form.use(env);
    const result = await run(used);
    if (result.found && result.found.mapped) return { always: false, applies: true, form: form.name, execArgv: used.execArgv, env: used.env };
    tried.push(`${describeForm(used)}: ${result.found ? 'the trace still names the compiled file' : `refused (${result.error})`}`);
  }
  const who = runtime ? runtime.spec : 'node';
  return { always: false, applies: false, reason: `${who} applies no source map of a .js file, whether given ${tried.join('; or ')}` };
}

module.exports = { findSourceMaps };
