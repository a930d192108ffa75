'use strict';

const fs = require('node:fs');
const problems = require('../../../examples');
const { requireExample } = require('../../registry');
const { notParsedHere } = require('../../runtimes/syntax');

// The example a job names, as every driver's child finds and loads it.

/**
 * The registry of a job's problem (examples/<problem>/index.js).
 * @param {{ problem: string }} job
 */
function registryOf(job) {
  return problems[job.problem];
}

/**
 * The registry entry of a job's example: the registered one, or, for a file
 * of one's own (bench --add), the entry the job carries, made loadable again
 * (its load() does not survive JSON).
 * @param {{ problem: string, example: string, entry?: object }} job
 * @returns {object} the entry, with load()
 */
function entryOf(job) {
  if (job.entry) return { ...job.entry, load: () => requireExample(job.entry.file) };
  return registryOf(job).examples.find((e) => e.name === job.example);
}

/**
 * Loads the example of a job. Under a runtime of --runtime, one that cannot
 * load it (a syntax or an API it lacks) makes the run UNSUPPORTED with the
 * reason; under the node running asyncmark a failure to load is a crash.
 * @returns {{ value } | { unsupported: { status, metrics, error } }}
 */
function loadExample(job, load) {
  try {
    return { value: load() };
  } catch (error) {
    if (!job.runtime) throw error;
    const reason = String((error && error.message) || error).split('\n')[0];
    // A syntax error says which token, not which syntax: name those this
    // runtime lacks that the file is written in.
    const lacks = error instanceof SyntaxError ? notParsedHere(sourceOf(job)) : [];
    const hint = lacks.length ? `; this runtime parses none of: ${lacks.join(', ')}` : '';
    return {
      unsupported: {
        status: 'unsupported',
        metrics: null,
        error: `${job.runtime} cannot load ${job.example}: ${error && error.name ? `${error.name}: ` : ''}${reason}${hint}`,
      },
    };
  }
}

// The text of a job's example file, or null where it cannot be read.
function sourceOf(job) {
  try {
    return fs.readFileSync(entryOf(job).file, 'utf8');
  } catch {
    return null;
  }
}

module.exports = { registryOf, entryOf, loadExample };
