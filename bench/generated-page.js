'use strict';

// A page a script makes from the code (the references of docs/reference/):
// written where no file is, or over a file whose first line is the script's
// marker, never over a file a person wrote; run as a script, a refusal is one
// line and exit code 2.

const fs = require('node:fs');
const path = require('node:path');
const { refuse } = require('./usage');

/**
 * @param {string} file where the page goes
 * @param {{ marker: string, script: string, text: () => string }} page marker: its first line;
 *   script: the script's path, for the refusal; text: makes the page, once the file may be written
 */
function writeGeneratedPage(file, { marker, script, text }) {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8').split('\n', 1)[0] !== marker) {
    throw refuse('reference', file, `a file that ${script} generated, or none (move it)`);
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text());
}

/** `node bench/<name>.js [FILE]`: write(FILE), a refusal in one line with exit code 2. */
function runWriter(name, write) {
  try {
    write(process.argv[2]);
  } catch (error) {
    process.stderr.write(`asyncmark ${name}: ${error.message}\n`);
    process.exitCode = 2;
  }
}

module.exports = { writeGeneratedPage, runWriter };
