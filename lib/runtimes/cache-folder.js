'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { UsageError, shown } = require('../usage-error');

/**
 * Where installed runtimes live: $ASYNCMARK_RUNTIMES when set, else
 * $XDG_CACHE_HOME/asyncmark/runtimes, else ~/.cache/asyncmark/runtimes. An
 * empty or relative XDG_CACHE_HOME is ignored, as the XDG spec says; a
 * relative ASYNCMARK_RUNTIMES is taken from the current folder.
 * @param {{ env?: object, home?: string, cwd?: string }} [options]
 */
function cacheFolder({ env = process.env, home = os.homedir(), cwd = process.cwd() } = {}) {
  if (env.ASYNCMARK_RUNTIMES) return path.resolve(cwd, env.ASYNCMARK_RUNTIMES);
  const xdg = env.XDG_CACHE_HOME;
  const base = xdg && path.isAbsolute(xdg) ? xdg : path.join(home, '.cache');
  return path.join(base, 'asyncmark', 'runtimes');
}

const ALLOWED = 'a folder for installed runtimes, existing or one asyncmark can create (absolute, or relative to the current folder)';

/**
 * cacheFolder, made if missing, or a UsageError naming where it came from
 * (ASYNCMARK_RUNTIMES when set) and what is allowed. A file there, a value of
 * only blanks or a folder that cannot be made (under /proc, where Node's own
 * recursive mkdir never returns) would otherwise end in a stack trace, a
 * --runtime blamed, or a hang; each folder is made one by one instead.
 * @param {{ env?: object, home?: string, cwd?: string }} [options]
 * @returns {string}
 */
function usableCacheFolder(options = {}) {
  const env = options.env ?? process.env;
  const from = env.ASYNCMARK_RUNTIMES ? 'ASYNCMARK_RUNTIMES' : 'the runtimes cache folder (set ASYNCMARK_RUNTIMES to choose another)';
  const refused = (why) => new UsageError(`${from}: ${shown(env.ASYNCMARK_RUNTIMES || folder)} is not allowed (${why}); expected ${ALLOWED}`);
  if (env.ASYNCMARK_RUNTIMES && env.ASYNCMARK_RUNTIMES.trim() === '') throw refused('only blanks');
  const folder = cacheFolder(options);
  const missing = [];
  let existing = folder;
  while (!fs.existsSync(existing)) {
    missing.unshift(existing);
    existing = path.dirname(existing);
  }
  if (!fs.statSync(existing).isDirectory()) throw refused(`${existing} is not a folder`);
  for (const dir of missing) {
    try {
      fs.mkdirSync(dir);
    } catch (error) {
      throw refused(`cannot create ${dir}: ${error.code}`);
    }
  }
  return folder;
}

module.exports = { cacheFolder, usableCacheFolder };
