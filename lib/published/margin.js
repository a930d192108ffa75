'use strict';

const { tCritical } = require('../stats');

// The equivalence margin of a published figure: the ratios that count as the
// same figure, decided from the precision the source gives for its mean, and
// said per claim. Pure. In order:
//   - a direction ("above 1"): every ratio on that side of 1;
//   - a range the source states: that range;
//   - a spread and a number of runs (kaizhu256's sigma over his last 16 runs):
//     the 95% interval of each mean, t(runs − 1) × sd ÷ √runs, so a standard
//     error, not the spread of single runs;
//   - a relative margin of error of each mean (Benchmark.js's "±1.01%", at
//     95%): that margin;
//   - a spread with no number of runs: the spread itself, and said so, since
//     the precision of the mean cannot be derived from it;
//   - a figure the source gives with no precision at all (`precision: none`:
//     read off a chart, say): a tenth of the effect on a log scale, a
//     convention of asyncmark's, and said so;
//   - otherwise the figure's rounding: half a unit of its last digit, or of
//     its leading digit where the source says "about".
// A margin of rounding is the precision the source wrote down; it can be
// narrower than any timed run of ours can meet, and then a verdict is
// contradicted or inconclusive, never reproduced, which is what such a figure
// supports.

// The share of the effect (|log ratio|) a figure of no stated precision is
// taken to be precise to.
const NO_PRECISION_SHARE = 0.1;

// Half a unit of a number's last digit as written (48 → 0.5, 96.8 → 0.05).
function halfUnit(x) {
  const digits = (String(x).split('.')[1] ?? '').length;
  return 0.5 * 10 ** -digits;
}

// Half a unit of a number's leading digit (8 → 0.5, 30 → 5): "about 8".
function halfLeading(x) {
  return 0.5 * 10 ** Math.floor(Math.log10(Math.abs(x)));
}

// The ratio's bounds from the two numbers' bounds: numerator ÷ denominator,
// as figures.js reads each form; `spread` gives each number's ± (in its unit).
function boundsOf(figure, spread) {
  const pair = figure.ms ?? figure.rate;
  if (pair) {
    const [a, b] = pair;
    const [sa, sb] = spread(a, b);
    const scale = figure.per ? figure.per[1] / figure.per[0] : 1;
    return [((a - sa) / (b + sb)) * scale, ((a + sa) / (b - sb)) * scale];
  }
  if (figure.ratio !== undefined) {
    const s = spread(figure.ratio)[0];
    return [figure.ratio - s, figure.ratio + s];
  }
  if (figure.percentGain !== undefined) {
    const s = spread(figure.percentGain)[0];
    return [1 + (figure.percentGain - s) / 100, 1 + (figure.percentGain + s) / 100];
  }
  const s = spread(figure.percentLost)[0];
  return [1 / (1 - (figure.percentLost - s) / 100), 1 / (1 - (figure.percentLost + s) / 100)];
}

const three = (x) => Number(x.toPrecision(3));

/**
 * @param {object} figure a figure of figures.json: its form, and `sd` (with `runs`), `rme`, `precision` or `about` if given
 * @param {{ value: number|null, low: number, high: number }} ratio figureRatio(figure)
 * @returns {{ low: number, high: number, why: string, from: string }}
 *   why: the margin's source in words, shown per claim; from: 'direction' | 'range' |
 *   'standard error' | 'relative margin' | 'spread' | 'no precision' | 'rounding'
 */
function marginOf(figure, ratio) {
  if (figure.direction) {
    const above = figure.direction === 'above 1';
    return { low: above ? 1 : 0, high: above ? Infinity : 1, why: 'a direction only', from: 'direction' };
  }
  if (figure.range) return { low: ratio.low, high: ratio.high, why: 'the range stated', from: 'range' };
  if (figure.sd && figure.runs) {
    const t = tCritical(figure.runs - 1);
    const se = figure.sd.map((sd) => (t * sd) / Math.sqrt(figure.runs));
    const [low, high] = boundsOf(figure, () => se);
    return {
      low,
      high,
      why: `the 95% interval of each mean: sd ${figure.sd.join(' and ')} over ${figure.runs} runs, t × sd ÷ √${figure.runs} = ± ${se.map(three).join(' and ')}`,
      from: 'standard error',
    };
  }
  if (figure.rme) {
    const [low, high] = boundsOf(figure, (...xs) => xs.map((x, i) => (x * figure.rme[i]) / 100));
    return { low, high, why: `the relative margin of error of each mean stated, ±${figure.rme.join('% and ±')}%`, from: 'relative margin' };
  }
  if (figure.sd) {
    const [low, high] = boundsOf(figure, () => figure.sd);
    return { low, high, why: `the ± stated, ${figure.sd.join(' and ')}, over runs the source does not count: the spread of single runs`, from: 'spread' };
  }
  if (figure.precision === 'none') {
    const effect = Math.abs(Math.log(ratio.value));
    return {
      low: ratio.value * Math.exp(-NO_PRECISION_SHARE * effect),
      high: ratio.value * Math.exp(NO_PRECISION_SHARE * effect),
      why: 'the source gives no precision: a tenth of the effect, a convention of asyncmark’s',
      from: 'no precision',
    };
  }
  const [low, high] = boundsOf(figure, (...xs) => xs.map(figure.about ? halfLeading : halfUnit));
  return { low, high, why: figure.about ? 'its rounding to "about"' : 'its rounding', from: 'rounding' };
}

module.exports = { marginOf, NO_PRECISION_SHARE };
