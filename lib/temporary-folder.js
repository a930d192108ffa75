'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

// asyncmark keeps files in the temporary folder (TMPDIR): a database
// server's data, PGlite's template, callgrind's counts, a browser's profile.
// One that is missing, not a folder, read-only or full is said up front in
// one line naming the cause, instead of as a stack from deep inside a run.

const CAUSES = {
  ENOENT: 'there is no such folder',
  ENOTDIR: 'it is not a folder',
  EACCES: 'this user may not write there',
  EPERM: 'this user may not write there',
  EROFS: 'it is on a read-only file system',
  ENOSPC: 'its disk is full',
  EDQUOT: 'its disk quota is used up',
};

/**
 * Why the temporary folder cannot hold asyncmark's files, or null.
 * @param {string} [folder] os.tmpdir() unless given
 * @param {number} [bytes] how much is written to try it
 * @returns {string | null} one line: the folder, the cause, and what to do
 */
function temporaryFolderProblem(folder = os.tmpdir(), bytes = 64 * 1024) {
  let made = null;
  try {
    made = fs.mkdtempSync(path.join(folder, 'asyncmark-check-'));
    fs.writeFileSync(path.join(made, 'probe'), Buffer.alloc(bytes));
    return null;
  } catch (error) {
    const cause = CAUSES[error.code] ?? `${error.code ?? 'error'}: ${error.message}`;
    return `TMPDIR ${folder}: ${cause}; asyncmark keeps its temporary files there: set TMPDIR to a folder you can write, with room`;
  } finally {
    if (made) fs.rmSync(made, { recursive: true, force: true });
  }
}

module.exports = { temporaryFolderProblem };
