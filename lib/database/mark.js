'use strict';

const os = require('node:os');
const crypto = require('node:crypto');

// The mark a session puts on what it makes in a database (its schema's
// COMMENT), so that a later session, or `asyncmark clean`, can tell the
// session's own objects from anybody else's. Only a schema named
// asyncmark_<id> whose comment parses as a mark with that same id is
// asyncmark's. Whether its session still runs is told by its lock
// (session-lock.js, marks with lock "advisory"); the pid and host are there for
// a person to read, and to judge the marks of an older asyncmark, which held
// no lock (isOrphan).

const PREFIX = 'asyncmark_';
const KIND = 'asyncmark session';

function newSessionId() {
  return crypto.randomBytes(4).toString('hex');
}

function schemaOf(id) {
  return `${PREFIX}${id}`;
}

/**
 * @param {{ id: string, pid?: number, host?: string, started?: string }} session
 * @returns {string} the comment's text
 */
function markText({ id, pid = process.pid, host = os.hostname(), started = new Date().toISOString(), lock }) {
  return JSON.stringify({ kind: KIND, id, pid, host, started, ...(lock ? { lock } : {}) });
}

/**
 * @param {string} schema a schema's name
 * @param {string | null} comment its comment
 * @returns {{ id, pid, host, started, lock? } | null} the mark, when the schema is asyncmark's; lock: 'advisory'
 *   when its session proves it lives by its lock
 */
function readMark(schema, comment) {
  if (typeof schema !== 'string' || !schema.startsWith(PREFIX) || typeof comment !== 'string') return null;
  let mark;
  try {
    mark = JSON.parse(comment);
  } catch {
    return null;
  }
  if (!mark || mark.kind !== KIND || schemaOf(mark.id) !== schema) return null;
  if (!Number.isInteger(mark.pid) || typeof mark.host !== 'string') return null;
  return { id: mark.id, pid: mark.pid, host: mark.host, started: mark.started, ...(mark.lock === 'advisory' ? { lock: 'advisory' } : {}) };
}

// Whether a process of this machine still runs (signal 0 asks without sending).
function pidAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * How an older asyncmark's mark, which holds no lock, is judged: an orphan
 * when it was made on this machine by a process that no longer runs. A mark
 * from another machine is never called an orphan: nothing here can tell
 * whether its session still runs.
 */
function isOrphan(mark, { host = os.hostname(), alive = pidAlive } = {}) {
  return Boolean(mark) && mark.host === host && !alive(mark.pid);
}

module.exports = { PREFIX, newSessionId, schemaOf, markText, readMark, pidAlive, isOrphan };
