'use strict';

const { parseResults, dropDuplicates } = require('../results');
const { metricRows } = require('./sections/metric-files');
const { metricTable } = require('./sections/metric-table');

// What a report is built from, as the command read it: the results files'
// runs, and the complexity and debuggability files when given. A results file
// without a usable run, or a baseline nobody ran, is an error with a code the
// command turns into one line; a metric file that cannot be read is a note.

/**
 * Every run of the results files, with what each file held and the lines skipped.
 * @param {Array<{ name: string, text: string }>} results
 * @param {{ baseline?: string, drivers: object }} options the baseline the report is asked for, and
 *   the drivers' declarations by name (lib/drivers) the lines are read by
 * @returns {{ runs: object[], inputs: object[], warnings: string[], duplicates: number }}
 */
function readRuns(results, { baseline, drivers } = {}) {
  const warnings = [];
  const inputs = [];
  let runs = [];
  for (const file of results) {
    const parsed = parseResults(file.text, file.name, { drivers });
    inputs.push({ name: file.name, lines: parsed.lines, runs: parsed.runs.length, skipped: parsed.skipped });
    for (const skip of parsed.skipped) warnings.push(`${skip.source}:${skip.line}: skipped, ${skip.reason}`);
    runs = runs.concat(parsed.runs);
  }
  // A file given twice, or two files holding the same runs: each run counts once.
  const { runs: unique, dropped } = dropDuplicates(runs);
  if (dropped > 0)
    warnings.push(
      `${dropped} ${dropped === 1 ? 'run was' : 'runs were'} read twice (the same session, cell and run in ${results.length > 1 ? 'more than one input' : 'one file'}); each is counted once`,
    );
  runs = unique;
  if (runs.length === 0) {
    const error = new Error(`no usable runs in ${results.map((f) => f.name).join(', ')}`);
    error.code = 'NO_RUNS';
    error.skipped = inputs.flatMap((file) => file.skipped);
    throw error;
  }

  if (baseline !== undefined && !runs.some((run) => run.example === baseline)) {
    const error = new Error(`no runs of the baseline ${baseline}`);
    error.code = 'UNKNOWN_BASELINE';
    error.examples = [...new Set(runs.map((run) => run.example))].sort();
    throw error;
  }

  return { runs, inputs, warnings, duplicates: dropped };
}

/**
 * A complexity or debuggability file, read or not.
 * @param {{ name: string, text?: string, missing?: boolean } | null} file
 * @returns {{ name, table?, data?, note? }}
 */
function readMetricFile(file, what) {
  if (!file) return { name: null, note: `No ${what} file was given (--${what}).` };
  if (file.missing) return { name: file.name, note: `The ${what} file ${file.name} does not exist, so this section is left out.` };
  let json;
  try {
    json = JSON.parse(file.text);
  } catch {
    return { name: file.name, note: `The ${what} file ${file.name} is not JSON, so this section is left out.` };
  }
  try {
    const data = metricRows(json);
    return { name: file.name, data, table: metricTable(data, what) };
  } catch (error) {
    return { name: file.name, note: `The ${what} file ${file.name} could not be read as a table (${error.message}), so this section is left out.` };
  }
}

module.exports = { readRuns, readMetricFile };
