'use strict';

// The bench commands that measure the published figures' rows: one per row
// (the 2013 article's row once, with every example it maps), each the public
// `asyncmark bench` a user can run again. Pure.

const kebab = (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The arguments of `asyncmark bench` for one row of figures.json (before the
 * 2013 article's row is expanded).
 * @param {object} row
 * @param {{ examples?: string[] }} [options] examples: the article row's, from lib/article-2013.json
 * @returns {string[]}
 */
function benchArgs(row, { examples } = {}) {
  const { ours } = row;
  const sides = [ours.numerator, ours.denominator];
  const names = examples ?? [...new Set(sides.map((side) => side.example))];
  const runtimes = [...new Set([...ours.runtimes, ...sides.map((side) => side.runtime).filter(Boolean)])];
  // A parameter the two sides set apart (hooks, context) runs as a list, interleaved.
  const params = { ...ours.params };
  // The denominator's value first: the baseline leads, as none leads --hooks' choices.
  for (const side of [...sides].reverse()) {
    for (const [key, value] of Object.entries(side.params ?? {})) params[key] = [...new Set([...[].concat(params[key] ?? []), value])];
  }
  const args = ['bench', '--scenario', ours.scenario, '--examples', names.join(','), '--runtime', runtimes.join(','), '--runs', String(ours.runs)];
  for (const [key, value] of Object.entries(params)) args.push(`--${kebab(key)}`, [].concat(value).join(','));
  return args;
}

/**
 * One planned bench as bench/published.js runs it: its results appended to
 * `out`, quiet, and with --resume (only the runs missing) unless it is a
 * row's timed bench of a new session (--new-session), which runs whole so
 * that the row gains a session of its own; counts and the chart always resume.
 * @param {string[]} bench benchArgs'
 * @param {{ out: string, newSession?: boolean, counted?: boolean, chart?: boolean }} how
 * @returns {string[]}
 */
function runArgs(bench, { out, newSession = false, counted = false, chart = false }) {
  const again = newSession && !counted && !chart;
  return [...bench, '--out', out, ...(again ? [] : ['--resume']), '--quiet'];
}

module.exports = { benchArgs, runArgs };
