'use strict';

const assert = require('node:assert/strict');
const { figureRatio, loadFigures } = require('../../lib/published/figures');
const { marginOf } = require('../../lib/published/margin');
const { verdictOf, labelOf, leanOf, rangeText, runsToDecide, VERDICTS } = require('../../lib/published/verdict');
const { loadOf, loadText, tooLoaded, refusalOf } = require('../../lib/published/load');
const { comparisons } = require('../../lib/published/comparisons');
const { claimVerdict } = require('../../lib/published/totals');
const { publishedPage } = require('../../lib/published/page');
const { tCritical } = require('../../lib/stats');

// The verdicts of the published figures, decided by intervals: each figure's
// margin from the precision its source gives for the mean, the three
// verdicts on planted figures, a proxy never decisive without saying so, a
// time judged on time with a count beside it, and the one interval a verdict
// is made on, which the page shows as its headline.

const close = (actual, expected, digits = 3) => assert.equal(actual.toFixed(digits), expected.toFixed(digits));
const marginFor = (figure) => marginOf(figure, figureRatio(figure));

describe('published verdicts: the margin, from the precision the source gives for its mean', () => {
  it('takes each mean’s 95% interval from a planted sd and number of runs: t(runs − 1) × sd ÷ √runs, not the spread', () => {
    const figure = { rate: [3000, 2500], sd: [80, 60], runs: 16 };
    const half = (sd) => (tCritical(15) * sd) / 4;
    const margin = marginFor(figure);
    close(margin.low, (3000 - half(80)) / (2500 + half(60)), 5);
    close(margin.high, (3000 + half(80)) / (2500 - half(60)), 5);
    assert.equal(margin.from, 'standard error');
    assert.match(margin.why, /^the 95% interval of each mean: sd 80 and 60 over 16 runs, t × sd ÷ √16 = ± 42\.6 and 32$/);
    // The same spread with no number of runs is the spread of single runs, and says so: wider.
    const spread = marginFor({ rate: [3000, 2500], sd: [80, 60] });
    assert.equal(spread.from, 'spread');
    assert.match(spread.why, /the spread of single runs$/);
    assert.ok(spread.high - spread.low > margin.high - margin.low);
  });

  it('gives every figure of kaizhu256’s table the precision of its mean, over his 16 runs', () => {
    const row = loadFigures().find((r) => r.id === 'kaizhu256-2018');
    const withSd = row.figures.filter((f) => f.sd);
    assert.ok(withSd.length >= 9);
    for (const figure of withSd) assert.equal(marginFor(figure).from, 'standard error', figure.on);
  });

  it('takes a planted relative margin of error of each mean (Benchmark.js’s ±%) as it is', () => {
    const margin = marginFor({ rate: [1000, 100], rme: [1, 2] });
    close(margin.low, 990 / 102, 5);
    close(margin.high, 1010 / 98, 5);
    assert.equal(margin.from, 'relative margin');
  });

  it('takes the rounding of a figure with no stated precision, and a tenth of the effect only where it is planted as having none', () => {
    const rounding = marginFor({ ms: [243.5, 128.8] });
    close(rounding.low, 243.45 / 128.85, 5);
    close(rounding.high, 243.55 / 128.75, 5);
    assert.equal(rounding.why, 'its rounding');
    // Shown in as many decimals as tell its ends apart.
    assert.equal(rangeText(rounding), '1.889–1.892');
    assert.equal(rangeText({ low: 1.77, high: 2.01 }), '1.77–2.01');
    const lost = marginFor({ percentLost: 1.75 });
    close(lost.low, 1 / (1 - 0.01745), 6);
    close(lost.high, 1 / (1 - 0.01755), 6);
    const none = marginFor({ ms: [243.5, 128.8], precision: 'none' });
    const value = 243.5 / 128.8;
    close(none.low, value * Math.exp(-0.1 * Math.log(value)));
    close(none.high, value * Math.exp(0.1 * Math.log(value)));
    assert.match(none.why, /^the source gives no precision: a tenth of the effect/);
    // Every figure of figures.json states where its margin comes from, and only
    // a figure marked as having no precision takes the convention.
    for (const row of loadFigures()) {
      for (const figure of row.figures) {
        const m = marginFor(figure);
        assert.ok(m.why && m.from, `${row.id}: ${figure.on}`);
        assert.equal(m.from === 'no precision', figure.precision === 'none', `${row.id}: ${figure.on}`);
      }
    }
  });

  it('takes a stated range as it is, "about 8×" to its leading digit, and a direction as its side of 1', () => {
    assert.deepEqual(marginFor({ range: [1.066, 1.138] }), { low: 1.066, high: 1.138, why: 'the range stated', from: 'range' });
    const about = marginFor({ ratio: 8, about: true });
    assert.deepEqual([about.low, about.high], [7.5, 8.5]);
    assert.deepEqual(marginFor({ direction: 'above 1' }), { low: 1, high: Infinity, why: 'a direction only', from: 'direction' });
  });
});

