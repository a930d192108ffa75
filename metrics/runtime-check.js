'use strict';

const { execFile } = require('node:child_process');
const { launch } = require('../lib/runner/launch');

// How the probe finds out what a runtime does with a setting: it runs a small
// check script under the runtime, started as a probe run would be (the same
// binary, its own flags, the setting's flags in one form, the environment),
// and reads the check's one JSON line. Shared by stack-settings.js and
// source-maps.js, whose checks answer different questions.

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Runs a check script under a runtime with one form of a setting.
 * @param {string} script the check to run
 * @param {object|null} runtime a record of lib/runtimes, or null for the node running asyncmark
 * @param {{ execArgv: string[], env: object }} form the setting's flags and variables
 * @param {{ baseEnv: object, timeoutMs: number, isAnswer(line): boolean, errorOf(stderr): string }} how
 *   isAnswer picks the check's JSON line among whatever else stdout holds (a
 *   preload may print around it); errorOf says in one line why there is none
 * @returns {Promise<{ found: object } | { error: string }>}
 */
function runCheck(script, runtime, { execArgv, env }, { baseEnv, timeoutMs, isAnswer, errorOf }) {
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
        else resolve({ error: errorOf(stderr) || (error && error.message) || 'no output' });
      },
    );
  });
}

// A form in words: its flags, then its variables.
function describeForm(form) {
  return [...form.execArgv, ...Object.entries(form.env).map(([key, value]) => `${key}=${value}`)].join(' ');
}

module.exports = { runCheck, describeForm };
