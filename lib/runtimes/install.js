'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { RUNTIMES, folderName } = require('./spec');
const { npmInstall } = require('./npm');
const { readVersion } = require('./probe');

// Installing a runtime from npm into the cache, atomically: npm installs into
// a temporary folder beside the final one, the binary is run, a record is
// written, and only then is the folder renamed to its final name. A folder
// under a runtime's name is therefore always a whole, working install; an
// interrupted or failed one is a ".install-…" folder, removed on failure, on
// SIGINT, SIGTERM and SIGHUP, and, if the process died otherwise, by the next
// install.

const RECORD = 'asyncmark-runtime.json';
const TEMP_PREFIX = '.install-';

/** The record of an installed runtime in `folder`, or null when there is none. */
function readRecord(folder) {
  try {
    return JSON.parse(fs.readFileSync(path.join(folder, RECORD), 'utf8'));
  } catch {
    return null;
  }
}

// Bytes on disk, each file counted once however many hard links it has (the
// node package links its binary into two places).
function diskBytes(folder) {
  const seen = new Set();
  let bytes = 0;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      const stat = fs.lstatSync(file);
      if (entry.isDirectory()) walk(file);
      else if (!seen.has(stat.ino)) {
        seen.add(stat.ino);
        bytes += stat.size;
      }
    }
  };
  walk(folder);
  return bytes;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * While `work` runs, a signal kills npm and removes `temp` first; then the
 * signal does what it would have done (the process's default, ending it,
 * unless someone else listens for it).
 */
async function removedOnSignal(temp, work) {
  const controller = new AbortController();
  const onSignal = (signal) => {
    controller.abort();
    fs.rmSync(temp, { recursive: true, force: true });
    for (const name of SIGNALS) process.removeListener(name, onSignal);
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  for (const name of SIGNALS) process.on(name, onSignal);
  try {
    return await work(controller.signal);
  } finally {
    for (const name of SIGNALS) process.removeListener(name, onSignal);
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

// ".install-node@26-<pid>-<random>" folders whose process is gone.
function removeAbandoned(cache) {
  for (const name of fs.readdirSync(cache)) {
    const match = /^\.install-.*-(\d+)-[^-]+$/.exec(name);
    if (match && !alive(Number(match[1]))) fs.rmSync(path.join(cache, name), { recursive: true, force: true });
  }
}

/**
 * Install a parsed spec (one with a `package`) into `cache`, or find it there.
 * Resolves { folder, record, fresh } where record is what RECORD holds:
 * { spec, name, package, version, binary (relative to folder), installedAt,
 * installSeconds, bytes }. Rejects with an Error whose message says why in one
 * line; nothing that looks installed is left behind.
 * @param {{ spec: string, name: string, package: string }} spec
 * @param {{ cache: string, npm?: object, timeoutMs?: number, onProgress?: (line: string) => void }} options
 */
async function installRuntime(spec, { cache, npm, timeoutMs, onProgress = () => {} }) {
  const folder = path.join(cache, folderName(spec));
  const existing = readRecord(folder);
  if (existing) return { folder, record: existing, fresh: false };
  if (fs.existsSync(folder)) throw new Error(`${folder} exists but is not an install of asyncmark's (no ${RECORD}); remove it`);
  fs.mkdirSync(cache, { recursive: true });
  removeAbandoned(cache);
  // Not mkdtemp: its folder is private (0700), and the folder becomes the install.
  const temp = path.join(cache, `${TEMP_PREFIX}${folderName(spec)}-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
  fs.mkdirSync(temp);
  const started = Date.now();
  return removedOnSignal(temp, (signal) => installInto(temp, folder, spec, { npm, timeoutMs, signal, onProgress, started }));
}

// The install proper, into `temp`, renamed to `folder` once it works.
async function installInto(temp, folder, spec, { npm, timeoutMs, signal, onProgress, started }) {
  try {
    onProgress(`installing ${spec.spec}: npm install ${spec.package} into ${folder}`);
    // A package.json anchors npm to this folder, and allows the install script
    // that puts the runtime's binary in place (npm 11 asks for allowScripts).
    const manifest = { private: true, description: `asyncmark runtime ${spec.spec}`, allowScripts: { [RUNTIMES[spec.name].package]: true } };
    fs.writeFileSync(path.join(temp, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const result = await npmInstall(temp, spec.package, { npm, timeoutMs, signal });
    if (!result.ok) throw new Error(result.reason);
    const binary = RUNTIMES[spec.name].binary;
    if (!fs.existsSync(path.join(temp, binary))) {
      throw new Error(`npm installed ${spec.package} but not its binary ${binary} (were its install scripts blocked?)`);
    }
    const version = await readVersion(path.join(temp, binary), spec.name);
    const record = {
      spec: spec.spec,
      name: spec.name,
      package: spec.package,
      version,
      binary,
      installedAt: new Date().toISOString(),
      installSeconds: Math.round((Date.now() - started) / 100) / 10,
      bytes: diskBytes(temp),
    };
    fs.writeFileSync(path.join(temp, RECORD), `${JSON.stringify(record, null, 2)}\n`);
    try {
      fs.renameSync(temp, folder);
    } catch (error) {
      // Another asyncmark installed it meanwhile: keep theirs.
      const theirs = readRecord(folder);
      if (!theirs) throw error;
      fs.rmSync(temp, { recursive: true, force: true });
      return { folder, record: theirs, fresh: false };
    }
    return { folder, record, fresh: true };
  } catch (error) {
    fs.rmSync(temp, { recursive: true, force: true });
    throw error;
  }
}

module.exports = { installRuntime, readRecord, TEMP_PREFIX };
