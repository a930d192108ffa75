'use strict';

const show = require('../../display');
const PUBLISHED = require('../../../published-2018.json');
const { relative, missingText, meanText, ratioText } = require('./matrix');

// The 2018 table redone: callback, promise and async/await per runtime at a
// matrix's cell, beside the callback/promise ratios kaizhu256 published
// (lib/published-2018.json). Pure.

/**
 * The problems whose examples include the three styles the 2018 experiment
 * compared, the examples that stand for them and the scenario that runs them:
 * `styles2018` in examples/<problem>/report.js. The problem the article
 * measured itself comes first.
 * @param {object[]} hooks each problem's report hooks, [{ problem, ...hooks }] (lib/problems.js
 *   reportHooks, handed in by the entry point)
 * @returns {object[]} [{ problem, scenario, callback, promise, asyncAwait, ... }]
 */
function styles2018(hooks) {
  const styles = hooks.filter((each) => each.styles2018).map((each) => ({ problem: each.problem, ...each.styles2018 }));
  return [...styles.filter((style) => style.measured2018), ...styles.filter((style) => !style.measured2018)];
}

function matches(params, pattern = {}) {
  return Object.entries(pattern).every(([key, value]) => params[key] === value);
}

/** Where the published range sits against our interval: below, within, above, or overlaps it. */
function besideText(ratio) {
  if (!ratio || !Number.isFinite(ratio.ratio)) return show.DASH;
  const { low, high } = PUBLISHED.callbackPromiseRatio;
  if (!Number.isFinite(ratio.low) || !Number.isFinite(ratio.high)) {
    const where = ratio.ratio < low ? 'below' : ratio.ratio > high ? 'above' : 'within';
    return `${where} (untested)`;
  }
  if (ratio.high < low) return 'below';
  if (ratio.low > high) return 'above';
  if (ratio.low >= low && ratio.high <= high) return 'within';
  return 'overlaps';
}

/**
 * The 2018 table of one problem on one machine: a row per runtime with the
 * three styles' mean times at the matrix's cell and the callback/promise
 * ratio (promise time ÷ callback time) with its interval, and the published
 * range as the last row.
 */
function table2018(style, matrix) {
  const { low, high, versions } = PUBLISHED.callbackPromiseRatio;
  const rows = matrix.columns.map((column) => {
    const callback = column.cells.get(style.callback) ?? null;
    const promise = column.cells.get(style.promise) ?? null;
    const asyncAwait = column.cells.get(style.asyncAwait) ?? null;
    const promiseRatio = relative(promise, callback);
    const awaitRatio = relative(asyncAwait, callback);
    return {
      runtime: column.label,
      callback,
      promise,
      asyncAwait,
      promiseRatio,
      awaitRatio,
      ratio: promiseRatio ? promiseRatio.ratio : null,
      ratioLow: promiseRatio ? promiseRatio.low : null,
      ratioHigh: promiseRatio ? promiseRatio.high : null,
      beside: besideText(promiseRatio),
    };
  });
  rows.push({ runtime: `${PUBLISHED.source.author} ${PUBLISHED.source.year}, ${versions} (published)`, published: true, ratioLow: low, ratioHigh: high });
  const time = (key) => (value, row) => (row.published ? show.DASH : meanText(row[key]));
  const ratio = (key) => (value, row) => {
    if (row.published) return key === 'promiseRatio' ? `${low}–${high}` : show.DASH;
    const missing = missingText(row[key === 'promiseRatio' ? 'promise' : 'asyncAwait']) ?? missingText(row.callback);
    if (missing) return missing;
    return row[key] ? ratioText(row[key]) : show.DASH;
  };
  const columns = [
    { key: 'runtime', title: 'runtime', description: `The runtime; the last row is what ${PUBLISHED.source.author} published in ${PUBLISHED.source.year}.` },
    {
      key: 'callbackMean',
      title: 'callback (95% CI)',
      align: 'right',
      format: time('callback'),
      description: 'Mean time of the callback example named above the table, at its cell, with the 95% interval of that mean (log scale, never below zero).',
    },
    {
      key: 'promiseMean',
      title: 'promise (95% CI)',
      align: 'right',
      format: time('promise'),
      description: 'Mean time of the promise example named above the table, with its 95% interval.',
    },
    {
      key: 'asyncAwaitMean',
      title: 'async/await (95% CI)',
      align: 'right',
      format: time('asyncAwait'),
      description: 'Mean time of the async/await example named above the table, with its 95% interval.',
    },
    {
      key: 'ratio',
      title: 'callback/promise (95% CI)',
      align: 'right',
      format: ratio('promiseRatio'),
      description: `The 2018 article's callback/promise ratio: requests/s with callbacks ÷ requests/s with promises, which at a fixed amount of work is the promise example's mean time ÷ the callback example's; above 1, callbacks are faster. With its 95% interval; ≈: not significantly different from 1 (p ≥ 0.05).`,
    },
    {
      key: 'awaitRatio',
      title: 'async/await ÷ callback (95% CI)',
      align: 'right',
      format: ratio('awaitRatio'),
      description: "The async/await example's mean time ÷ the callback example's, with its 95% interval; ≈: not significant.",
    },
    {
      key: 'beside',
      title: `beside 2018 (${low}–${high})`,
      format: (value, row) => (row.published ? show.DASH : value),
      description: `Where the callback/promise interval lies against the published range ${low}–${high}: below it, within it, above it, or overlapping it; "(untested)": no interval, the point alone.`,
    },
  ];
  const texts = rows.filter((row) => !row.published).flatMap((row) => columns.slice(1, -1).map((column) => column.format(row[column.key], row)));
  const notes = [
    `${PUBLISHED.source.author}'s "${PUBLISHED.source.title}" (${PUBLISHED.source.where}, ${PUBLISHED.source.year}) ran its HTTP clients on every Node version and published the callback/promise ratio per version: ${low}–${high} over ${versions}, on its machine. Only the ratio compares, never the times.`,
  ];
  if (!style.measured2018)
    notes.push(`The 2018 article measured HTTP clients, not ${style.problem}: this table asks its question of ${style.problem}'s examples.`);
  if (texts.some((t) => t.endsWith(' ≈'))) notes.push('≈: not significantly different from 1 (t-test of the log ratio of mean times, Welch df, p ≥ 0.05).');
  if (texts.some((t) => t.includes('(n/a)'))) notes.push('n/a: no interval, fewer than two finished runs.');
  const labels = [...new Set(texts.filter((t) => /^[A-Z/]+$/.test(t)))];
  if (labels.length) notes.push(`${labels.join(', ')}: the cell did not finish; the reasons are under the matrices above.`);
  if (texts.includes('not run')) notes.push('not run: no runs of that example in that runtime at this cell.');
  return { columns, rows, notes };
}

module.exports = { PUBLISHED, styles2018, matches, besideText, table2018 };
