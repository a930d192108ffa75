'use strict';

// Refusing bad input at the edge: one line naming the parameter, the value and
// what is allowed, and exit code 2 (see bench/cli.js).

class UsageError extends Error {
  constructor(message) {
    super(message);
    this.name = 'UsageError';
    this.exitCode = 2;
  }
}

function refuse(parameter, value, allowed) {
  return new UsageError(`${parameter}: ${JSON.stringify(value)} is not allowed; expected ${allowed}`);
}

// "a,b,c" -> ['a', 'b', 'c'], each one of `choices` when given.
function parseNames(parameter, text, choices) {
  const names = String(text).split(',').map((s) => s.trim()).filter(Boolean);
  if (names.length === 0) throw refuse(parameter, text, 'a comma-separated list of names');
  if (choices) {
    for (const name of names) {
      if (!choices.includes(name)) throw refuse(parameter, name, `one of ${choices.join(', ')}`);
    }
  }
  return names;
}

function parseNumber(parameter, text, { min = -Infinity, max = Infinity, integer = false, minExclusive = false } = {}) {
  const value = Number(text);
  const ok = String(text).trim() !== '' && Number.isFinite(value)
    && (minExclusive ? value > min : value >= min) && value <= max && (!integer || Number.isInteger(value));
  if (!ok) throw refuse(parameter, text, describeRange({ min, max, integer, minExclusive }));
  return value;
}

function parseNumbers(parameter, text, range = {}) {
  const parts = String(text).split(',').map((s) => s.trim());
  if (parts.some((p) => p === '')) throw refuse(parameter, text, `a comma-separated list of ${describeRange(range)}`);
  return parts.map((part) => parseNumber(parameter, part, range));
}

function parseChoice(parameter, text, choices) {
  if (!choices.includes(text)) throw refuse(parameter, text, `one of ${choices.join(', ')}`);
  return text;
}

function describeRange({ min = -Infinity, max = Infinity, integer = false, minExclusive = false }) {
  const kind = integer ? 'a whole number' : 'a number';
  const low = Number.isFinite(min) ? `${minExclusive ? '>' : '>='} ${min}` : '';
  const high = Number.isFinite(max) ? `<= ${max}` : '';
  return [kind, [low, high].filter(Boolean).join(' and ')].filter(Boolean).join(' ');
}

module.exports = { UsageError, refuse, parseNames, parseNumber, parseNumbers, parseChoice };
