'use strict';

// Refusing bad input at the edge: one line naming the parameter, the value and
// what is allowed, and exit code 2 (see bench/cli.js). It lives in lib so that
// lib code that checks what a user named (lib/runtimes: a runtime that cannot
// be installed) refuses it the same way as the command line does.

class UsageError extends Error {
  constructor(message) {
    super(message);
    this.name = 'UsageError';
    this.exitCode = 2;
  }
}

// A value as it is echoed in an error: quoted, and cut short when long, so
// that a pasted megabyte still gives one readable line. The middle is cut,
// never the end: a path keeps its start and its file name whole, as far as
// the name leaves room for some of the start.
const SHOWN = 60;
const KEEP_START = 16;
function shown(value) {
  const text = String(value);
  if (text.length <= SHOWN) return JSON.stringify(text);
  const slash = Math.max(text.lastIndexOf('/'), text.lastIndexOf('\\'));
  const name = text.length - slash;
  const end = slash >= 0 && name <= SHOWN - KEEP_START ? name : SHOWN / 2;
  return `${JSON.stringify(`${text.slice(0, SHOWN - end)}…${text.slice(-end)}`)} (${text.length} characters)`;
}

function refuse(parameter, value, allowed) {
  return new UsageError(`${parameter}: ${shown(value)} is not allowed; expected ${allowed}`);
}

module.exports = { UsageError, shown, refuse };
