'use strict';

const assert = require('node:assert/strict');
const { figureRatio, loadFigures } = require('../../lib/published/figures');
const { marginOf } = require('../../lib/published/margin');
const { verdictOf, runsToDecide, VERDICTS } = require('../../lib/published/verdict');
const { loadOf, tooLoaded } = require('../../lib/published/load');
const { comparisons } = require('../../lib/published/comparisons');
const { claimVerdict } = require('../../lib/published/totals');

// The verdicts of the published figures, decided by intervals: each figure's
// margin from its own precision, the three verdicts on planted figures (and
// the old "not reproduced" for an interval that holds 1 and the figure, caught),
// the runs that would decide an inconclusive one, and the load above which
// timed runs are not judged.

const close = (actual, expected, digits = 3) => assert.equal(actual.toFixed(digits), expected.toFixed(digits));
const marginFor = (figure) => marginOf(figure, figureRatio(figure));

describe('published verdicts: the margin, from the figure’s own precision', () => {
  it('takes the ratios the ± the source states allow (kaizhu256’s Linode figure: 3059 ± 156 against 2615 ± 106)', () => {
    const margin = marginFor({ rate: [3059, 2615], sd: [156, 106] });
    close(margin.low, (3059 - 156) / (2615 + 106));
    close(margin.high, (3059 + 156) / (2615 - 106));
    assert.equal(margin.why, 'the ± stated, 156 and 106');
  });

  it('takes a stated range as it is', () => {
    assert.deepEqual(marginFor({ range: [1.066, 1.138] }), { low: 1.066, high: 1.138, why: 'the range stated' });
  });

  it('widens a figure with no spread to a tenth of its effect, never to 1 (planted: rounding alone gives 1.8905 ± 0.0005)', () => {
    const margin = marginFor({ ms: [243.5, 128.8] });
    const value = 243.5 / 128.8;
    close(margin.low, value * Math.exp(-0.1 * Math.log(value)));
    close(margin.high, value * Math.exp(0.1 * Math.log(value)));
    assert.ok(margin.high - margin.low > 0.2, 'wider than its rounding');
    assert.equal(margin.why, 'no spread stated: a tenth of the effect');
    // Every figure with no stated spread keeps 1 outside its margin.
    for (const row of loadFigures()) {
      for (const figure of row.figures.filter((f) => !f.sd && !f.range && !f.direction)) {
        const m = marginFor(figure);
        assert.ok(m.low > 1 || m.high < 1, `${row.id}: ${figure.on} (${m.low}–${m.high})`);
      }
    }
  });

  it('reads "about 8×" to its leading digit, a stated percentage to its last, and a direction as its side of 1', () => {
    const about = marginFor({ ratio: 8, about: true });
    assert.ok(about.low <= 7.5 && about.high >= 8.5);
    const lost = marginFor({ percentLost: 96.8 });
    assert.ok(lost.low <= 1 / (1 - 0.9675) && lost.high >= 1 / (1 - 0.9685));
    assert.deepEqual(marginFor({ direction: 'above 1' }), { low: 1, high: Infinity, why: 'a direction only' });
  });
});

