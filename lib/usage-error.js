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
// that a pasted megabyte still gives one readable line.
const SHOWN = 60;
function shown(value) {
  const text = String(value);
  if (text.length <= SHOWN) return JSON.stringify(text);
  return `${JSON.stringify(text.slice(0, SHOWN)).slice(0, -1)}…" (${text.length} characters)`;
}

function refuse(parameter, value, allowed) {
  return new UsageError(`${parameter}: ${shown(value)} is not allowed; expected ${allowed}`);
}

module.exports = { UsageError, shown, refuse };
