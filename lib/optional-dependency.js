'use strict';

const { UsageError } = require('./usage-error');
const { peerDependencies } = require('../package.json');

// What only some commands use (a real database, browsers, runtimes older
// than Node 20, the report's charts) is an optional peer dependency of the package (package.json), so
// that importing an example or a first bench on the simulated I/O does not
// install it. Whoever needs one loads it here: present, it is loaded as
// usual; missing, the command is refused in one line with the exact install
// command, and exit code 2.

// Whether a package can be found from asyncmark's folder, as require would
// find it. A package that is found but exports no CommonJS entry (an ES
// module only) is installed all the same.
function isInstalled(name, resolve = require.resolve) {
  try {
    resolve(name);
    return true;
  } catch (error) {
    return error.code !== 'MODULE_NOT_FOUND';
  }
}

// The npm command that installs the named packages at the versions
// asyncmark is tested with.
function installCommand(names) {
  return `npm install ${names.map((name) => `${name}@${peerDependencies[name]}`).join(' ')}`;
}

/**
 * Refuses `purpose` unless every package named is installed.
 * @param {string[]} names optional peer dependencies of asyncmark
 * @param {string} purpose what needs them, as a user named it ("--db pglite", "report's charts")
 * @param {(name: string) => boolean} [installed]
 */
function needOptional(names, purpose, installed = isInstalled) {
  const unknown = names.filter((name) => !(name in peerDependencies));
  if (unknown.length) throw new Error(`${unknown.join(', ')}: not an optional dependency of asyncmark (package.json peerDependencies)`);
  const missing = names.filter((name) => !installed(name));
  if (missing.length) throw new UsageError(`${purpose} needs ${missing.join(' and ')}: ${installCommand(missing)}`);
}

/** require() of an optional peer dependency, refused as needOptional says when it is missing. */
function requireOptional(name, purpose) {
  needOptional([name], purpose);
  return require(name);
}

/** import() of an optional peer dependency (one that is an ES module only), refused as needOptional says. */
async function importOptional(name, purpose) {
  needOptional([name], purpose);
  return import(name);
}

module.exports = { needOptional, requireOptional, importOptional, isInstalled, installCommand };
