'use strict';

const fs = require('node:fs');
const crypto = require('node:crypto');
const { runInChild } = require('./spawn');
const { environment } = require('./environment');

// A benchmark session: every run of every cell, each in its own child process,
// examples interleaved run by run (A B C A B C ...) so that drift in the machine
// hits them alike. Each finished run is appended at once to the results file as
// one JSON line, so an interrupted session loses nothing that finished.

const SCHEMA = 'asyncmark/run@1';

// The grid of a scenario: every combination of the list-valued parameters.
function cells(params) {
  let combos = [{}];
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    combos = combos.flatMap((combo) => values.map((v) => ({ ...combo, [key]: v })));
  }
  return combos;
}

/**
 * The jobs of a session, in the order they run: per cell, per run, every
 * example, the order rotated by one each run (A B C, B C A, C A B ...) so that
 * no example always runs first or right after the same neighbour.
 * @returns {Array<{ scenario, problem, example, params, run, fileExists }>}
 */
function plan({ scenario, examples, params, runs }) {
  const jobs = [];
  for (const cell of cells(params)) {
    for (let run = 0; run < runs; run++) {
      const shift = run % examples.length;
      for (const example of [...examples.slice(shift), ...examples.slice(0, shift)]) {
        jobs.push({ scenario: scenario.name, problem: scenario.problem, example, params: cell, run, fileExists: scenario.fileExists });
      }
    }
  }
  return jobs;
}

function jobKey({ scenario, example, params, run }) {
  const ordered = Object.keys(params).sort().map((k) => [k, params[k]]);
  return `${scenario}|${example}|${JSON.stringify(ordered)}|${run}`;
}

/** Reads a results file; a missing file is empty, a bad line is an error. */
function readResults(file) {
  if (!fs.existsSync(file)) return [];
  const lines = [];
  fs.readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    try {
      lines.push(JSON.parse(line));
    } catch {
      throw new Error(`${file}:${i + 1}: not a JSON line`);
    }
  });
  return lines;
}

function newSessionId() {
  return `${new Date().toISOString()}-${crypto.randomBytes(3).toString('hex')}`;
}

/**
 * Runs the jobs one at a time (parallel children would disturb each other's
 * timings on a small machine) and appends each result to `out`.
 * @returns {Promise<object[]>} the result lines of this session and, with
 *   resume, those already in the file for the same jobs
 */
async function runSession(jobs, { out, resume = false, baseline, timeoutMs, detailed = true, onRun = () => {}, execArgv } = {}) {
  const env = environment();
  const session = newSessionId();
  const previous = resume && out ? readResults(out) : [];
  const done = new Map(previous.map((line) => [jobKey(line), line]));
  const lines = [];
  for (const job of jobs) {
    const key = jobKey(job);
    if (done.has(key)) {
      lines.push(done.get(key));
      onRun(done.get(key), { skipped: true });
      continue;
    }
    const result = await runInChild({ ...job, detailed }, { timeoutMs, execArgv });
    // The session was interrupted: the run did not finish and is not recorded.
    if (result.status === 'interrupted') break;
    const line = {
      schema: SCHEMA,
      session,
      time: new Date().toISOString(),
      ...job,
      baseline,
      status: result.status,
      error: result.error ?? null,
      stderrTail: result.status === 'ok' ? '' : result.stderrTail ?? '',
      metrics: result.metrics ?? null,
      env,
    };
    delete line.fileExists;
    line.params = { ...job.params };
    if (out) fs.appendFileSync(out, `${JSON.stringify(line)}\n`);
    lines.push(line);
    onRun(line, { skipped: false });
  }
  return lines;
}

module.exports = { SCHEMA, cells, plan, jobKey, readResults, runSession };
