'use strict';

// Refusing bad input at the edge: one line naming the parameter, the value and
// what is allowed, and exit code 2 (see bench/cli.js). UsageError, shown and
// refuse live in lib/usage-error.js, so that lib refuses the same way.

const { UsageError, shown, refuse } = require('../lib/usage-error');
const { describeRange } = require('../lib/parameters');

// A command that ran and found what it checks wanting (asyncmark verify of a
// file that fails a case) throws this after printing why: exit code 1, not 2,
// and nothing more is said.
class Failed extends Error {
  constructor(message) {
    super(message);
    this.name = 'Failed';
    this.exitCode = 1;
  }
}

// A list names each value once: "--n 10,10" would run the cell twice as often.
function once(parameter, parts, same = (a, b) => a === b) {
  parts.forEach((part, i) => {
    if (parts.slice(0, i).some((earlier) => same(earlier.value, part.value))) {
      throw new UsageError(`${parameter}: ${shown(part.text)} is given twice; expected each value once`);
    }
  });
}

// "a,b,c" -> ['a', 'b', 'c'], each one of `choices` when given. An empty
// list or an empty item is refused, never read as "all" or "none".
function parseNames(parameter, text, choices) {
  const names = String(text)
    .split(',')
    .map((s) => s.trim());
  if (names.some((name) => name === '')) throw refuse(parameter, text, 'a comma-separated list of names');
  if (choices) {
    for (const name of names) {
      if (!choices.includes(name)) throw refuse(parameter, name, `one of ${choices.join(', ')}`);
    }
  }
  once(
    parameter,
    names.map((name) => ({ text: name, value: name })),
  );
  return names;
}

// Plain decimal numbers only: Number() would also take "0x10", "0b11", " 10"
// and "Infinity", which nobody means as a benchmark parameter.
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function parseNumber(parameter, text, { min = -Infinity, max = Infinity, integer = false, minExclusive = false } = {}) {
  const value = Number(text);
  const ok =
    DECIMAL.test(String(text)) &&
    Number.isFinite(value) &&
    (minExclusive ? value > min : value >= min) &&
    value <= max &&
    (!integer || Number.isInteger(value));
  if (!ok) throw refuse(parameter, text, describeRange({ min, max, integer, minExclusive }));
  return value;
}

function parseNumbers(parameter, text, range = {}) {
  const parts = String(text)
    .split(',')
    .map((s) => s.trim());
  if (parts.some((p) => p === '')) throw refuse(parameter, text, `a comma-separated list of ${describeRange(range)}`);
  const values = parts.map((part) => parseNumber(parameter, part, range));
  once(
    parameter,
    parts.map((part, i) => ({ text: part, value: values[i] })),
  );
  return values;
}

/** A path given on the command line: an empty one is refused, not read as ".". */
function parsePath(parameter, text, allowed = 'a file path') {
  if (String(text).trim() === '') throw refuse(parameter, text, allowed);
  return String(text);
}

function parseChoice(parameter, text, choices) {
  if (!choices.includes(text)) throw refuse(parameter, text, `one of ${choices.join(', ')}`);
  return text;
}

module.exports = { UsageError, Failed, refuse, shown, parseNames, parseNumber, parseNumbers, parseChoice, parsePath };