describe('published verdicts: decided by intervals', () => {
  const figure = { ms: [243.5, 128.8] };
  const published = figureRatio(figure);
  const margin = marginFor(figure);

  it('reproduced: our interval lies within the margin', () => {
    const v = verdictOf(published, margin, { ratio: 1.9, low: 1.85, high: 1.95, runs: [3, 3] });
    assert.equal(v.verdict, 'reproduced');
    assert.match(v.reason, /^ours 1\.90 \(1\.85–1\.95\) lies within the margin 1\.77–2\.01/);
  });

  it('contradicted: our interval excludes the figure and its margin (planted: 1.03–1.05 against 1.89)', () => {
    const v = verdictOf(published, margin, { ratio: 1.04, low: 1.03, high: 1.05, runs: [2, 2] }, { measure: 'counted work' });
    assert.equal(v.verdict, 'contradicted');
    assert.match(v.reason, /^counted work 1\.04 \(1\.03–1\.05\) excludes the margin 1\.77–2\.01/);
    // An interval that holds 1 but excludes the margin contradicts the figure's size too.
    assert.equal(verdictOf(published, margin, { ratio: 1.1, low: 0.95, high: 1.3 }).verdict, 'contradicted');
  });

  it('inconclusive, never "not reproduced", for an interval that holds both 1 and the figure (kaizhu256: 0.91–1.11 against 1.09)', () => {
    const theirs = { rate: [4699, 4305], sd: [74, 88] };
    const v = verdictOf(
      figureRatio(theirs),
      marginFor(theirs),
      { ratio: 1.01, low: 0.91, high: 1.11, runs: [10, 10] },
      { measure: 'CPU time', countable: true },
    );
    assert.equal(v.verdict, 'inconclusive');
    assert.match(v.reason, /holds 1 and the figure/);
    assert.match(v.reason, /runs each would decide it if our ratio holds; a count \(bench --measure instructions\) would decide it$/);
    // The old rule called this "not reproduced": that word is no verdict now.
    assert.ok(!VERDICTS.includes('not reproduced'));
  });

  it('inconclusive for an interval that meets the margin in part, or has none (one run each)', () => {
    assert.equal(verdictOf(published, margin, { ratio: 1.6, low: 1.4, high: 1.8, runs: [3, 3] }).verdict, 'inconclusive');
    const single = verdictOf(published, margin, { ratio: 1.9, low: NaN, high: NaN });
    assert.equal(single.verdict, 'inconclusive');
    assert.match(single.reason, /has no interval \(one measure each\)/);
  });

  it('judges a direction: above 1 reproduced, below 1 contradicted, across 1 inconclusive', () => {
    const above = { direction: 'above 1' };
    const judge = (low, high) => verdictOf(figureRatio(above), marginFor(above), { ratio: (low + high) / 2, low, high, runs: [3, 3] }).verdict;
    assert.equal(judge(1.1, 1.5), 'reproduced');
    assert.equal(judge(0.7, 0.9), 'contradicted');
    assert.equal(judge(0.48, 1.09), 'inconclusive');
  });

  it('not measured, with the reason, when we have no figure', () => {
    assert.deepEqual(verdictOf(published, margin, null, { missing: 'promise-chain on node@8: UNSUPPORTED' }), {
      verdict: 'not measured',
      reason: 'promise-chain on node@8: UNSUPPORTED',
    });
  });

  it('says how many runs would decide: the interval narrows as 1/√runs to the margin’s nearer edge', () => {
    // Half-width ln(1.25) from 3 runs, 1.5 against an edge at 1.77: 3 × (ln 1.25 / ln(1.77 / 1.5))² runs.
    const ours = { ratio: 1.5, low: 1.2, high: 1.875 };
    const edge = { low: 1.77, high: 2.02 };
    assert.equal(runsToDecide(ours, edge, 3), Math.ceil(3 * (Math.log(1.25) / Math.log(1.77 / 1.5)) ** 2));
    assert.equal(runsToDecide({ ratio: 1.77, low: 1.6, high: 1.9 }, edge, 3), null);
  });

  it('counts a claim judged on two candidate releases as the verdict they agree on, else inconclusive', () => {
    assert.equal(claimVerdict(['contradicted', 'contradicted']), 'contradicted');
    assert.equal(claimVerdict(['reproduced', 'contradicted']), 'inconclusive');
    assert.equal(claimVerdict(['reproduced', 'not judged']), 'reproduced');
    assert.equal(claimVerdict(['not judged', 'not measured']), 'not judged');
    assert.equal(claimVerdict(['not measured']), 'not measured');
  });
});

