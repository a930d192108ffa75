'use strict';

const Ajv = require('ajv');
const SCHEMA = require('./schema.json');
const ARTICLE = require('../article-2013.json');

// The published figures (figures.json), checked against their schema when
// read, each turned into the one form the verdicts take: a ratio of two times,
// numerator ÷ denominator, as a value and, where the source gave a spread, a
// low and a high. The 2013 article's row is made from lib/article-2013.json,
// one figure per file it timed, so its numbers are kept in one place; a row
// with a per-version table (perVersion) gets one figure per version.

const validate = new Ajv({ allErrors: true }).compile(SCHEMA);

/**
 * The figures file checked against the schema; throws naming every fault.
 * @param {object} data
 */
function checkFigures(data) {
  if (validate(data)) return data;
  const faults = validate.errors.map((e) => `${e.instancePath || '/'} ${e.message}`);
  throw new Error(`published figures do not match lib/published/schema.json: ${faults.join('; ')}`);
}

/**
 * A figure as a ratio of times: { value, low, high } (value null for a range
 * or a direction only; low and high the published spread, or the value).
 */
function figureRatio(figure) {
  const exact = (value) => ({ value, low: value, high: value });
  if (figure.ratio !== undefined) return exact(figure.ratio);
  if (figure.range) return { value: null, low: figure.range[0], high: figure.range[1] };
  // Two times, numerator's first.
  // Times per unit where the source timed two sizes (`per`: each time's calls).
  if (figure.ms) return exact((figure.ms[0] / figure.ms[1]) * (figure.per ? figure.per[1] / figure.per[0] : 1));
  // Two rates, the denominator's first: the numerator's time ÷ the denominator's.
  if (figure.rate) return exact(figure.rate[0] / figure.rate[1]);
  // The denominator is that much faster: it does 1 + g/100 times the work per time.
  if (figure.percentGain !== undefined) return exact(1 + figure.percentGain / 100);
  // The numerator keeps (100 - p)% of the throughput: its time is 1 / (1 - p/100) times.
  if (figure.percentLost !== undefined) return exact(1 / (1 - figure.percentLost / 100));
  return figure.direction === 'above 1' ? { value: null, low: 1, high: Infinity } : { value: null, low: 0, high: 1 };
}

/** How the source gave a figure, in words. */
function figureText(figure) {
  if (figure.ratio !== undefined) return `${figure.ratio}`;
  if (figure.range) return `${figure.range[0]}–${figure.range[1]}`;
  if (figure.ms && figure.per) return `${figure.ms[0]} ms ÷ ${figure.ms[1]} ms, per call (${figure.per[0]} and ${figure.per[1]} calls)`;
  if (figure.ms) return `${figure.ms[0]} ms ÷ ${figure.ms[1]} ms`;
  if (figure.rate) return `${figure.rate[0]} ÷ ${figure.rate[1]} per second`;
  if (figure.percentGain !== undefined) return `${figure.percentGain}% faster`;
  if (figure.percentLost !== undefined) return `${figure.percentLost}% of throughput lost`;
  return `${figure.direction} (a direction, no figure)`;
}

// The 2013 article's row: one sub-row per file it timed that asyncmark has an example of.
function article2013Rows(row) {
  const { on, runtimes, baseline } = row.fromArticle2013;
  const base = ARTICLE.rows.find((r) => r.file === baseline);
  return ARTICLE.rows
    .filter((r) => r !== base && r.example && typeof r.timeMs === 'number')
    .map((r) => ({
      ...row,
      id: `${row.id}-${r.file}`,
      claim: `${r.file}: ${r.timeMs} ms against the original's ${base.timeMs} ms.`,
      figures: [{ on, runtimes, ms: [r.timeMs, base.timeMs] }],
      ours: { ...row.ours, numerator: { ...row.ours.numerator, example: r.example } },
      fromArticle2013: undefined,
    }));
}

const two = (x) => x.toFixed(2);

// A row with a per-version table (kaizhu256's): one figure per version of
// the judged build that has both rates, on our runtime for that version or,
// where we run none, with the reason; every other build, and the versions
// with no promise rate, as notes, so the page shows every figure.
function perVersionRow(row) {
  const { builds, runtimes, notRun, runs } = row.perVersion;
  const rated = (version) => version.promise !== undefined;
  const figures = [];
  const notes = [];
  for (const build of builds) {
    if (build.judged) {
      for (const version of build.versions.filter(rated)) {
        const [callback, promise] = [version.callback, version.promise];
        const runtime = runtimes[version.node];
        figures.push({
          on: `Node ${version.node} (V8 ${version.v8}), ${build.name}: ${callback[0]} ± ${callback[1]} requests/s with callbacks, ${promise[0]} ± ${promise[1]} with promises`,
          runtimes: [runtime ?? `node@${version.node}`],
          rate: [callback[0], promise[0]],
          sd: [callback[1], promise[1]],
          runs,
          url: build.data,
          ...(runtime ? {} : { notRun }),
        });
      }
    } else {
      const ratios = build.versions.filter(rated).map((v) => `${v.node} ${two(v.callback[0] / v.promise[0])}`);
      notes.push(`${build.name} (${build.data}), callback ÷ promise requests/s, not judged: ${ratios.join(', ')}.`);
    }
    const alone = build.versions.filter((v) => !rated(v)).map((v) => `${v.node} (${v.callback[0]} ± ${v.callback[1]}/s)`);
    if (alone.length) notes.push(`${build.name} timed only the callback client on ${alone.join(', ')}: no ratio.`);
  }
  return { ...row, figures: [...row.figures, ...figures], notes, perVersion: undefined };
}

/**
 * Every row, checked, with the 2013 article's expanded.
 * @param {object} [data] the figures file's content
 */
function loadFigures(data = require('./figures.json')) {
  const rows = checkFigures(data).rows;
  return rows.flatMap((row) => (row.fromArticle2013 ? article2013Rows(row) : [row.perVersion ? perVersionRow(row) : row]));
}

module.exports = { checkFigures, figureRatio, figureText, loadFigures };
