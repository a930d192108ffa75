'use strict';

const os = require('node:os');
const path = require('node:path');

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

module.exports = { cacheFolder };
