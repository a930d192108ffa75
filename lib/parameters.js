'use strict';

// What a declared parameter allows, in words, and the check of a value handed
// to the library against it. A parameter is declared once (a driver's params,
// lib/fakes/parameters.js): the command line (bench/params.js) and the library
// (createIO) refuse a value it does not allow with the same words.

/** "a whole number >= 1 and <= 10000000" */
function describeRange({ min = -Infinity, max = Infinity, integer = false, minExclusive = false }) {
  const kind = integer ? 'a whole number' : 'a number';
  const low = Number.isFinite(min) ? `${minExclusive ? '>' : '>='} ${min}` : '';
  const high = Number.isFinite(max) ? `<= ${max}` : '';
  return [kind, [low, high].filter(Boolean).join(' and ')].filter(Boolean).join(' ');
}

/** The range of a declared number parameter, as describeRange and parseNumber take it. */
function rangeOf(spec) {
  return { min: spec.min, max: spec.max, integer: spec.type === 'integer', minExclusive: spec.minExclusive };
}

/** What a declared parameter allows: "one of constant, load" or "a number >= 0 and <= 60000". */
function allowedOf(spec) {
  return spec.type === 'choice' ? `one of ${spec.choices.join(', ')}` : describeRange(rangeOf(spec));
}

function inRange(value, { min = -Infinity, max = Infinity, integer = false, minExclusive = false }) {
  return Number.isFinite(value) && (minExclusive ? value > min : value >= min) && value <= max && (!integer || Number.isInteger(value));
}

/**
 * Throws unless `value` is one the declared parameter allows: a TypeError for
 * a value of the wrong type, a RangeError for one out of range; the message
 * "t: -1 is not allowed; expected a number >= 0 and <= 60000".
 * @param {{ name: string, type: 'number'|'integer'|'choice', choices?: string[], min?: number, max?: number, minExclusive?: boolean }} spec
 * @param {unknown} value
 */
function checkValue(spec, value) {
  const message = `${spec.name}: ${JSON.stringify(value) ?? String(value)} is not allowed; expected ${allowedOf(spec)}`;
  if (spec.type === 'choice') {
    if (typeof value !== 'string') throw new TypeError(message);
    if (!spec.choices.includes(value)) throw new RangeError(message);
    return;
  }
  if (typeof value !== 'number') throw new TypeError(message);
  if (!inRange(value, rangeOf(spec))) throw new RangeError(message);
}

module.exports = { describeRange, rangeOf, allowedOf, checkValue };
