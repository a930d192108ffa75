'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { RUNTIMES, ALLOWED, parseSpec, parseSpecs, folderName } = require('./spec');
const { cacheFolder, usableCacheFolder } = require('./cache-folder');
const { installRuntime, readRecord, TEMP_PREFIX } = require('./install');
const { readVersion, readBrowserVersion, probeCapabilities, CAPABILITIES } = require('./probe');
const { KEYS: SYNTAX_KEYS } = require('./syntax');
const { BROWSERS, BROWSER_PACKAGES, locateBrowser } = require('./browsers');
const { needOptional } = require('../optional-dependency');
const { UsageError, shown } = require('../usage-error');
const { npmVersions } = require('./npm');
const { describeVersions } = require('./versions');

// The runtimes a benchmark can run under: the node running asyncmark, Node,
// Bun and Deno releases installed from npm into a cache folder, or a binary
// of one's own. Each resolves to one record:
//   { spec, name: 'node'|'bun'|'deno'|'custom', version, path, installed,
//     capabilities: { ipcFork, exposeGc, gcObserver, resourceUsage,
//                     loopDelay, loopUtilization, commonJs },
//     flags: { exposeGc, commonJs }, syntax: { awaitUsing, using }, bytes }
// `installed` says it lives in the cache; `bytes` is its size there; flags
// are what the runtime must be given for a capability (see probe.js); syntax,
// what it parses of what examples may need (syntax.js).
// A browser (browsers.js) is the system's own and is not probed:
//   { spec, name: 'chromium'|'chromium-worker'|'firefox'|'firefox-worker',
//     version (null when missing), path, installed: false, bytes: null,
//     capabilities: null, flags: null,
//     browser: { engine, thread: 'main'|'worker', path, missing } }
// where missing says why it cannot run (not installed, does not start), or is null.

const PROBE_FILE = 'asyncmark-probe.json';

