'use strict';

const { statusLabel } = require('../lib/report/display');

// The runs of a session that failed (crashed, hung, ran out of memory, called
// back twice, or were found invalid), each distinct cause in one line for the
// terminal: a table shows CRASH in a cell, and its cause would otherwise be
// only in the results file. Pure.

const FAILED = ['crash', 'timeout', 'oom', 'double', 'invalid'];
// The cause's first line, cut where a terminal's line would wrap twice.
const CAUSE_CHARS = 200;

/**
 * @param {object[]} lines result lines ({ example, status, error })
 * @returns {string[]} "CRASH in <example> (2 runs): <cause>", in the order first seen
 */
function failureLines(lines) {
  const causes = new Map();
  for (const line of lines) {
    if (!FAILED.includes(line.status)) continue;
    const cause = String(line.error ?? 'no message')
      .split('\n')[0]
      .slice(0, CAUSE_CHARS);
    const key = JSON.stringify([line.status, line.example, cause]);
    const seen = causes.get(key) ?? { status: line.status, example: line.example, cause, runs: 0 };
    seen.runs++;
    causes.set(key, seen);
  }
  return [...causes.values()].map(({ status, example, cause, runs }) => `${statusLabel(status)} in ${example} (${runs} run${runs === 1 ? '' : 's'}): ${cause}`);
}

/**
 * A session that measured nothing (every run unsupported, unavailable or
 * failed, or no run at all) is a failure, said in one line; null when a run finished.
 * @param {object[]} lines result lines ({ status })
 * @returns {string|null}
 */
function nothingMeasured(lines) {
  if (lines.some((line) => line.status === 'ok')) return null;
  if (lines.length === 0) return 'nothing was measured: the session had no run to do';
  const counts = new Map();
  for (const line of lines) counts.set(statusLabel(line.status), (counts.get(statusLabel(line.status)) ?? 0) + 1);
  const how = [...counts].map(([label, count]) => `${count} ${label}`).join(', ');
  return `nothing was measured: no run finished (${how})`;
}

module.exports = { failureLines, nothingMeasured, FAILED };
