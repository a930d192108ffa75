'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { validateDriver } = require('./validate');

/**
 * The drivers in some folders: every subfolder with an index.js is one,
 * its declaration validated as it loads (validate.js), in the order of the
 * folders and, within each, of the names.
 * @param {string[]} roots folders whose subfolders are drivers
 * @returns {Object<string, import('./validate').Driver>} by name
 */
function discoverDrivers(roots) {
  const drivers = {};
  const folderOf = new Map();
  for (const root of roots) {
    if (!fs.existsSync(root)) throw new Error(`drivers: no folder ${root} (a root of ASYNCMARK_DRIVER_ROOTS?)`);
    const folders = fs
      .readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(root, entry.name, 'index.js')))
      .map((entry) => entry.name)
      .sort();
    for (const folder of folders) {
      const where = path.join(root, folder);
      const declaration = validateDriver(require(where), where);
      if (folderOf.has(declaration.name)) throw new Error(`driver ${declaration.name}: found twice, in ${folderOf.get(declaration.name)} and ${where}`);
      folderOf.set(declaration.name, where);
      drivers[declaration.name] = declaration;
    }
  }
  return drivers;
}

module.exports = { discoverDrivers };
