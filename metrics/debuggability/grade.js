'use strict';

const { SURFACED } = require('../../lib/report/sections/debuggability-rows');
const { SETTING_NAMES } = require('./stack-settings');
const { CASES, GRADED_KEYS } = require('./cases');

// Grading an example from its runs (docs/explanation/debuggability.md, "Grades").

// A run whose error surfaced with a trace that names the failing line.
function accurate(run) {
  return SURFACED.includes(run.outcome) && run.distance === 0;
}

/**
 * The grade of one example, 1–5, from its runs (see docs/explanation/debuggability.md):
 *   5 always correct: the failing line is named in every graded case under every setting;
 *   4 correct by default: under `node`, named on a synchronous throw and on an
 *     I/O error in at least one placement;
 *   3 correct only with a flag: as 4, but only under `long`;
 *   2 partial: the example file is named in some graded case under some setting;
 *   1 missing: the example file is never named in a graded case.
 * A case counts only when the error surfaced (reached the caller or escaped).
 * Without every graded case under every setting there is no grade (null).
 * Under a runtime that cannot apply `none` (notApplied), "every setting" is
 * every setting it applies, and the reason says so; one that cannot apply
 * `node` or `long`, which the grades 4 and 3 rest on, gets no grade.
 * @param {object[]} runs { setting, case, outcome, namesFile, distance }
 * @param {{ notApplied?: string[] }} [options] settings the runtime cannot apply
 * @returns {{ grade: number|null, reason: string }}
 */
function grade(runs, { notApplied = [] } = {}) {
  const graded = runs.filter((r) => GRADED_KEYS.includes(r.case));
  const needed = ['node', 'long'].filter((s) => notApplied.includes(s));
  if (needed.length > 0) return { grade: null, reason: `not graded: ${needed.join(' and ')} cannot be applied under this runtime` };
  const settings = SETTING_NAMES.filter((s) => !notApplied.includes(s));
  const ran = (setting, key) => graded.some((r) => r.setting === setting && r.case === key);
  if (!settings.every((s) => GRADED_KEYS.every((k) => ran(s, k)))) {
    return { grade: null, reason: `not graded: needs every graded case (${GRADED_KEYS.join(', ')}) under every setting (${settings.join(', ')})` };
  }
  const covered = (setting) => new Set(graded.filter((r) => r.setting === setting && accurate(r)).map((r) => r.case));
  const correctIn = (set) => set.has('sync') && (set.has('callback/timer') || set.has('callback/continuation'));
  const list = (set) => GRADED_KEYS.filter((k) => set.has(k)).join(', ') || 'no case';
  // Never graded as if it had run: a setting left out is named in the reason.
  const unless = notApplied.length ? ` (${notApplied.join(', ')}: cannot be applied under this runtime, not run)` : '';
  const withNote = (value, reason) => ({ grade: value, reason: `${reason}${unless}` });

  if (settings.every((s) => GRADED_KEYS.every((k) => covered(s).has(k)))) {
    return withNote(5, `failing line named in every graded case under every setting${notApplied.length ? ' applied' : ''}`);
  }
  const byDefault = covered('node');
  if (correctIn(byDefault)) return withNote(4, `failing line named by default in: ${list(byDefault)}`);
  const withFlag = covered('long');
  if (correctIn(withFlag)) {
    return withNote(3, `failing line named only with long stack traces, in: ${list(withFlag)} (by default: ${list(byDefault)})`);
  }
  const lineCases = casesWhere(graded, accurate, settings);
  const fileCases = casesWhere(graded, (r) => SURFACED.includes(r.outcome) && r.namesFile && !accurate(r), settings);
  if (lineCases.length > 0 || fileCases.length > 0) {
    const parts = [];
    if (lineCases.length > 0) parts.push(`failing line named only in: ${lineCases.join(', ')}`);
    if (fileCases.length > 0) parts.push(`example file but not the line named in: ${fileCases.join(', ')}`);
    return withNote(2, parts.join('; '));
  }
  return withNote(1, 'example file never named in a graded case');
}

// The graded cases in which some run passes the test, each with the settings
// under which it does when that is not all of them: "sync (long)".
function casesWhere(runs, test, settings = SETTING_NAMES) {
  const found = [];
  for (const c of CASES) {
    const passing = settings.filter((s) => runs.some((r) => r.case === c.key && r.setting === s && test(r)));
    if (passing.length === 0) continue;
    found.push(passing.length === settings.length ? c.key : `${c.key} (${passing.join(', ')})`);
  }
  return found;
}

module.exports = { grade };
