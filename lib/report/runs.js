'use strict';

// Reading results files: JSON lines in the asyncmark/run@1 schema, one run per
// line. Pure: text in, runs and the reasons for any skipped line out. A line
// that cannot be used is never dropped quietly: it is listed in `skipped`, and
// the report prints that list.

const SCHEMA = 'asyncmark/run@1';

const STATUSES = ['ok', 'crash', 'timeout', 'oom', 'double', 'invalid'];

// What a line must carry to be summarized; the rest is optional.
function problemWith(run) {
  if (run === null || typeof run !== 'object' || Array.isArray(run)) return 'not a JSON object';
  if (run.schema !== SCHEMA) return `schema is ${JSON.stringify(run.schema)}, expected "${SCHEMA}"`;
  for (const key of ['scenario', 'example']) {
    if (typeof run[key] !== 'string' || run[key] === '') return `no ${key}`;
  }
  if (!run.params || typeof run.params !== 'object') return 'no params';
  if (!(Number.isFinite(run.params.n) && run.params.n > 0)) return 'params.n is not a positive number';
  if (!STATUSES.includes(run.status)) return `status ${JSON.stringify(run.status)} is not one of ${STATUSES.join(', ')}`;
  if (run.status === 'ok') {
    if (!run.metrics || typeof run.metrics !== 'object') return 'status is ok but metrics are missing';
    if (!Number.isFinite(run.metrics.wallMs)) return 'status is ok but metrics.wallMs is not a number';
  }
  if (!run.env || typeof run.env !== 'object') return 'no env';
  return null;
}

function isJson(text) {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The cut-off last line of a results file's text, if it has one: text after
 * the last newline that is not JSON. A write interrupted by a crash or a full
 * disk leaves such a line; it is expected of a session cut short, so readers
 * warn of it, unlike a bad line that has its newline.
 * @param {string} text the file's contents
 * @returns {{ line: number, bytes: number } | null} its line number, from 1, and its length in bytes
 */
function cutOffLine(text) {
  const start = text.lastIndexOf('\n') + 1;
  const tail = text.slice(start);
  if (tail.trim() === '' || isJson(tail)) return null;
  return { line: text.slice(0, start).split('\n').length, bytes: Buffer.byteLength(tail) };
}

/**
 * The runs of one results file's text.
 * @param {string} text the file's contents
 * @param {string} source the file's name, used in the reasons for skipped lines
 * @returns {{ runs: object[], skipped: Array<{ source, line, reason }>, lines: number }}
 */
function parseResults(text, source) {
  const runs = [];
  const skipped = [];
  let count = 0;
  const cut = cutOffLine(String(text));
  const rows = String(text).split('\n');
  rows.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    count++;
    if (cut && index + 1 === cut.line) {
      skipped.push({ source, line: index + 1, reason: `a cut-off last line (${cut.bytes} bytes), as an interrupted write leaves` });
      return;
    }
    let run;
    try {
      run = JSON.parse(line);
    } catch {
      skipped.push({ source, line: index + 1, reason: 'not a JSON line' });
      return;
    }
    const reason = problemWith(run);
    if (reason) skipped.push({ source, line: index + 1, reason });
    else runs.push({ ...run, source });
  });
  return { runs, skipped, lines: count };
}

module.exports = { SCHEMA, STATUSES, parseResults, cutOffLine, isJson };
