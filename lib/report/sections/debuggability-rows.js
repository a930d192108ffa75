'use strict';

// The rows of a debuggability report: what `asyncmark debuggability` prints
// and what the report makes of its --format json file, one module for both so
// that a run reads alike in each. It requires nothing: the probe
// (metrics/debuggability/) takes the outcomes that surfaced from here, and
// lib may not require metrics.

// Outcomes in which the error became visible to someone: the caller, or the
// process (an uncaught exception or an unhandled rejection is printed).
const SURFACED = ['caller', 'thrown', 'uncaught', 'unhandled'];
// An outcome as a cell shows it, where not as itself.
const OUTCOME_LABELS = { hung: 'T/O', crash: 'CRASH' };
// An example's status as each cell of its one row shows it, where not as itself.
const STATUS_LABELS = { unsupported: 'UNSUPPORTED' };
// The cell of a setting a runtime cannot apply, which was not run.
const NOT_APPLIED = 'n/a';

// The two readers differ in two ways, as they always have. The command shows
// the probe's verdict: an example it did not probe (missing, unavailable,
// UNSUPPORTED, or refused by a runtime at load) is one row of its status, and
// a run that surfaced but still ran at the timeout reads T/O after its
// distance. The report shows what a file holds: an example is one row of its
// status when the file holds no runs of it, and a distance stands alone.
const READERS = {
  probe: { showsRuns: (example) => example.status === 'probed', marksLate: true },
  file: { showsRuns: (example) => Array.isArray(example.runs) && example.runs.length > 0, marksLate: false },
};

function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The text of one case's cell: the outcome, then for an error that surfaced
 * the line distance ('-': the file is not named, '?': the call was not
 * located), and with marksLate ' T/O' when the run still ran at the timeout.
 * @param {object|undefined} run
 * @param {{ marksLate?: boolean }} [options]
 */
function caseCell(run, { marksLate = true } = {}) {
  if (!run) return '';
  const label = OUTCOME_LABELS[run.outcome] ?? String(run.outcome);
  if (!SURFACED.includes(run.outcome)) return label;
  const distance = Number.isFinite(run.distance) ? String(run.distance) : run.namesFile ? '?' : '-';
  const late = marksLate && run.end === 'timeout' ? ' T/O' : '';
  return `${label} ${distance}${late}`;
}

/**
 * Each example of a report as its table shows it: its runtime (a record of
 * the report's `runtimes`, or undefined), that runtime's label (null when the
 * report has no runtimes), and whether it shows its runs, a row per setting,
 * or its status alone. Entries that are not examples are left out.
 * @param {object} report
 * @param {{ fromFile?: boolean }} [options] fromFile: as the report reads a file
 * @returns {{ example: object, runtime: object|undefined, label: string|null, showsRuns: boolean }[]}
 */
function shownExamples(report, { fromFile = false } = {}) {
  const reader = fromFile ? READERS.file : READERS.probe;
  const runtimes = new Map((Array.isArray(report.runtimes) ? report.runtimes : []).filter(isPlainObject).map((r) => [r.spec, r]));
  const byRuntime = report.examples.some((example) => isPlainObject(example) && typeof example.runtime === 'string');
  return report.examples
    .filter((example) => isPlainObject(example) && typeof example.name === 'string')
    .map((example) => {
      const runtime = runtimes.get(example.runtime);
      const label = byRuntime ? (runtime?.label ?? example.runtime ?? '') : null;
      return { example, runtime, label, showsRuns: reader.showsRuns(example) };
    });
}

// An example's measured source-map level (docs/explanation/debuggability.md), or null; and its reason.
function sourceMapFields(example) {
  const maps = isPlainObject(example.sourceMaps) ? example.sourceMaps : null;
  return { 'source maps': maps && Number.isInteger(maps.level) ? maps.level : null, 'source maps reason': maps ? (maps.reason ?? null) : null };
}

function notApplied(runtime, setting) {
  return Boolean(runtime && isPlainObject(runtime.settings) && runtime.settings[setting] && runtime.settings[setting].applies === false);
}

