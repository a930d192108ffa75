'use strict';

const os = require('node:os');
const crypto = require('node:crypto');

// The mark a session puts on what it makes in a database (its schema's
// COMMENT), so that a later session, or `asyncmark clean`, can tell the
// session's own objects from anybody else's, and a live session's from one
// whose process has died. Only a schema named asyncmark_<id> whose comment
// parses as a mark with that same id is asyncmark's.

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
function markText({ id, pid = process.pid, host = os.hostname(), started = new Date().toISOString() }) {
  return JSON.stringify({ kind: KIND, id, pid, host, started });
}

/**
 * @param {string} schema a schema's name
 * @param {string | null} comment its comment
 * @returns {{ id, pid, host, started } | null} the mark, when the schema is asyncmark's
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
  return { id: mark.id, pid: mark.pid, host: mark.host, started: mark.started };
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
 * An orphan is a mark made on this machine by a process that no longer runs.
 * A mark from another machine is never called an orphan: nothing here can tell
 * whether its session still runs.
 */
function isOrphan(mark, { host = os.hostname(), alive = pidAlive } = {}) {
  return Boolean(mark) && mark.host === host && !alive(mark.pid);
}

module.exports = { PREFIX, newSessionId, schemaOf, markText, readMark, pidAlive, isOrphan };
