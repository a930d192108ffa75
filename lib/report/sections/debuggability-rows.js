'use strict';

// The debuggability file as the report's rows. This copies the rows code of
// metrics/debuggability.js (debuggabilityRows, caseCell, SURFACED,
// OUTCOME_LABELS); when metrics/debuggability/rows.js is the one rows module,
// this file gives way to it.

function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

// `asyncmark debuggability --format json` writes a report whose examples carry
// their runs (docs/debuggability.md). It reads best as that command's own
// table: one row per example and stack setting, each failure case's cell the
// outcome and then the line distance, the traces that reach the caller, and
// the grade, with each grade's reason under the table.
const SURFACED = ['caller', 'thrown', 'uncaught', 'unhandled'];
const OUTCOME_LABELS = { hung: 'T/O', crash: 'CRASH' };

function isDebuggabilityReport(json) {
  return (
    isPlainObject(json) &&
    Array.isArray(json.cases) &&
    Array.isArray(json.examples) &&
    json.examples.some((example) => isPlainObject(example) && Array.isArray(example.runs))
  );
}

function caseCell(run) {
  if (!run) return '';
  const label = OUTCOME_LABELS[run.outcome] ?? String(run.outcome);
  if (!SURFACED.includes(run.outcome)) return label;
  const distance = Number.isFinite(run.distance) ? String(run.distance) : run.namesFile ? '?' : '-';
  return `${label} ${distance}`;
}

// The cells of a debuggability table's failure cases, for its glossary.
const DEBUGGABILITY_CELLS = [
  {
    term: 'caller 0',
    text: "How the error surfaced, then the distance in lines from the trace's nearest frame in the example to the failing call. caller: the caller got the error; thrown: upload() threw; uncaught: an uncaught exception; unhandled: an unhandled rejection. 0: the trace names the failing line.",
  },
  { term: 'caller -', text: "It surfaced, but the trace does not name the example's file at all." },
  { term: 'caller ?', text: "The example's file is named, but its failing call could not be located, so there is no distance." },
  { term: 'success, silent', text: 'The caller was told the upload succeeded; or nobody heard of the error.' },
  {
    term: `${OUTCOME_LABELS.hung}, ${OUTCOME_LABELS.crash}`,
    text: 'The probe still ran at its timeout and was killed; or its process ended without finishing.',
  },
];

// An example's measured source-map level (docs/debuggability.md), or null.
function levelOf(example) {
  return isPlainObject(example.sourceMaps) && Number.isInteger(example.sourceMaps.level) ? example.sourceMaps.level : null;
}

// A file of `debuggability --runtime` holds each example once per runtime
// (its `runtime`, a spec of `runtimes`): those rows say which, and a setting
// the runtime could not apply reads n/a.
function debuggabilityRows(json) {
  const cases = json.cases.map((c) => c.key).filter((key) => typeof key === 'string');
  const settingNames = Array.isArray(json.settings) ? json.settings.map((s) => s.name) : [];
  const runtimes = new Map((Array.isArray(json.runtimes) ? json.runtimes : []).filter(isPlainObject).map((r) => [r.spec, r]));
  const byRuntime = json.examples.some((example) => isPlainObject(example) && typeof example.runtime === 'string');
  const rows = [];
  const notes = [];
  for (const example of json.examples) {
    if (!isPlainObject(example) || typeof example.name !== 'string') continue;
    const runtime = runtimes.get(example.runtime);
    const label = byRuntime ? (runtime?.label ?? example.runtime ?? '') : null;
    const common = { example: example.name, problem: json.problem ?? null, ...(byRuntime ? { runtime: label } : {}) };
    if (!Array.isArray(example.runs) || example.runs.length === 0) {
      const status = example.status === 'unsupported' ? 'UNSUPPORTED' : (example.status ?? '');
      rows.push({ ...common, setting: '', ...Object.fromEntries(cases.map((key) => [key, status])), 'to caller': '', grade: null, 'source maps': null });
      if (example.status === 'unsupported' && example.gradeReason) notes.push(`${example.name} under ${label}: UNSUPPORTED (${example.gradeReason})`);
      continue;
    }
    const settings = settingNames.length ? settingNames : [...new Set(example.runs.map((r) => r.setting))];
    for (const setting of settings) {
      const row = { ...common, setting };
      if (runtime && isPlainObject(runtime.settings) && runtime.settings[setting] && runtime.settings[setting].applies === false) {
        for (const key of cases) row[key] = 'n/a';
        Object.assign(row, { 'to caller': '', grade: example.grade ?? null, 'source maps': levelOf(example) });
        rows.push(row);
        continue;
      }
      const runs = example.runs.filter((r) => r.setting === setting);
      for (const key of cases) row[key] = caseCell(runs.find((r) => r.case === key));
      row['to caller'] = `${runs.filter((r) => r.reach === 'caller').length}/${runs.length}`;
      row.grade = example.grade ?? null;
      row['source maps'] = levelOf(example);
      rows.push(row);
    }
    const who = byRuntime ? `${example.name} under ${label}` : example.name;
    if (example.gradeReason) notes.push(`${who}: ${example.grade ?? 'no grade'} (${example.gradeReason})`);
    if (isPlainObject(example.sourceMaps) && example.sourceMaps.reason) {
      notes.push(`${who}, source maps: ${example.sourceMaps.level ?? 'no level'} (${example.sourceMaps.reason})`);
    }
  }
  // A file written before source-map levels were measured has no such column.
  const withLevels = json.examples.some((example) => isPlainObject(example) && isPlainObject(example.sourceMaps));
  const columns = [...(byRuntime ? ['runtime'] : []), 'setting', ...cases, 'to caller', 'grade', ...(withLevels ? ['source maps'] : [])];
  return { rows, columns, notes, cells: DEBUGGABILITY_CELLS };
}

module.exports = { isDebuggabilityReport, debuggabilityRows };
