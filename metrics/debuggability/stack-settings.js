'use strict';

const path = require('node:path');
const { runCheck, describeForm, CHECK_TIMEOUT_MS } = require('./runtime-check');

// The stack settings of the debuggability probe, and how a runtime of
// --runtime is made to apply each. The settings are Node's (V8's) flags; other
// runtimes take them otherwise, or not at all. Which way works is found by
// running the runtime and looking at what the flags should do (a trace with or
// without async frames, Error.stackTraceLimit), never from a table of
// versions: a runtime may ignore a flag it does not know without a word (Bun
// does), so that it is accepted proves nothing.

// Pinned so that NODE_OPTIONS cannot change what "Node's default" means.
const STACK_FRAMES = 10;
const STACK_TRACE_LIMIT = `--stack-trace-limit=${STACK_FRAMES}`;

// What a developer may have switched on to get better traces.
const SETTINGS = {
  none: {
    execArgv: ['--no-async-stack-traces', STACK_TRACE_LIMIT],
    libraryLongStacks: false,
    description: 'no async stack traces, no library long stack traces',
  },
  node: {
    execArgv: ['--async-stack-traces', STACK_TRACE_LIMIT],
    libraryLongStacks: false,
    description: "Node's default: V8 async stack traces (frames of awaiting async functions)",
  },
  long: {
    execArgv: ['--async-stack-traces', STACK_TRACE_LIMIT],
    libraryLongStacks: true,
    description: "Node's default plus bluebird longStackTraces and Q.longStackSupport",
  },
};
const SETTING_NAMES = Object.keys(SETTINGS);

const CHECK = path.join(__dirname, 'stack-settings-child.js');

/**
 * What a setting's flags ask of a trace, in the terms the check reports.
 * @param {string[]} execArgv
 * @returns {{ asyncFrames?: boolean, stackTraceLimit?: number }}
 */
function effectsOf(execArgv) {
  const effects = {};
  for (const flag of execArgv) {
    const limit = /^--stack-trace-limit=(\d+)$/.exec(flag);
    if (flag === '--async-stack-traces') effects.asyncFrames = true;
    else if (flag === '--no-async-stack-traces') effects.asyncFrames = false;
    else if (limit) effects.stackTraceLimit = Number(limit[1]);
    else throw new RangeError(`a stack setting's flag must be --[no-]async-stack-traces or --stack-trace-limit=N; got ${flag}`);
  }
  return effects;
}

// Bun passes JavaScriptCore's options on from BUN_JSC_<option> variables;
// useAsyncStackTrace is the one async frames hang on.
function jscOptions(flags) {
  const env = {};
  if (flags.includes('--async-stack-traces')) env.BUN_JSC_useAsyncStackTrace = '1';
  if (flags.includes('--no-async-stack-traces')) env.BUN_JSC_useAsyncStackTrace = '0';
  return env;
}

// The ways a runtime may take a setting's flags, tried in this order until
// one has the effect the flags ask for: as Node takes them; inside Deno's
// --v8-flags (Deno refuses V8's flags otherwise); as given, with Bun's
// JavaScriptCore options in the environment (Bun takes --stack-trace-limit
// but ignores the async stack trace flags).
const FORMS = [
  { name: 'flags', use: (flags) => ({ execArgv: flags, env: {} }) },
  { name: 'v8-flags', use: (flags) => ({ execArgv: [`--v8-flags=${flags.join(',')}`], env: {} }) },
  { name: 'jsc-options', use: (flags) => ({ execArgv: flags, env: jscOptions(flags) }) },
];

// Runs the check under the runtime as a probe run would be started: the same
// binary, its own flags, the setting's flags in one form, the environment.
function check(runtime, form, { baseEnv, timeoutMs }) {
  return runCheck(CHECK, runtime, form, { baseEnv, timeoutMs, isAnswer: (line) => typeof line.asyncFrames === 'boolean' });
}

// What the runtime did instead of what was asked, in words.
function mismatches(effects, found) {
  const words = [];
  if (effects.asyncFrames === false && found.asyncFrames) words.push('its traces keep async frames');
  if (effects.asyncFrames === true && !found.asyncFrames) words.push('its traces have no async frames');
  if (effects.stackTraceLimit !== undefined && found.stackTraceLimit !== effects.stackTraceLimit) {
    words.push(`Error.stackTraceLimit is ${found.stackTraceLimit}, not ${effects.stackTraceLimit}`);
  }
  return words;
}

/**
 * How one runtime applies each setting, by running it once per way tried.
 * @param {object} runtime a record of lib/runtimes (it can run asyncmark's children)
 * @param {string[]} names setting names
 * @param {{ env?: object, timeoutMs?: number }} [options] env: the children's environment
 * @returns {Promise<{ reported: { node, v8 } | null, settings: object }>} settings:
 *   name → { applies: true, form, execArgv, env } (the flags and variables a
 *   run under that setting gets) or { applies: false, reason }
 */
async function applySettings(runtime, names, { env = process.env, timeoutMs = CHECK_TIMEOUT_MS } = {}) {
  const byFlags = new Map();
  let reported = null;
  const settings = {};
  for (const name of names) {
    const flags = SETTINGS[name].execArgv;
    const key = JSON.stringify(flags);
    if (!byFlags.has(key)) {
      const effects = effectsOf(flags);
      const tried = [];
      let found = null;
      for (const form of FORMS) {
        const used = form.use(flags);
        const result = await check(runtime, used, { baseEnv: env, timeoutMs });
        tried.push({ form, used, result });
        if (result.found) reported = reported ?? result.found.versions ?? null;
        if (result.found && mismatches(effects, result.found).length === 0) {
          found = { applies: true, form: form.name, execArgv: used.execArgv, env: used.env };
          break;
        }
      }
      byFlags.set(key, found ?? { applies: false, reason: notApplied(runtime, tried, effects) });
    }
    settings[name] = byFlags.get(key);
  }
  return { reported, settings };
}

function notApplied(runtime, tried, effects) {
  const ran = tried.filter((t) => t.result.found);
  if (ran.length === 0) return `${runtime.spec} refuses the flags in every form tried (${tried[0].result.error})`;
  const what = [...new Set(ran.flatMap((t) => mismatches(effects, t.result.found)))].join('; ');
  return `${what} under ${runtime.spec}, whether given ${ran.map((t) => describeForm(t.used)).join(', or ')}`;
}

module.exports = { SETTINGS, SETTING_NAMES, STACK_FRAMES, effectsOf, applySettings };
