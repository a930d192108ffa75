'use strict';

const { execFile, fork } = require('node:child_process');
const path = require('node:path');
const { RUNTIMES } = require('./spec');
const { SYNTAX } = require('./syntax');
const { parseBrowserVersion } = require('./browsers');

// What a runtime is and what it can do, found by running it: its version from
// `--version`, and each capability a runner needs by trying it with a tiny
// script in lib/runtimes/probe/ (never from a table of versions).

const PROBES = path.join(__dirname, 'probe');
const TIMEOUT_MS = 20000;

// The flags that may expose globalThis.gc, tried in this order: Node and Bun
// take --expose-gc; Deno refuses it and takes the V8 flag through --v8-flags.
const GC_FLAGS = [['--expose-gc'], ['--v8-flags=--expose-gc']];

// The flags that may make a runtime run asyncmark's CommonJS .js files, tried
// in this order: Node and Bun need none; Deno reads .js files as ES modules
// unless told to detect CommonJS, and reads no file without --allow-read.
const COMMONJS_FLAGS = [[], ['--allow-read', '--unstable-detect-cjs']];

const CAPABILITIES = ['ipcFork', 'exposeGc', 'gcObserver', 'resourceUsage', 'loopDelay', 'loopUtilization', 'commonJs'];

function run(binary, args, { timeoutMs = TIMEOUT_MS } = {}) {
  return new Promise((resolve) => {
    execFile(binary, args, { timeout: timeoutMs, maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ ok: !error, stdout: String(stdout), stderr: String(stderr), error });
    });
  });
}

/**
 * The version a runtime reports: the first line of `binary --version`, read
 * as its kind prints it (Node "v26.10.0", Bun "1.4.5", Deno "deno 2.9.6 (...)").
 * A custom binary's version is the first x.y.z on that line, else the line.
 * Throws when the binary does not run or prints no version.
 * @param {string} binary
 * @param {string} name node | bun | deno | custom
 */
async function readVersion(binary, name) {
  const result = await run(binary, ['--version']);
  const line = result.stdout.split('\n')[0].trim();
  if (!result.ok || line === '') {
    const why = result.error && result.error.code === 'ENOENT' ? 'no such file' : firstLine(result.stderr) || String(result.error?.message ?? 'no output');
    throw new Error(`${binary} --version failed: ${why}`);
  }
  if (name in RUNTIMES) {
    const match = RUNTIMES[name].version.exec(line);
    if (!match) throw new Error(`${binary} --version printed ${JSON.stringify(line)}, not a ${name} version`);
    return match[1];
  }
  const match = /\d+\.\d+\.\d+[^\s)]*/.exec(line);
  return match ? match[0] : line.slice(0, 60);
}

/**
 * The version a browser reports: Chromium "156.0.8078.79", Firefox
 * "153.7.0esr", from the first line of `binary --version`. Throws when the
 * binary does not run or prints no version.
 * @param {string} binary
 * @param {'chromium'|'firefox'} engine
 */
async function readBrowserVersion(binary, engine) {
  const result = await run(binary, ['--version']);
  const version = result.ok ? parseBrowserVersion(engine, result.stdout) : null;
  if (version) return version;
  const why = result.error && result.error.code === 'ENOENT' ? 'no such file' : firstLine(result.stdout) || firstLine(result.stderr) || 'no output';
  throw new Error(`${binary} --version printed no ${engine} version: ${why}`);
}

function firstLine(text) {
  return (
    String(text)
      .split('\n')
      .map((line) => line.trim())
      .find(Boolean) ?? ''
  );
}

// Fork the echo child with the runtime as execPath and exchange one message,
// as the runner's children will report their runs.
function probeIpcFork(binary, { timeoutMs = TIMEOUT_MS } = {}) {
  return new Promise((resolve) => {
    let child;
    try {
      child = fork(path.join(PROBES, 'ipc-child.js'), [], { execPath: binary, execArgv: [], stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    } catch {
      resolve(false);
      return;
    }
    const nonce = `asyncmark-${process.pid}-${Date.now()}`;
    let answered = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      resolve(answered);
    };
    child.on('message', (message) => {
      answered = answered || (message && message.echo === nonce);
    });
    // A binary that cannot be started reports 'error' and may never 'close'.
    child.on('error', finish);
    child.on('close', finish);
    child.send(nonce, () => {});
  });
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function probeMeasurements(binary) {
  for (const flags of [...GC_FLAGS, []]) {
    const result = await run(binary, [...flags, path.join(PROBES, 'capabilities.js')]);
    const found = result.ok ? parseJson(firstLine(result.stdout)) : null;
    if (found && (found.exposeGc || flags.length === 0)) return { ...found, gcFlags: found.exposeGc ? flags : null };
  }
  return { exposeGc: false, gcFlags: null, gcObserver: false, resourceUsage: false, loopDelay: false, loopUtilization: false };
}

// commonjs.js requires a module beside it, as every child script does.
async function probeCommonJs(binary) {
  for (const flags of COMMONJS_FLAGS) {
    const result = await run(binary, [...flags, path.join(PROBES, 'commonjs.js')]);
    if (result.ok && result.stdout.startsWith('commonjs ')) return flags;
  }
  return null;
}

// Whether the runtime runs each syntax of lib/runtimes/syntax.js: its probe
// prints { <key>: true } only where it parses and behaves.
async function probeSyntax(binary) {
  const found = {};
  for (const { key, probe } of Object.values(SYNTAX)) {
    const result = await run(binary, [probe]);
    const line = result.ok ? parseJson(firstLine(result.stdout)) : null;
    found[key] = Boolean(line && line[key] === true);
  }
  return found;
}

/**
 * Every capability, each by running the binary:
 *   ipcFork          the target of child_process.fork (execPath) with IPC
 *   exposeGc         globalThis.gc is a function under flags.exposeGc
 *   gcObserver       a PerformanceObserver on 'gc' entries hears a collection
 *   resourceUsage    process.resourceUsage().maxRSS is a positive number
 *   loopDelay        monitorEventLoopDelay sees a blocked loop
 *   loopUtilization  performance.eventLoopUtilization counts a busy loop
 *   commonJs         a CommonJS .js file that requires another runs, under
 *                    flags.commonJs
 * flags.<capability> are the command-line flags it takes ([] for none), or
 * null when none of those tried gives it. syntax.<key>: whether it runs each
 * syntax an example may need (lib/runtimes/syntax.js: awaitUsing, using).
 * @returns {Promise<{ capabilities: object, flags: { exposeGc: string[]|null, commonJs: string[]|null }, syntax: object }>}
 */
async function probeCapabilities(binary) {
  const ipcFork = await probeIpcFork(binary);
  const { gcFlags, ...measurements } = await probeMeasurements(binary);
  const commonJsFlags = await probeCommonJs(binary);
  const found = { ipcFork, ...measurements, commonJs: commonJsFlags !== null };
  const capabilities = Object.fromEntries(CAPABILITIES.map((key) => [key, found[key] === true]));
  return { capabilities, flags: { exposeGc: gcFlags, commonJs: commonJsFlags }, syntax: await probeSyntax(binary) };
}

module.exports = { readVersion, readBrowserVersion, probeCapabilities, CAPABILITIES };