describe('published verdicts: the load', () => {
  const windows = [
    { from: '2026-11-26T05:53:00.000Z', to: '2026-11-26T06:04:00.000Z', min: 6.5, max: 14, note: 'from a note' },
    { from: '2026-11-28T03:00:00.000Z', to: '2026-11-28T03:10:00.000Z', min: 0.4, max: 1.6 },
  ];

  it('finds the load over the runs’ windows, and refuses timed runs above the machine’s cores or with no load recorded', () => {
    const busy = loadOf(['2026-11-26T05:54:00.000Z', '2026-11-26T06:00:00.000Z'], windows);
    assert.deepEqual(busy, { min: 6.5, max: 14, notes: ['from a note'] });
    assert.match(tooLoaded(busy, 2), /^runs made at load 6\.5–14\.0, above the machine's 2 cores: not judged from timed runs$/);
    assert.equal(tooLoaded(loadOf(['2026-11-28T03:05:00.000Z'], windows), 2), null);
    const unknown = loadOf(['2026-11-28T03:05:00.000Z', '2026-11-28T09:00:00.000Z'], windows);
    assert.deepEqual(unknown, { unrecorded: 1 });
    assert.match(tooLoaded(unknown, 2), /^load not recorded for 1 of its runs/);
  });

  // A row judged on counted work, planted lines on one runtime: timed runs with a ratio of 1.9, and two counts each.
  const row = loadFigures().find((r) => r.id === 'v8-2018-doxbee');
  const line = (example, time, extra) => ({
    scenario: row.ours.scenario,
    example,
    runtime: 'node@8',
    params: { ...row.ours.params },
    status: 'ok',
    error: null,
    time,
    env: { cpus: 2 },
    ...extra,
  });
  const timed = (time) =>
    [100, 101, 99, 100.5, 99.5].flatMap((ms) => [
      line('promises-native', time, { metrics: { wallMs: ms * 1.9, cpuUserMs: ms * 1.9, cpuSystemMs: 0 } }),
      line('async-await', time, { metrics: { wallMs: ms, cpuUserMs: ms, cpuSystemMs: 0 } }),
    ]);
  const counts = [37719, 37720].flatMap((n) => [
    line('promises-native', '2026-11-28T03:06:00.000Z', { measure: 'instructions', metrics: { instructionsPerInvocation: n } }),
    line('async-await', '2026-11-28T03:06:00.000Z', { measure: 'instructions', metrics: { instructionsPerInvocation: 36381 } }),
  ]);
  const onNode8 = (lines, basis) => comparisons(row, lines, { windows, basis }).find((c) => c.runtime === 'node@8');

  it('judges timed runs made at a low load, and refuses the same runs made at load 14 (planted)', () => {
    const quiet = onNode8(timed('2026-11-28T03:05:00.000Z'), 'cpu');
    assert.equal(quiet.verdict.verdict, 'reproduced');
    assert.deepEqual([quiet.load.min, quiet.load.max], [0.4, 1.6]);
    const loaded = onNode8(timed('2026-11-26T05:55:00.000Z'), 'cpu');
    assert.equal(loaded.verdict.verdict, 'not judged');
    assert.match(loaded.verdict.reason, /load 6\.5–14\.0, above the machine's 2 cores/);
  });

  it('judges a counted row on its counts whatever the load, and falls back to CPU time where a runtime has no count', () => {
    const counted = onNode8([...timed('2026-11-26T05:55:00.000Z'), ...counts]);
    assert.equal(counted.verdict.verdict, 'contradicted');
    assert.match(counted.verdict.reason, /counted work 1\.04 \(1\.04–1\.04\) excludes the margin 1\.77–2\.01/);
    assert.match(counted.verdict.reason, /^another program: counted work /);
    // The page shows the counts beside the timed ratios, and the load of the timed runs.
    const { publishedPage } = require('../../lib/published/page');
    const page = publishedPage([row], [...timed('2026-11-26T05:55:00.000Z'), ...counts], { windows });
    assert.match(page, /\| node@8 \| 1\.90 \([^|]*\) \| 1\.90 \([^|]*\) \| 1\.04 \(1\.04–1\.04\), 2 and 2 counts \| load 6\.5–14\.0 \| contradicted: /);
    assert.match(page, /verdict \(on counted work\)/);
    // Neither a count nor a run: one clause when both miss the same side, else both reasons.
    assert.equal(onNode8([]).verdict.reason, 'promises-native on node@8: no count and no run');
    const refused = onNode8([line('promises-native', 'x', { measure: 'instructions', status: 'unsupported', error: 'no --single-threaded', metrics: null })]);
    assert.equal(refused.verdict.reason, 'promises-native on node@8: UNSUPPORTED, no --single-threaded; promises-native on node@8: no run');
    const unsupported = counts.map((l) =>
      l.example === 'promises-native' ? { ...l, status: 'unsupported', error: 'no --single-threaded', metrics: null } : l,
    );
    const fallback = onNode8([...timed('2026-11-28T03:05:00.000Z'), ...unsupported]);
    assert.equal(fallback.verdict.verdict, 'reproduced');
    assert.match(
      fallback.verdict.reason,
      /: no count \(promises-native on node@8: UNSUPPORTED, no --single-threaded\): on CPU time; CPU time 1\.90 \(1\.8\d–1\.9\d\) lies within/,
    );
  });

  // Timed runs of one session, whose ratio is `factor` (the row's margin is 1.77-2.01).
  const session = (name, factor, time = '2026-11-28T03:05:00.000Z') =>
    [100, 101, 99, 100.5, 99.5].flatMap((ms) => [
      line('promises-native', time, { session: name, metrics: { wallMs: ms * factor, cpuUserMs: ms * factor, cpuSystemMs: 0 } }),
      line('async-await', time, { session: name, metrics: { wallMs: ms, cpuUserMs: ms, cpuSystemMs: 0 } }),
    ]);

  it('judges each session alone where the runs are of several, and is inconclusive when they disagree (planted)', () => {
    // Two sessions a day apart, each reproducing on its own: reproduced, said to hold in each.
    const agree = onNode8([...session('2026-11-27T10:00:00.000Z-a', 1.9), ...session('2026-11-28T10:00:00.000Z-b', 1.88)], 'cpu');
    assert.equal(agree.verdict.verdict, 'reproduced');
    assert.match(
      agree.verdict.reason,
      /^another program: the same in each of 2 sessions \(2026-11-27 10:00: reproduced, CPU time 1\.90 \([^)]*\) lies within the margin 1\.77–2\.01; 2026-11-28 10:00: reproduced, /,
    );
    // The second session's machine ran the numerator slower: each session's interval is narrow,
    // their pooled one would straddle the margin's edge, and the sessions tell two stories.
    const disagree = onNode8([...session('2026-11-27T10:00:00.000Z-a', 1.9), ...session('2026-11-28T10:00:00.000Z-b', 2.4)], 'cpu');
    assert.equal(disagree.verdict.verdict, 'inconclusive');
    assert.match(
      disagree.verdict.reason,
      /^another program: the 2 sessions disagree, so the variation between sessions is larger than one session's interval \(2026-11-27 10:00: reproduced, [^;]*; 2026-11-28 10:00: contradicted, CPU time 2\.40 /,
    );
    // A session made above the machine's cores is left out, not the others with it (planted: load 14).
    const loaded = onNode8([...session('2026-11-27T10:00:00.000Z-a', 1.9), ...session('2026-11-26T05:55:00.000Z-b', 2.4, '2026-11-26T05:55:00.000Z')], 'cpu');
    assert.equal(loaded.verdict.verdict, 'reproduced');
    assert.match(
      loaded.verdict.reason,
      /CPU time 1\.90 \([^)]*\) lies within the margin 1\.77–2\.01; 1 of its 2 sessions made above the machine's 2 cores not judged$/,
    );
    const bothLoaded = onNode8(
      [...session('2026-11-26T05:54:00.000Z-a', 1.9, '2026-11-26T05:54:00.000Z'), ...session('2026-11-26T05:55:00.000Z-b', 2.4, '2026-11-26T05:55:00.000Z')],
      'cpu',
    );
    assert.equal(bothLoaded.verdict.verdict, 'not judged');
    // The runs of one session are judged as they are.
    const one = onNode8(session('2026-11-27T10:00:00.000Z-a', 1.9), 'cpu');
    assert.equal(one.verdict.verdict, 'reproduced');
    assert.match(one.verdict.reason, /^another program: CPU time /);
  });
});