// A probe cached by older probe code is probed again: a fixed probe (Node
// 14.5 importing perf_hooks by its bare name) must reach the runtimes
// probed before it.
const PROBE_CODE = (() => {
  const hash = crypto.createHash('sha256');
  const folder = path.join(__dirname, 'probe');
  for (const file of [
    path.join(__dirname, 'probe.js'),
    ...fs
      .readdirSync(folder)
      .sort()
      .map((name) => path.join(folder, name)),
  ])
    hash.update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
})();

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// The cache is a convenience: a folder we cannot write only costs a probe.
function writeJsonQuietly(file, value) {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`);
    fs.renameSync(temp, file);
  } catch {
    // Probed again next time.
  }
}

// Probe results live beside an install, and for the current node and binaries
// of one's own under probes/, named after the binary's path; either way they
// are kept for one version of that binary.
function probeFile(cache, runtime) {
  if (runtime.installed) return path.join(runtime.folder, PROBE_FILE);
  const key = crypto.createHash('sha256').update(runtime.path).digest('hex').slice(0, 16);
  return path.join(cache, 'probes', `${key}.json`);
}

async function withCapabilities(runtime, cache) {
  if (runtime.browser) return runtime;
  const file = probeFile(cache, runtime);
  const cached = readJson(file);
  const { folder, ...record } = runtime;
  const valid =
    cached &&
    cached.path === runtime.path &&
    cached.version === runtime.version &&
    cached.probeCode === PROBE_CODE &&
    CAPABILITIES.every((key) => typeof cached.capabilities?.[key] === 'boolean') &&
    SYNTAX_KEYS.every((key) => typeof cached.syntax?.[key] === 'boolean') &&
    typeof cached.flags === 'object' &&
    cached.flags !== null &&
    'compiledChild' in cached.flags;
  if (valid) return { ...record, capabilities: cached.capabilities, flags: cached.flags, syntax: cached.syntax };
  const probed = await probeCapabilities(runtime.path, { ...runtime, cache });
  // A runtime that could not even answer as a forked child is probed again
  // next time rather than remembered: that failure may be passing (a loaded
  // machine past the time limit, a preload in NODE_OPTIONS it cannot parse).
  if (probed.capabilities.ipcFork)
    writeJsonQuietly(file, { path: runtime.path, version: runtime.version, probeCode: PROBE_CODE, ...probed, probedAt: new Date().toISOString() });
  return { ...record, ...probed };
}

function oneLine(text) {
  return String(text)
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

// A binary of one's own must be there and executable before anything runs.
function checkExecutable(spec, parameter) {
  let why = null;
  try {
    const stat = fs.statSync(spec.path);
    if (!stat.isFile()) why = 'not a file';
    else fs.accessSync(spec.path, fs.constants.X_OK);
  } catch (error) {
    why = error.code === 'ENOENT' ? 'no such file' : error.code === 'EACCES' ? 'not executable' : error.code;
  }
  if (why) throw new UsageError(`${parameter}: ${shown(spec.spec)} is not allowed; expected the path of an executable file (${spec.path}: ${why})`);
}

function current(spec) {
  return { spec: spec.spec, name: 'node', version: process.versions.node, path: process.execPath, installed: false, bytes: null };
}

async function custom(spec, parameter) {
  try {
    const version = await readVersion(spec.path, 'custom');
    return { spec: spec.spec, name: 'custom', version, path: spec.path, installed: false, bytes: null };
  } catch (error) {
    throw new UsageError(`${parameter}: ${shown(spec.spec)} is not allowed; expected an executable that prints its version (${oneLine(error.message)})`);
  }
}

async function fromCache(folder, record) {
  const binary = path.join(folder, record.binary);
  const version = await readVersion(binary, record.name);
  return { spec: record.spec, name: record.name, version, path: binary, installed: true, bytes: record.bytes ?? null, folder };
}

// A browser missing or broken is not refused: its runs say why, and the
// session goes on.
async function browser(spec, { env = process.env } = {}) {
  const { engine } = spec.browser;
  const located = locateBrowser(engine, { env });
  let version = null;
  let missing = located.missing;
  if (!missing) {
    try {
      version = await readBrowserVersion(located.path, engine);
    } catch (error) {
      missing = `${engine} at ${located.path} does not run (${oneLine(error.message)})`;
    }
  }
  return {
    spec: spec.spec,
    name: spec.name,
    version,
    path: located.path,
    installed: false,
    bytes: null,
    capabilities: null,
    flags: null,
    browser: { ...spec.browser, path: located.path, missing },
  };
}

function notInstalled(spec, parameter) {
  return new UsageError(`${parameter}: ${shown(spec.spec)} is not installed; expected an installed runtime (asyncmark runtimes --install ${spec.spec})`);
}

async function installed(spec, { cache, install, parameter, npm, timeoutMs, onProgress }) {
  const folder = path.join(cache, folderName(spec));
  let record = readRecord(folder);
  if (!record && !install) throw notInstalled(spec, parameter);
  if (!record) {
    try {
      const result = await installRuntime(spec, { cache, npm, timeoutMs, onProgress });
      record = result.record;
      if (result.fresh) {
        const mb = Math.round(record.bytes / 1e6);
        onProgress(`installed ${spec.spec}: ${record.name} ${record.version} in ${record.installSeconds} s, ${mb} MB`);
      }
    } catch (error) {
      // The versions that exist, looked up only now that one did not install.
      const versions = await npmVersions(RUNTIMES[spec.name].package, { npm });
      const expected = versions
        ? `a release npm has (${describeVersions(RUNTIMES[spec.name].package, versions, spec.range)})`
        : `a release npm has, or another runtime: ${ALLOWED}`;
      throw new UsageError(`${parameter}: ${shown(spec.spec)} cannot be installed: ${oneLine(error.message)}; expected ${expected}`);
    }
  }
  try {
    return await fromCache(folder, record);
  } catch (error) {
    throw new UsageError(
      `${parameter}: ${shown(spec.spec)} is installed in ${folder} but does not run (${oneLine(error.message)}); expected a working runtime: remove that folder to install it again`,
    );
  }
}

/**
 * Resolve runtimes as a user names them (an array, or "node@22,bun" as typed)
 * into records, installing those missing from the cache when `install`.
 * Everything that cannot be had is refused with a UsageError naming
 * `parameter`, the value and what is allowed, before anything is probed:
 * a bad name or version, a path that is not an executable, a runtime npm
 * cannot install (unknown version, no network), or, without `install`, one
 * not installed.
 * @param {string|string[]} list
 * @param {{ install?: boolean, cache?: string, cwd?: string, parameter?: string,
 *           onProgress?: (line: string) => void, npm?: { command: string, args: string[] }, timeoutMs?: number }} [options]
 */
async function resolveRuntimes(
  list,
  { install = true, cache = usableCacheFolder(), cwd = process.cwd(), parameter = '--runtime', onProgress = () => {}, npm, timeoutMs } = {},
) {
  const specs = parseSpecs(list, { parameter, cwd });
  for (const spec of specs) if (spec.path) checkExecutable(spec, parameter);
  // A browser's own binary missing is said by its runs; the packages that
  // drive it are asyncmark's to ask for, before anything runs.
  for (const spec of specs) if (spec.browser) needOptional(BROWSER_PACKAGES, `${parameter} ${spec.spec}`);
  if (!install) for (const spec of specs) if (spec.package && !readRecord(path.join(cache, folderName(spec)))) throw notInstalled(spec, parameter);
  const runtimes = [];
  for (const spec of specs) {
    if (spec.current) runtimes.push(current(spec));
    else if (spec.browser) runtimes.push(await browser(spec));
    else if (spec.path) runtimes.push(await custom(spec, parameter));
    else runtimes.push(await installed(spec, { cache, install, parameter, npm, timeoutMs, onProgress }));
  }
  const records = [];
  for (const runtime of runtimes) records.push(await withCapabilities(runtime, cache));
  return records;
}

function compareVersions(a, b) {
  const parts = (v) => String(v ?? '').split(/[.-]/);
  const [pa, pb] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (Number(pa[i]) || 0) - (Number(pb[i]) || 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/**
 * The current node and every runtime installed in the cache, with versions
 * and capabilities; an install whose binary no longer runs is listed with
 * `error` and no capabilities. Temporary folders of installs under way or
 * abandoned are not installs and are not listed. Browsers: listBrowsers.
 * @param {{ cache?: string }} [options]
 */
async function listRuntimes({ cache = usableCacheFolder() } = {}) {
  const found = [current(parseSpec('node'))];
  const broken = [];
  const names = fs.existsSync(cache) ? fs.readdirSync(cache).filter((name) => !name.startsWith(TEMP_PREFIX)) : [];
  for (const name of names) {
    const folder = path.join(cache, name);
    const record = readRecord(folder);
    if (!record || !(record.name in RUNTIMES)) continue;
    try {
      found.push(await fromCache(folder, record));
    } catch (error) {
      const { bytes = null } = record;
      const binary = path.join(folder, record.binary);
      broken.push({
        spec: record.spec,
        name: record.name,
        version: record.version,
        path: binary,
        installed: true,
        bytes,
        capabilities: null,
        flags: null,
        syntax: null,
        error: oneLine(error.message),
      });
    }
  }
  const order = ['node', ...Object.keys(RUNTIMES).filter((name) => name !== 'node')];
  const records = [];
  for (const runtime of found) records.push(await withCapabilities(runtime, cache));
  return [...records, ...broken].sort(
    (a, b) =>
      (a.installed === b.installed ? 0 : a.installed ? 1 : -1) || order.indexOf(a.name) - order.indexOf(b.name) || compareVersions(a.version, b.version),
  );
}

/**
 * Every browser runtime, whether its browser is installed or not
 * (browser.missing says why not), with its version where it runs.
 */
async function listBrowsers() {
  const records = [];
  for (const name of Object.keys(BROWSERS)) records.push(await browser(parseSpec(name)));
  return records;
}

module.exports = { resolveRuntimes, listRuntimes, listBrowsers, cacheFolder, usableCacheFolder, parseSpec, parseSpecs, ALLOWED, CAPABILITIES, compareVersions };
