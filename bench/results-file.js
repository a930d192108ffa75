'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { refuse } = require('./usage');
const { SCHEMA } = require('../lib/results');

// The --out of bench, checked before anything runs: a file asyncmark may
// append its runs to. Anything else is refused in one line (exit code 2):
// - what is not a regular file (a device, a FIFO, /dev/stdout): reading it to
//   resume or to mend its last line would never end;
// - a file a person wrote: only an empty file or one whose first line is a
//   run of asyncmark's schema is appended to, so no other file is ever cut or
//   grown.

// Enough of a first line to know its schema: the envelope's "schema" comes first.
const HEAD_BYTES = 64 * 1024;
const SCHEMA_PREFIX = 'asyncmark/run@';

const KINDS = [
  ['isDirectory', 'a folder'],
  ['isFIFO', 'a FIFO (named pipe)'],
  ['isCharacterDevice', 'a character device'],
  ['isBlockDevice', 'a block device'],
  ['isSocket', 'a socket'],
];

function kindOf(stat) {
  const found = KINDS.find(([test]) => stat[test]());
  return found ? found[1] : 'not a regular file';
}

/** The start of a file, up to its first newline or HEAD_BYTES, read without reading the rest. */
function head(file) {
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const bytes = fs.readSync(fd, buffer, 0, HEAD_BYTES, 0);
    const text = buffer.subarray(0, bytes).toString('utf8');
    const end = text.indexOf('\n');
    return { first: end === -1 ? text : text.slice(0, end), whole: end === -1 && bytes < HEAD_BYTES };
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Whether a file's first line says it is asyncmark's results file: a JSON
 * object whose schema is a run's, or, in a file of that one line only, the
 * start of one (a first write cut off by a crash).
 */
function isResultsHead({ first, whole }) {
  const line = first.trim();
  if (line === '') return true;
  try {
    const run = JSON.parse(line);
    return Boolean(run) && typeof run === 'object' && typeof run.schema === 'string' && run.schema.startsWith(SCHEMA_PREFIX);
  } catch {
    return whole && /^\{\s*"schema"\s*:\s*"asyncmark\/run@/.test(line);
  }
}

/**
 * Refuses an --out that is not a new file, nor an empty one, nor a results
 * file asyncmark wrote; and one that cannot be written.
 * @param {string} file as given
 * @returns {string} file
 */
function checkOut(file) {
  let stat = null;
  try {
    stat = fs.statSync(file);
  } catch (error) {
    if (error.code !== 'ENOENT') throw refuse('--out', file, `a writable file path (${error.code})`);
  }
  if (stat === null) {
    const dir = path.dirname(path.resolve(file));
    try {
      fs.accessSync(dir, fs.constants.W_OK);
    } catch (error) {
      throw refuse(
        '--out',
        file,
        `a writable file path (${error.code === 'ENOENT' ? 'its folder does not exist' : `its folder is not writable: ${error.code}`})`,
      );
    }
    return file;
  }
  if (!stat.isFile()) throw refuse('--out', file, `a regular file (it is ${kindOf(stat)}); asyncmark appends runs to a file it can read back`);
  try {
    fs.accessSync(file, fs.constants.R_OK | fs.constants.W_OK);
  } catch (error) {
    throw refuse('--out', file, `a file asyncmark can read and write (${error.code})`);
  }
  const first = stat.size > 0 ? head(file) : null;
  if (first && !isResultsHead(first)) {
    throw refuse('--out', file, `a new file or a results file of asyncmark bench (its first line is not a run of ${SCHEMA_PREFIX}N, so it is left as it is)`);
  }
  // A file of a schema this asyncmark does not read (a newer one's) would get
  // lines of another schema after its own: left as it is.
  const schema = first ? schemaOf(first.first) : null;
  if (schema && !READABLE.includes(schema)) {
    throw refuse(
      '--out',
      file,
      `a results file of a schema this asyncmark reads (${READABLE.join(' or ')}); its first line is ${schema}, so it is left as it is`,
    );
  }
  return file;
}

// The schemas this asyncmark reads: its own, and the first (lib/results upgrade).
const READABLE = [SCHEMA, 'asyncmark/run@1'];

function schemaOf(line) {
  try {
    const run = JSON.parse(line.trim());
    return run && typeof run.schema === 'string' ? run.schema : null;
  } catch {
    return null;
  }
}

module.exports = { checkOut, isResultsHead };
