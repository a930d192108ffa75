'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { cacheFolder } = require('../cache-folder');
const { requireOptional } = require('../../optional-dependency');

// asyncmark's own child code, compiled down for a Node older than it is
// written for (Node 6 to 18). Every file of lib/ and the machinery of each
// problem folder (its registry, model, scenarios, probe, report and fakes of
// its own: every file there that is not a registered example) is compiled with esbuild to the runtime's version and written to a mirror
// folder in the runtime cache; preload.js, given to the old Node with
// --require, loads those compiled copies in place of the originals under
// their own file names. The examples themselves (the style files and the
// libraries they demonstrate) are never compiled: a version that cannot
// parse one shows it UNSUPPORTED, since a compiled async construct would
// measure another style.

const ROOT = fs.realpathSync(path.join(__dirname, '..', '..', '..'));
// What runs uncompiled in the old Node, copied into the mirror.
const UNCOMPILED = ['builtins.js', 'node-apis.js', 'preload.js'];

// The libraries the examples share, which are example code too.
const SHARED_LIBRARIES = path.join(ROOT, 'examples', 'libraries');

function walk(dir, keep, found = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file, keep, found);
    else if (entry.name.endsWith('.js') && keep(file)) found.push(path.relative(ROOT, file));
  }
  return found;
}

/** The files compiled for an old Node, relative to the project's folder. */
function ownFiles() {
  const registries = Object.values(require('../../../examples'));
  const styles = new Set(registries.flatMap((registry) => registry.examples.map((entry) => fs.realpathSync(entry.file))));
  const machinery = (file) => !styles.has(file) && !file.startsWith(`${SHARED_LIBRARIES}${path.sep}`);
  return [...walk(path.join(ROOT, 'lib'), () => true), ...walk(path.join(ROOT, 'examples'), machinery)].sort();
}

/**
 * The esbuild target for a Node version ("8.17.0" → "node8.17.0").
 * @param {string} version
 */
function targetFor(version) {
  return `node${version}`;
}

/**
 * Compile asyncmark's own files for `version` into the cache, once per
 * version of those sources and of esbuild; returns the preload to give the
 * runtime with --require. Synchronous: a runner asks for it as it starts a
 * child, and a compile of the whole tree takes well under a second.
 * @param {string} version a Node version, e.g. "8.17.0"
 * @param {{ cache?: string }} [options]
 * @returns {string} the absolute path of the mirror's preload.js
 */
function compiledPreload(version, { cache } = {}) {
  // A session starts many children: the sources are read and hashed once per process.
  const key = `${cache ?? cacheFolder()}\n${version}`;
  const known = built.get(key);
  if (known && fs.existsSync(known)) return known;
  const preload = buildPreload(version, { cache });
  built.set(key, preload);
  return preload;
}

const built = new Map();

/**
 * The mirror's folder name: the target, and a hash of everything the mirror
 * holds. The checkout's folder is part of it, since preload.js maps files by
 * their place under it: two clones with the same sources need two mirrors.
 * @param {{ esbuildVersion: string, target: string, root: string, files: string[], sources: string[], uncompiled: Buffer[] }} parts
 */
function mirrorName({ esbuildVersion, target, root, files, sources, uncompiled }) {
  const hash = crypto.createHash('sha256').update(`${esbuildVersion}\n${target}\n${root}\n`);
  files.forEach((file, i) => hash.update(`${file}\n${sources[i]}\n`));
  for (const content of uncompiled) hash.update(content);
  return `${target}-${hash.digest('hex').slice(0, 12)}`;
}

// A mirror of this checkout for this target that has not been used for a day
// was made from sources since edited: it is deleted when a new one is made.
const STALE_MS = 24 * 60 * 60 * 1000;

function pruneStale(compiledFolder, target, keep) {
  for (const name of fs.readdirSync(compiledFolder)) {
    if (name === keep || !name.startsWith(`${target}-`) || name.endsWith('.tmp')) continue;
    const folder = path.join(compiledFolder, name);
    try {
      const { root } = JSON.parse(fs.readFileSync(path.join(folder, 'mirror.json'), 'utf8'));
      if (root === ROOT && Date.now() - fs.statSync(folder).mtimeMs > STALE_MS) fs.rmSync(folder, { recursive: true, force: true });
    } catch {
      // Not a mirror asyncmark can read: someone else's, left alone.
    }
  }
}

function buildPreload(version, { cache }) {
  const esbuild = requireOptional('esbuild', `compiling for Node ${version}`);
  const target = targetFor(version);
  const files = ownFiles();
  const sources = files.map((file) => fs.readFileSync(path.join(ROOT, file), 'utf8'));
  const uncompiled = UNCOMPILED.map((file) => fs.readFileSync(path.join(__dirname, file)));
  const compiledFolder = path.join(cache ?? cacheFolder(), 'compiled');
  const name = mirrorName({ esbuildVersion: esbuild.version, target, root: ROOT, files, sources, uncompiled });
  const mirror = path.join(compiledFolder, name);
  const preload = path.join(mirror, 'preload.js');
  if (fs.existsSync(preload)) {
    // Used now: not stale for pruneStale.
    const now = new Date();
    fs.utimesSync(mirror, now, now);
    return preload;
  }
  const temp = `${mirror}.${process.pid}.tmp`;
  fs.rmSync(temp, { recursive: true, force: true });
  files.forEach((file, i) => {
    const out = path.join(temp, 'files', file);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    const { code } = esbuild.transformSync(sources[i], { loader: 'js', format: 'cjs', platform: 'node', target, sourcefile: file });
    // esbuild keeps `require("node:fs")`: node-apis.js resolves the prefix.
    fs.writeFileSync(out, code);
  });
  fs.writeFileSync(path.join(temp, 'mirror.json'), `${JSON.stringify({ root: ROOT, target, files }, null, 2)}\n`);
  // The preload is copied last: a mirror with a preload is whole.
  for (const file of UNCOMPILED) fs.copyFileSync(path.join(__dirname, file), path.join(temp, file));
  try {
    fs.renameSync(temp, mirror);
  } catch (error) {
    // Another asyncmark compiled the same sources meanwhile: keep theirs.
    fs.rmSync(temp, { recursive: true, force: true });
    if (!fs.existsSync(preload)) throw error;
  }
  pruneStale(compiledFolder, target, name);
  return preload;
}

module.exports = { compiledPreload, mirrorName, ownFiles, targetFor, ROOT, STALE_MS };
