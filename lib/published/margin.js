'use strict';

// The equivalence margin of a published figure: the ratios that count as the
// same figure, decided from the figure's own precision. Pure.
//   - a direction ("above 1"): every ratio on that side of 1;
//   - a range the source states: that range;
//   - a spread the source states (± on each side): the ratios those allow;
//   - otherwise the figure's rounding (half a unit of its last digit, or of
//     its leading digit where the source says "about"), widened to a tenth of
//     the effect on a log scale: a figure stated with no spread is one
//     machine's run, whose own noise the source does not give, and a margin of
//     its rounding alone (243.5 ÷ 128.8 is 1.8905 ± 0.0005) no run could meet.
// A margin of rounding or of a share of the effect never reaches 1, so that
// a ratio with no effect is never within it; a spread the source states may
// reach 1, and then the source's own data could not tell either.

// The share of the effect (|log ratio|) a figure with no stated spread is
// taken to be precise to.
const NO_SPREAD_SHARE = 0.1;

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
// as figures.js reads each form.
function boundsOf(figure, spread) {
  const pair = figure.ms ?? figure.rate;
  if (pair) {
    const [a, b] = pair;
    const [sa, sb] = spread(a, b);
    return [(a - sa) / (b + sb), (a + sa) / (b - sb)];
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

/**
 * @param {object} figure a figure of figures.json (its form, and `sd` or `about` if given)
 * @param {{ value: number|null, low: number, high: number }} ratio figureRatio(figure)
 * @returns {{ low: number, high: number, why: string }}
 */
function marginOf(figure, ratio) {
  if (figure.direction) {
    const above = figure.direction === 'above 1';
    return { low: above ? 1 : 0, high: above ? Infinity : 1, why: 'a direction only' };
  }
  if (figure.range) return { low: ratio.low, high: ratio.high, why: 'the range stated' };
  if (figure.sd) {
    const [low, high] = boundsOf(figure, () => figure.sd);
    return { low, high, why: `the ± stated, ${figure.sd.join(' and ')}` };
  }
  const [roundLow, roundHigh] = boundsOf(figure, (...xs) => xs.map(figure.about ? halfLeading : halfUnit));
  const effect = Math.abs(Math.log(ratio.value));
  const share = [ratio.value * Math.exp(-NO_SPREAD_SHARE * effect), ratio.value * Math.exp(NO_SPREAD_SHARE * effect)];
  const low = Math.min(roundLow, share[0]);
  const high = Math.max(roundHigh, share[1]);
  const rounding = figure.about ? 'its rounding to "about"' : 'its rounding';
  const why = low === roundLow && high === roundHigh ? rounding : 'no spread stated: a tenth of the effect';
  return { low, high, why };
}

module.exports = { marginOf, NO_SPREAD_SHARE };
