'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

// Appends a session's runs to its results file, and notices when the file is
// taken away under it: deleted or replaced (its inode changes) or no longer
// writable. A measured run is never lost: from then on the runs go to a new
// file beside it (or in the temporary folder), named in one warning, with
// every run of the session the lost file held. `summary()` says only what each
// file holds of this session, never more.

// The identity of a file: device, inode and birth time (an inode is reused
// at once by a file made after a deletion; its birth time is not).
const idOf = (stat) => `${stat.dev}:${stat.ino}:${stat.birthtimeMs}`;

function identity(file) {
  try {
    return idOf(fs.statSync(file));
  } catch {
    return null;
  }
}

// Opened for appending without creating it once it exists: a file deleted
// between runs is noticed here (ENOENT), never quietly made anew.
const APPEND = fs.constants.O_WRONLY | fs.constants.O_APPEND;

// A fresh file for the rescued runs: beside the results file if its folder
// takes it, else in the temporary folder; never an existing file.
function createRescue(out, content) {
  const base = `${path.basename(out).replace(/\.jsonl$/, '')}-rescued`;
  for (const dir of [path.dirname(path.resolve(out)), os.tmpdir()]) {
    for (let i = 1; i < 1000; i++) {
      const candidate = path.join(dir, `${base}${i === 1 ? '' : `-${i}`}.jsonl`);
      try {
        fs.writeFileSync(candidate, content, { flag: 'wx' });
        return candidate;
      } catch (error) {
        if (error.code !== 'EEXIST') break;
      }
    }
  }
  return null;
}

/**
 * @param {string} out the results file
 * @param {{ onWarning?: (message: string) => void }} [options]
 */
function createWriter(out, { onWarning = () => {} } = {}) {
  let file = out;
  let known = identity(out);
  // The lines each file holds of this session, in order.
  const files = new Map([[out, new Set()]]);
  let lost = false;

  function rescue(lines, why) {
    const rescued = createRescue(out, lines.map((line) => `${line}\n`).join(''));
    if (rescued === null) {
      lost = true;
      onWarning(`${out} ${why}, and no file could be made for the runs: they are kept in memory only, and shown in the table`);
      return;
    }
    onWarning(`${out} ${why}; ${lines.length} ${lines.length === 1 ? 'run is' : 'runs are'} in ${rescued}, and the rest of this session goes there too`);
    file = rescued;
    known = identity(rescued);
    files.set(rescued, new Set(lines));
  }

  /** Runs the file already held that the session uses (--resume): they count as in it. */
  function hold(lines) {
    if (file === out) for (const line of lines) files.get(out).add(JSON.stringify(line));
  }

  /** Appends one run, in one write. */
  function append(line) {
    const text = JSON.stringify(line);
    if (lost) return;
    let fd;
    try {
      fd = fs.openSync(file, known === null ? 'a' : APPEND);
    } catch (error) {
      if (error.code === 'ENOENT' && known !== null) return carry(text, 'was deleted during the session');
      // What it held is still in it; only this run and the next go elsewhere.
      return rescue([text], `could not be written (${error.code || error.message})`);
    }
    try {
      const now = idOf(fs.fstatSync(fd));
      if (known !== null && now !== known) return carry(text, 'was replaced during the session');
      fs.writeSync(fd, `${text}\n`);
      known = now;
    } catch (error) {
      return rescue([text], `could not be written (${error.code || error.message})`);
    } finally {
      fs.closeSync(fd);
    }
    files.get(file).add(text);
  }

  // The file is gone, and what it held of this session with it: all of it goes to the new file.
  function carry(text, why) {
    const carried = [...files.get(file)];
    files.set(file, new Set());
    rescue([...carried, text], why);
  }

  /** Each file that holds runs of this session, and how many. */
  function summary() {
    return [...files].filter(([, lines]) => lines.size > 0).map(([name, lines]) => ({ file: name, runs: lines.size }));
  }

  /** "16 runs in FILE", or where they went instead. */
  function closing() {
    const parts = summary().map(({ file: name, runs }) => `${runs} ${runs === 1 ? 'run' : 'runs'} in ${name}`);
    if (lost) parts.push('the rest in no file (see the warning above)');
    return parts.length ? parts.join('; ') : `no runs in ${out}`;
  }

  return { append, hold, summary, closing };
}

module.exports = { createWriter };
