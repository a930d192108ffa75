'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { spawn, execFile } = require('node:child_process');

// Running `npm install` for a runtime: which npm, with which environment, and
// what to say when it fails.

/**
 * The npm that runs alongside the current node, as { command, args }: the
 * npm-cli.js of $npm_execpath when npm started us (npm run, npx; yarn and
 * pnpm set it to themselves, so only npm's own file counts), run by this
 * node; else the npm beside this node's executable; else `npm` on PATH.
 * @param {{ env?: object, execPath?: string, exists?: (file: string) => boolean }} [options]
 */
function npmCommand({ env = process.env, execPath = process.execPath, exists = fs.existsSync } = {}) {
  const execpath = env.npm_execpath;
  if (execpath && path.basename(execpath) === 'npm-cli.js' && exists(execpath)) return { command: execPath, args: [execpath] };
  const beside = path.join(path.dirname(execPath), 'npm');
  if (exists(beside)) return { command: beside, args: [] };
  return { command: 'npm', args: [] };
}

// What an `npm run` that started us put in the environment would redirect the
// install (npm_config_prefix=/usr, npm_config_local_prefix=<the project>) or
// make it global; the rest (cache, registry, proxy, certificates) is kept.
const REDIRECTING = /^npm_(config_(prefix|local_prefix|global|global_prefix|location)|package_|lifecycle_)/i;

function npmEnv(env = process.env) {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !REDIRECTING.test(key)));
}

/**
 * `npm install --prefix <folder> --no-save --no-audit --no-fund <package>`.
 * Resolves { ok, reason, output }: reason is one line saying why it failed.
 * @param {string} folder an existing folder with a package.json
 * @param {string} pkg e.g. node@26
 * @param {{ npm?: { command: string, args: string[] }, timeoutMs?: number, signal?: AbortSignal }} [options]
 *   signal: aborting it kills npm (an install interrupted by Ctrl-C)
 */
function npmInstall(folder, pkg, { npm = npmCommand(), timeoutMs = 10 * 60 * 1000, signal } = {}) {
  const args = [...npm.args, 'install', '--prefix', folder, '--no-save', '--no-audit', '--no-fund', pkg];
  return new Promise((resolve) => {
    const output = [];
    let timedOut = false;
    const child = spawn(npm.command, args, { cwd: folder, env: npmEnv(), stdio: ['ignore', 'pipe', 'pipe'], signal, killSignal: 'SIGKILL' });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
    }, timeoutMs);
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    let settled = false;
    const finish = (result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    child.on('error', (error) => finish({ ok: false, reason: `${npm.command} could not be started (${error.code ?? error.message})`, output: '' }));
    child.on('close', (code, signal) => {
      const text = Buffer.concat(output).toString();
      if (code === 0) return finish({ ok: true, reason: null, output: text });
      const ended = timedOut ? `timed out after ${Math.round(timeoutMs / 1000)} s` : signal ? `killed by ${signal}` : `exit code ${code}`;
      finish({ ok: false, reason: npmReason(text) ?? `npm install ${pkg} failed (${ended})`, output: text });
    });
  });
}

// npm's errors come as "npm error <title> <text>" lines (npm ERR! before npm
// 9): the code, then what went wrong, then a stack, a dump and the log's
// path. The line that says what went wrong, with its code.
const NOISE = /^(code|errno|syscall|path|A complete log|\s|[{}[\]]|$)/;

function npmReason(output) {
  const lines = String(output)
    .split('\n')
    .filter((line) => /^npm (error|ERR!)/.test(line))
    .map((line) => line.replace(/^npm (error|ERR!) ?/, ''));
  const code = lines.map((line) => /^code (\S+)/.exec(line)).find(Boolean);
  const what = lines.find((line) => !NOISE.test(line));
  if (!what) return null;
  // "notarget No matching version found for node@99." → the sentence.
  const sentence = what.replace(/^[a-z][\w-]* (?=[A-Z])/, '').trim();
  return code && !sentence.includes(code[1]) ? `${sentence} (${code[1]})` : sentence;
}

/**
 * Every version npm lists of one package (`npm view <name> versions --json`),
 * or null when npm cannot say (no network, say).
 * @param {string} name
 * @param {{ npm?: { command: string, args: string[] }, timeoutMs?: number }} [options]
 * @returns {Promise<string[]|null>}
 */
function npmVersions(name, { npm = npmCommand(), timeoutMs = 60 * 1000 } = {}) {
  return new Promise((resolve) => {
    execFile(
      npm.command,
      [...npm.args, 'view', name, 'versions', '--json'],
      { env: npmEnv(), timeout: timeoutMs, maxBuffer: 8 * 1024 * 1024 },
      (error, stdout) => {
        let versions;
        try {
          versions = error ? null : JSON.parse(stdout);
        } catch {
          versions = null;
        }
        resolve(Array.isArray(versions) ? versions : null);
      },
    );
  });
}

module.exports = { npmCommand, npmEnv, npmInstall, npmReason, npmVersions };
