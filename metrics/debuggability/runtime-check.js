'use strict';

const { execFile } = require('node:child_process');
const { stripVTControlCharacters } = require('node:util');
const { launch } = require('../../lib/runner/launch');
const { headline } = require('../../lib/runner/spawn');

// How the probe finds out what a runtime does with a setting: it runs a small
// check script under the runtime, started as a probe run would be (the same
// binary, its own flags, the setting's flags in one form, the environment),
// and reads the check's one JSON line. Shared by stack-settings.js and
// source-maps.js, whose checks answer different questions.

// A check takes well under a second; a runtime's first start on a busy
// machine can take many.
const CHECK_TIMEOUT_MS = 20000;

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

// A runtime's refusal in one line: its line naming the error, colours taken
// out (Deno prints "error: unexpected argument ..." and a backtrace after).
function refusal(stderr) {
  const lines = stripVTControlCharacters(String(stderr)).split('\n');
  return lines.find((line) => /\berror\b/i.test(line))?.trim() || headline(stderr);
}

/**
 * Runs a check script under a runtime with one form of a setting, once more
 * when it gave no answer (a busy machine, a slow first start) before it is
 * judged by that.
 * @param {string} script the check to run
 * @param {object|null} runtime a record of lib/runtimes, or null for the node running asyncmark
 * @param {{ execArgv: string[], env: object }} form the setting's flags and variables
 * @param {{ baseEnv: object, timeoutMs?: number, isAnswer(line): boolean }} how
 *   isAnswer picks the check's JSON line among whatever else stdout holds (a
 *   preload may print around it)
 * @returns {Promise<{ found: object } | { error: string }>} error: the
 *   runtime's refusal in one line
 */
async function runCheck(script, runtime, form, how) {
  const result = await runOnce(script, runtime, form, how);
  return result.found ? result : runOnce(script, runtime, form, how);
}

function runOnce(script, runtime, { execArgv, env }, { baseEnv, timeoutMs = CHECK_TIMEOUT_MS, isAnswer }) {
  const started = launch({ execArgv }, runtime);
  return new Promise((resolve) => {
    execFile(
      started.execPath ?? process.execPath,
      [...started.execArgv, script],
      { env: { ...baseEnv, ...env }, timeout: timeoutMs, maxBuffer: 1024 * 1024 },
      (error, stdout, stderr) => {
        const found = String(stdout)
          .split('\n')
          .map(parseJson)
          .find((line) => line && isAnswer(line));
        if (found) resolve({ found });
        else resolve({ error: refusal(stderr) || (error && error.message) || 'no output' });
      },
    );
  });
}

// A form in words: its flags, then its variables.
function describeForm(form) {
  return [...form.execArgv, ...Object.entries(form.env).map(([key, value]) => `${key}=${value}`)].join(' ');
}

module.exports = { runCheck, describeForm, CHECK_TIMEOUT_MS };
