'use strict';

const { envKey } = require('../summary');

// How numbers, statuses and parameters read in reports. Pure.

const STATUS_LABELS = {
  ok: 'ok',
  crash: 'CRASH',
  timeout: 'T/O',
  oom: 'OOM',
  double: 'DOUBLE',
  invalid: 'INVALID',
  unavailable: 'UNAVAILABLE',
  unsupported: 'UNSUPPORTED',
};

const DASH = '—';

function statusLabel(status) {
  return STATUS_LABELS[status] ?? String(status).toUpperCase();
}

/** Three significant digits, no exponent: 0.0123, 1.23, 12.3, 123, 12345; whole numbers as they are. */
function number(value) {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  const size = Math.abs(value);
  if (size >= 100 || Number.isInteger(value)) return String(Math.round(value));
  const digits = Math.min(6, 2 - Math.floor(Math.log10(size)));
  return value.toFixed(digits);
}

/**
 * A value with as many significant figures as its spread supports: the last
 * shown is the first uncertain one, at `relative` (a half-spread or
 * half-width, relative to the value), and never fewer than 2 or more than 4.
 * 40.859 with a spread of 2% reads 40.9, with 0.01% 40.86. With no spread
 * known, number()'s three.
 */
function figures(value, relative) {
  if (!Number.isFinite(value) || value === 0 || !(relative > 0)) return number(value);
  const magnitude = Math.floor(Math.log10(Math.abs(value)));
  const uncertain = Math.floor(Math.log10(Math.abs(value) * relative));
  const significant = Math.min(4, Math.max(2, magnitude - uncertain + 1));
  return value.toFixed(Math.max(0, significant - 1 - magnitude));
}

/**
 * The label of a cell with no time: "n/a (counted)" for one that finished and
 * was counted, not timed (bench --measure instructions), else its failure.
 */
function untimedLabel(row) {
  return row.status === 'ok' && Number.isFinite(row.instructionsPerInvocation) ? 'n/a (counted)' : failureLabel(row);
}

function ms(value) {
  return Number.isFinite(value) ? `${number(value)} ms` : DASH;
}

function mb(value) {
  return Number.isFinite(value) ? `${number(value)} MB` : DASH;
}

function range(low, high) {
  if (!Number.isFinite(low) || !Number.isFinite(high)) return '';
  return `${number(low)}–${number(high)}`;
}

function ratio(value) {
  return Number.isFinite(value) ? `${number(value)}×` : DASH;
}

function exponent(value) {
  return Number.isFinite(value) ? value.toFixed(2) : DASH;
}

function pValue(p) {
  if (!Number.isFinite(p)) return 'p unknown';
  // Three decimals near the 0.05 threshold, so that 0.052 does not read as 0.05.
  return p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(p < 0.1 ? 3 : 2)}`;
}

// The order parameters are written in; others follow alphabetically.
const PARAM_ORDER = ['n', 't', 'latency', 'dt', 'e', 'p', 'seed'];

function orderedParamKeys(params) {
  const known = PARAM_ORDER.filter((key) => key in params);
  const others = Object.keys(params)
    .filter((key) => !PARAM_ORDER.includes(key))
    .sort();
  return [...known, ...others];
}

/** Parameter sets in reading order: parameter by parameter, numbers by value (c=5 before c=16). */
function byParams(a, b) {
  for (const key of orderedParamKeys({ ...a, ...b })) {
    if (a[key] === b[key]) continue;
    if (typeof a[key] === 'number' && typeof b[key] === 'number') return a[key] - b[key];
    return String(a[key]).localeCompare(String(b[key]));
  }
  return 0;
}

/** "n=1000, t=10, latency=constant, ..." */
function params(values, { except = [] } = {}) {
  return orderedParamKeys(values)
    .filter((key) => !except.includes(key))
    .map((key) => `${key}=${values[key]}`)
    .join(', ');
}

/** "node v20.20.2 on Intel(R) Xeon(R) ..." */
function envLabel(env) {
  return env.runtime && env.runtime.name !== 'node' ? envKey(env) : `node ${envKey(env)}`;
}

/** The status a cell shows where its time would be: the most common failure (INVALID when its runs finished unverified). */
function failureLabel(cell) {
  return statusLabel(cell.status === 'ok' ? 'invalid' : cell.status);
}

/**
 * "1.35× (1.29–1.41) ≈": a ratio with its 95% interval and ≈ when it is not
 * significant. An interval that is not known is left out, or shown as
 * `unknown` when given; `interval: false` leaves it out always.
 */
function ratioText({ ratio: value, low, high, significant }, { interval = true, unknown = null } = {}) {
  const shown = interval ? range(low, high) || unknown : null;
  return `${ratio(value)}${shown ? ` (${shown})` : ''}${significant === false ? ' ≈' : ''}`;
}

/** An environment's runtime without its machine: "node v26.10.0", "bun 1.4.5". */
function runtimeLabel(env) {
  return env.runtime && env.runtime.name !== 'node' ? `${env.runtime.name} ${env.runtime.version}` : `node ${env.node ?? '?'}`;
}

/** A name for file paths: lower case letters, digits and single dashes. */
function slug(text) {
  return String(text)
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/\.(?![0-9])/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

module.exports = {
  DASH,
  STATUS_LABELS,
  statusLabel,
  number,
  figures,
  untimedLabel,
  ms,
  mb,
  range,
  ratio,
  exponent,
  pValue,
  orderedParamKeys,
  byParams,
  params,
  envLabel,
  failureLabel,
  ratioText,
  runtimeLabel,
  slug,
};