/**
 * One row per example and setting (with runtimes: per example, runtime and
 * setting): each case's outcome and distance (a cell for people, and the two
 * as fields for programs), how many traces reach back to the caller, the
 * example's grade and its source-map level (null where not measured). A
 * setting the runtime cannot apply reads n/a; an example shown by its status,
 * the status (UNSUPPORTED for unsupported) in every case.
 * @param {object} report the probe's report (metrics/debuggability/probe.js), or a file of it
 * @param {{ fromFile?: boolean }} [options] fromFile: as the report reads a file (see READERS)
 * @returns {object[]} rows: example, problem, runtime (its label; only when the
 *   report has runtimes), setting, each case's cell (by its key), `<case> outcome`,
 *   `<case> distance`, 'to caller', grade, 'source maps', reason (the grade's),
 *   'source maps reason'
 */
function debuggabilityRows(report, { fromFile = false } = {}) {
  const { marksLate } = fromFile ? READERS.file : READERS.probe;
  const cases = report.cases.map((c) => c.key).filter((key) => typeof key === 'string');
  const settingNames = Array.isArray(report.settings) ? report.settings.map((s) => s.name) : [];
  const rows = [];
  for (const { example, runtime, label, showsRuns } of shownExamples(report, { fromFile })) {
    const head = { example: example.name, problem: report.problem ?? null, ...(label === null ? {} : { runtime: label }) };
    if (!showsRuns) {
      const status = STATUS_LABELS[example.status] ?? example.status ?? '';
      const row = { ...head, setting: '', 'to caller': '', grade: null, 'source maps': null, reason: example.gradeReason ?? example.status };
      for (const key of cases) Object.assign(row, { [key]: status, [`${key} outcome`]: example.status, [`${key} distance`]: null });
      rows.push(row);
      continue;
    }
    // A file written before the settings were listed: those its runs name.
    const settings = settingNames.length ? settingNames : [...new Set(example.runs.map((r) => r.setting))];
    for (const setting of settings) {
      const row = { ...head, setting };
      if (notApplied(runtime, setting)) {
        for (const key of cases) Object.assign(row, { [key]: NOT_APPLIED, [`${key} outcome`]: NOT_APPLIED, [`${key} distance`]: null });
        Object.assign(row, { 'to caller': '', grade: example.grade ?? null, ...sourceMapFields(example), reason: example.gradeReason });
        rows.push(row);
        continue;
      }
      const runs = example.runs.filter((r) => r.setting === setting);
      for (const key of cases) {
        const run = runs.find((r) => r.case === key);
        Object.assign(row, {
          [key]: caseCell(run, { marksLate }),
          [`${key} outcome`]: run ? run.outcome : null,
          [`${key} distance`]: run ? run.distance : null,
        });
      }
      row['to caller'] = `${runs.filter((r) => r.reach === 'caller').length}/${runs.length}`;
      Object.assign(row, { grade: example.grade ?? null, ...sourceMapFields(example), reason: example.gradeReason });
      rows.push(row);
    }
  }
  return rows;
}

/**
 * Which results a report kept from an earlier probe (debuggability --keep),
 * grouped by when each was probed, in a sentence; null when it kept none.
 * @param {object} report the probe's report, or a file of it
 * @returns {string | null}
 */
function keptNote(report) {
  const kept = Array.isArray(report.kept) ? report.kept.filter((e) => isPlainObject(e) && typeof e.name === 'string') : [];
  if (kept.length === 0) return null;
  const labels = new Map((Array.isArray(report.runtimes) ? report.runtimes : []).filter(isPlainObject).map((r) => [r.spec, r.label]));
  const when = new Map();
  for (const e of kept) {
    const who = typeof e.runtime === 'string' ? `${e.name} under ${labels.get(e.runtime) ?? e.runtime}` : e.name;
    const at = typeof e.probedAt === 'string' ? e.probedAt : 'at a time not recorded';
    when.set(at, [...(when.get(at) ?? []), who]);
  }
  const parts = [...when].map(([at, names]) => `probed ${at}: ${names.join(', ')}`);
  return `Kept from an earlier probe, since their files, runtime, libraries and the probe's code and settings are unchanged (debuggability --keep); ${parts.join('; ')}`;
}

module.exports = { SURFACED, OUTCOME_LABELS, caseCell, shownExamples, debuggabilityRows, keptNote };