// A planted figure whose margin is 1.77–2.01 (no precision: a tenth of its effect).
const wide = { on: 'planted', runtimes: ['node@8'], ms: [243.5, 128.8], precision: 'none' };

describe('published verdicts: decided by intervals', () => {
  const published = figureRatio(wide);
  const margin = marginFor(wide);

  it('reproduced: our interval lies within the margin', () => {
    const v = verdictOf(published, margin, { ratio: 1.9, low: 1.85, high: 1.95, runs: [3, 3] });
    assert.equal(v.verdict, 'reproduced');
    assert.equal(v.label, 'reproduced');
    assert.match(v.reason, /^ours 1\.90 \(1\.85–1\.95\) lies within the margin 1\.77–2\.01/);
  });

  it('contradicted: our interval excludes the figure and its margin (planted: 1.03–1.05 against 1.89)', () => {
    const v = verdictOf(published, margin, { ratio: 1.04, low: 1.03, high: 1.05, runs: [2, 2] }, { measure: 'CPU time' });
    assert.equal(v.verdict, 'contradicted');
    assert.match(v.reason, /^CPU time 1\.04 \(1\.03–1\.05\) excludes the margin 1\.77–2\.01/);
    assert.equal(verdictOf(published, margin, { ratio: 1.1, low: 0.95, high: 1.3 }).verdict, 'contradicted');
  });

  it('inconclusive, never "not reproduced", for an interval that holds both 1 and the figure', () => {
    const theirs = { range: [1.05, 1.13] };
    const v = verdictOf(figureRatio(theirs), marginFor(theirs), { ratio: 1.01, low: 0.91, high: 1.11, runs: [10, 10] }, { measure: 'CPU time' });
    assert.equal(v.verdict, 'inconclusive');
    assert.match(v.reason, /holds 1 and the figure/);
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
    const v = verdictOf(published, margin, null, { missing: 'promise-chain on node@8: UNSUPPORTED' });
    assert.equal(v.verdict, 'not measured');
    assert.equal(v.reason, 'promise-chain on node@8: UNSUPPORTED');
  });

  it('says how many runs would decide: the interval narrows as 1/√runs to the margin’s nearer edge', () => {
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

describe('published verdicts: a proxy says so', () => {
  const published = figureRatio(wide);
  const margin = marginFor(wide);
  const what = 'its fakes answer after a tick';

  it('labels a decisive verdict on a proxy "on a proxy: <what differs>", and leaves the others as they are', () => {
    const contradicted = verdictOf(published, margin, { ratio: 1.04, low: 1.03, high: 1.05 }, { proxy: what });
    assert.equal(contradicted.label, `contradicted on a proxy: ${what}`);
    const reproduced = verdictOf(published, margin, { ratio: 1.9, low: 1.85, high: 1.95 }, { proxy: what });
    assert.equal(reproduced.label, `reproduced on a proxy: ${what}`);
    assert.equal(verdictOf(published, margin, { ratio: 1.6, low: 1.4, high: 1.8 }, { proxy: what }).label, 'inconclusive');
    assert.equal(labelOf({ verdict: 'contradicted' }), 'contradicted');
  });

  it('never prints "reproduced" or "contradicted" alone for a row whose program is a proxy (the committed runs and planted ones)', () => {
    const { readResults } = require('../../lib/runner/session');
    const path = require('node:path');
    const dir = path.join(__dirname, '..', '..', 'docs', 'published');
    const lines = readResults(path.join(dir, 'runs.jsonl'), { drivers: require('../../lib/drivers') });
    const windows = require('node:fs')
      .readFileSync(path.join(dir, 'load.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l));
    let decisive = 0;
    for (const row of loadFigures().filter((r) => r.program.another)) {
      for (const c of comparisons(row, lines, { windows })) {
        if (['reproduced', 'contradicted'].includes(c.verdict.verdict)) {
          decisive++;
          assert.equal(c.verdict.label, `${c.verdict.verdict} on a proxy: ${row.program.another}`, `${row.id} on ${c.runtime}`);
        } else assert.equal(c.verdict.label, c.verdict.verdict);
      }
    }
    assert.ok(decisive > 0, 'some proxy verdict is decisive, so the check can fail');
  });
});

describe('published verdicts: each claim on its own measure, one interval', () => {
  const windows = [
    { from: '2026-11-26T05:53:00.000Z', to: '2026-11-26T06:04:00.000Z', min: 6.5, max: 14, note: 'from a note' },
    { from: '2026-11-27T09:00:00.000Z', to: '2026-11-27T11:00:00.000Z', min: 0.3, max: 1.2 },
    { from: '2026-11-28T03:00:00.000Z', to: '2026-11-28T11:00:00.000Z', min: 0.4, max: 1.6 },
  ];

  it('finds the load over the runs’ windows, and refuses timed runs above the machine’s cores or with no load recorded', () => {
    const busy = loadOf(['2026-11-26T05:54:00.000Z', '2026-11-26T06:00:00.000Z'], windows);
    assert.deepEqual(busy, { min: 6.5, max: 14, notes: ['from a note'] });
    assert.match(tooLoaded(busy, 2), /^runs made at load 6\.5–14\.0, above the machine's 2 cores: not judged from timed runs$/);
    assert.equal(refusalOf(busy, 2), "its timed runs were made above the machine's 2 cores: not judged from time");
    assert.equal(tooLoaded(loadOf(['2026-11-28T03:05:00.000Z'], windows), 2), null);
    const unknown = loadOf(['2026-11-28T03:05:00.000Z', '2026-11-29T09:00:00.000Z'], windows);
    assert.deepEqual(unknown, { unrecorded: 1 });
    assert.match(tooLoaded(unknown, 2), /^load not recorded for 1 of its runs/);
  });

  it('judges by the cores other processes kept busy where the windows record them, not by a load the bench made itself', () => {
    const own = [{ from: '2026-12-06T20:00:00.000Z', to: '2026-12-06T20:02:00.000Z', min: 1.4, max: 6.1, others: { mean: 0.1, max: 0.3 } }];
    const shared = [{ ...own[0], others: { mean: 0.9, max: 1.6 } }];
    const at = ['2026-12-06T20:01:00.000Z'];
    assert.equal(tooLoaded(loadOf(at, own), 2), null);
    assert.equal(loadText(loadOf(at, own)), 'load 1.4–6.1, other processes 0.1 cores (at most 0.3)');
    assert.match(tooLoaded(loadOf(at, shared), 2), /^runs made while other processes kept 0\.9 cores busy, above 0\.5: not judged from timed runs$/);
    assert.match(refusalOf(loadOf(at, shared), 2), /^other processes kept more than 0\.5 of the machine's 2 cores busy/);
    // A window that did not record them: the load average decides, as before.
    const mixed = [...own, { from: '2026-12-06T21:00:00.000Z', to: '2026-12-06T21:02:00.000Z', min: 1.4, max: 6.1 }];
    assert.match(tooLoaded(loadOf([...at, '2026-12-06T21:01:00.000Z'], mixed), 2), /above the machine's 2 cores/);
  });

  // A CPU claim with counts beside it (v8-2018-doxbee's sides), judged on a planted figure whose margin is 1.77–2.01.
  const base = loadFigures().find((r) => r.id === 'v8-2018-doxbee');
  const row = { ...base, figures: [wide], program: { theirs: 'planted', ours: 'planted' } };
  const proxyRow = { ...row, program: { theirs: 'planted', ours: 'planted', another: 'planted difference' } };
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
  // Timed runs of one session whose ratio is `factor`, CPU and wall alike.
  const session = (name, factor, time = '2026-11-28T03:05:00.000Z') =>
    [100, 101, 99, 100.5, 99.5].flatMap((ms) => [
      line('promises-native', time, { session: name, metrics: { wallMs: ms * factor, cpuUserMs: ms * factor, cpuSystemMs: 0 } }),
      line('async-await', time, { session: name, metrics: { wallMs: ms, cpuUserMs: ms, cpuSystemMs: 0 } }),
    ]);
  // Two counts each, whose ratio is `factor`.
  const counts = (factor) =>
    [36381, 36382].flatMap((n) => [
      line('promises-native', '2026-11-28T03:06:00.000Z', { measure: 'instructions', metrics: { instructionsPerInvocation: n * factor } }),
      line('async-await', '2026-11-28T03:06:00.000Z', { measure: 'instructions', metrics: { instructionsPerInvocation: 36381 } }),
    ]);
  const onNode8 = (lines, r = row) => comparisons(r, lines, { windows }).find((c) => c.runtime === 'node@8');

  it('judges a time claim on its time, with the count beside it as an explanation (planted: time contradicts, the count agrees)', () => {
    const c = onNode8([...session('2026-11-28T03:00:00.000Z-a', 1.04), ...counts(1.9)]);
    assert.equal(c.verdict.verdict, 'contradicted');
    assert.match(
      c.verdict.reason,
      /^CPU time 1\.04 \(1\.0\d–1\.0\d\) excludes the margin 1\.77–2\.01; beside it, counted work 1\.90 \(1\.90–1\.90\), an explanation, not the verdict$/,
    );
    assert.deepEqual(c.verdict.interval.measure, 'CPU time');
    // And the other way round: time reproduces while the count would contradict.
    const d = onNode8([...session('2026-11-28T03:00:00.000Z-a', 1.9), ...counts(1.04)]);
    assert.equal(d.verdict.verdict, 'reproduced');
  });

  it('is inconclusive where time cannot decide, and the count says which way it leans (planted: load 14, or an interval across the edge)', () => {
    const loaded = onNode8([...session('2026-11-26T05:55:00.000Z-a', 1.9, '2026-11-26T05:55:00.000Z'), ...counts(1.9)]);
    assert.equal(loaded.verdict.verdict, 'inconclusive');
    assert.match(loaded.verdict.reason, /above the machine's 2 cores: not judged from time; counted work 1\.90 .* the count leans toward the figure$/);
    assert.doesNotMatch(loaded.verdict.reason, /load \d/, 'no load figure in the verdict');
    const against = onNode8([...session('2026-11-26T05:55:00.000Z-a', 1.9, '2026-11-26T05:55:00.000Z'), ...counts(1.04)]);
    assert.match(against.verdict.reason, /on the side of 1: the count leans against the figure$/);
    // With nothing counted, runs above the load limit are not judged.
    assert.equal(onNode8(session('2026-11-26T05:55:00.000Z-a', 1.9, '2026-11-26T05:55:00.000Z')).verdict.verdict, 'not judged');
    assert.match(leanOf({ ratio: 1.8, low: 1.7, high: 1.9 }, { low: 1.77, high: 2.01 }), /leans neither way$/);
  });

  it('decides on one interval over the sessions it judges, and the page shows that interval first (planted: a loaded session left out)', () => {
    const lines = [
      ...session('2026-11-27T10:00:00.000Z-a', 1.9, '2026-11-27T10:00:00.000Z'),
      ...session('2026-11-26T05:55:00.000Z-b', 2.4, '2026-11-26T05:55:00.000Z'),
    ];
    const c = onNode8(lines);
    assert.equal(c.verdict.verdict, 'reproduced');
    const judged = c.sessions.find((s) => s.judged);
    assert.deepEqual([c.verdict.interval.ratio, c.verdict.interval.low, c.verdict.interval.high], [judged.ratio, judged.low, judged.high]);
    assert.equal(c.verdict.interval.over, 'the one session judged');
    // The pooled interval of every run would straddle the margin: it is not the verdict's.
    assert.ok(c.ours.cpu.high > 2.01);
    const page = publishedPage([row], lines, { windows });
    const cells = page
      .split('\n')
      .find((l) => l.includes('| node@8 |'))
      .split(' | ');
    const fix = (x) => x.toFixed(2);
    assert.equal(cells[5], `CPU time ${fix(judged.ratio)} (${fix(judged.low)}–${fix(judged.high)}), over the one session judged`);
    assert.match(cells[7], /every run of 2 sessions pooled/);
    // Session stamps and loads are in the provenance, not in the verdict.
    assert.doesNotMatch(cells[6], /2026-11|load \d/);
    assert.match(page, /## Provenance: sessions and loads[\s\S]*2026-11-26 05:55: [^;]*load 6\.5–14\.0, not judged/);
  });

  it('judges a quiet session that ran both sides even when older runs of one side alone were made loaded (planted: a loaded half-session)', () => {
    // The older session ran only the numerator, under load: it forms no
    // session of its own, and its load must not refuse the quiet one.
    const halfLoaded = session('2026-11-26T05:55:00.000Z-b', 2.4, '2026-11-26T05:55:00.000Z').filter((l) => l.example === 'promises-native');
    const c = onNode8([...halfLoaded, ...session('2026-11-27T10:00:00.000Z-a', 1.9, '2026-11-27T10:00:00.000Z')]);
    assert.equal(c.verdict.verdict, 'reproduced');
    assert.equal(c.verdict.interval.over, 'the one session judged');
    assert.equal(c.sessions.length, 1);
    // With only the loaded half, nothing is judged from time.
    assert.equal(onNode8(halfLoaded).verdict.verdict, 'not measured');
  });

  it('over several judged sessions, from the lowest low to the highest high: reproduced only if each is, else inconclusive (planted)', () => {
    const agree = onNode8([
      ...session('2026-11-27T10:00:00.000Z-a', 1.9, '2026-11-27T10:00:00.000Z'),
      ...session('2026-11-28T10:00:00.000Z-b', 1.88, '2026-11-28T10:00:00.000Z'),
    ]);
    assert.equal(agree.verdict.verdict, 'reproduced');
    assert.equal(agree.verdict.interval.over, 'the 2 sessions judged, lowest low to highest high');
    close(agree.verdict.interval.low, Math.min(...agree.sessions.map((s) => s.low)), 6);
    const disagree = onNode8([
      ...session('2026-11-27T10:00:00.000Z-a', 1.9, '2026-11-27T10:00:00.000Z'),
      ...session('2026-11-28T10:00:00.000Z-b', 2.4, '2026-11-28T10:00:00.000Z'),
    ]);
    assert.equal(disagree.verdict.verdict, 'inconclusive');
    // More runs in each session would not narrow an interval that spans the sessions.
    assert.match(disagree.verdict.reason, /which more runs in each would not narrow/);
    assert.doesNotMatch(disagree.verdict.reason, /runs each would decide it/);
  });

  it('prints a decisive verdict of a proxy row on the page with "on a proxy" and what differs (planted)', () => {
    const lines = session('2026-11-28T03:00:00.000Z-a', 1.04);
    const c = onNode8(lines, proxyRow);
    assert.equal(c.verdict.label, 'contradicted on a proxy: planted difference');
    const page = publishedPage([proxyRow], lines, { windows });
    for (const l of page.split('\n').filter((x) => /\b(reproduced|contradicted)\b/.test(x) && x.startsWith('|') && !x.startsWith('| ---'))) {
      if (/\| \*\*(reproduced|contradicted)|\| (reproduced|contradicted) \|/.test(l))
        assert.match(l, /(reproduced|contradicted) on a proxy: planted difference/);
    }
    assert.match(
      page,
      /\| \[v8-2018-doxbee\]\(#v8-2018-doxbee\): 243\.5 ms ÷ 128\.8 ms \| contradicted on a proxy: planted difference \| CPU time \| proxy \|/,
    );
  });
});

describe('published verdicts: CPU time per call', () => {
  const { oursOn } = require('../../lib/published/ours');

  it('divides a compute run’s CPU time by its calls, so that the ratio is per call (planted: 10 calls against 1000 in the same time)', () => {
    const ours = { scenario: 'fib', metric: 'callMs', numerator: { example: 'async' }, denominator: { example: 'sync' }, params: { n: 20 } };
    const run = (example, calls, i) => ({
      scenario: 'fib',
      example,
      runtime: 'node@26',
      params: { n: 20 },
      status: 'ok',
      metrics: { callMs: 300 / calls + i / 1000, calls, cpuUserMs: 300 + i, cpuSystemMs: 0 },
    });
    const lines = [0, 1, 2].flatMap((i) => [run('async', 10, i), run('sync', 1000, i)]);
    const found = oursOn(lines, ours, 'node@26');
    assert.ok(found.cpu.ratio > 90 && found.cpu.ratio < 110, `per call: ${found.cpu.ratio}`);
    // A driver that times a fixed amount of work keeps the run's CPU time.
    const whole = oursOn(
      lines.map((l) => ({ ...l, metrics: { ...l.metrics, wallMs: l.metrics.cpuUserMs } })),
      { ...ours, metric: 'wallMs' },
      'node@26',
    );
    assert.ok(Math.abs(whole.cpu.ratio - 1) < 0.01);
  });
});
