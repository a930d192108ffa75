'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { shortFile } = require('./stack');

const ROOT = path.join(__dirname, '..', '..');

// The files an example's debuggability depends on, each with the SHA-256 of
// its contents, as the report records them per example: the example's file,
// and for a compiled one its source map and the file it was compiled from,
// since a stack trace is graded against the lines of both. A re-probe that
// keeps an earlier result (bench/docs-pipeline.js) keeps it only while every
// hash is the same. The probe's own code and the simulated I/O it runs every
// example on are hashed together too (probeCodeHash): a trace passes through
// them, and its frames name their lines.

function sha256(file) {
  return `sha256:${crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')}`;
}

/** { shortFile: 'sha256:…' } of the files of a registry entry that exist. */
function sourceHashes(entry) {
  const files = [entry.file];
  if (entry.transpiled) files.push(`${entry.file}.map`, entry.transpiled.source);
  const hashes = {};
  for (const file of files) if (fs.existsSync(file)) hashes[shortFile(file)] = sha256(file);
  return hashes;
}

// The project files every probe child runs besides the example: the probe,
// the simulated I/O, how an example is loaded and called, and the problem's
// own probe.js and model.js.
function probeCodeFiles(problem) {
  const folder = (dir) =>
    fs
      .readdirSync(path.join(ROOT, dir))
      .filter((name) => name.endsWith('.js'))
      .map((name) => path.join(dir, name));
  return [
    ...folder('metrics/debuggability'),
    ...folder('lib/fakes'),
    'lib/invoke.js',
    'lib/registry.js',
    'lib/runner/child/example.js',
    `examples/${problem}/probe.js`,
    `examples/${problem}/model.js`,
  ].filter((file) => fs.existsSync(path.join(ROOT, file)));
}

/** One 'sha256:…' of the probe's own code for `problem` (probeCodeFiles), by file name and contents. */
function probeCodeHash(problem) {
  const hash = crypto.createHash('sha256');
  for (const file of probeCodeFiles(problem).sort()) hash.update(`${file}\0${sha256(path.join(ROOT, file))}\0`);
  return `sha256:${hash.digest('hex')}`;
}

module.exports = { sourceHashes, probeCodeHash };
