'use strict';

const assert = require('node:assert/strict');
const registries = require('../../examples');
const drivers = require('../../lib/drivers');
const { forestSpec, forestRows } = require('../../lib/report/charts/forest-plot');
const { narrowForestSpec } = require('../../lib/report/charts/forest-narrow');
const { wrapWords } = require('../../lib/report/charts/wrap-words');
const { assertFitsPhone, PHONE_PAGE } = require('./phone-fit');

// The forest plot's narrow layout, for a phone: the same rows as the desktop's,
// each on lines of its own, and a picture that fits the page's width at 390 px
// (less the page's margins) with every DoxBee example, the longest names too.

const BASELINE = 'callbacks-original';
const NAMES = registries.doxbee.examples.map((e) => e.name);

// Summarized cells as the report has them: every example slower than the last, one timed out.
function cells() {
  return NAMES.map((example, i) => {
    const ratio = 0.8 + i * 0.08;
    const timedOut = example === 'promises-q';
    return {
      env: 'e1',
      scenario: 'doxbee-sequential',
      driver: 'batch',
      params: { n: 10000 },
      example,
      baseline: BASELINE,
      status: timedOut ? 'timeout' : 'ok',
      time: timedOut ? null : { mean: ratio * 100 },
      ratio: example === BASELINE || timedOut ? null : { ratio, low: ratio * 0.9, high: ratio * 1.1, significant: i % 3 !== 0 },
    };
  });
}
const AT = { env: 'e1', scenario: 'doxbee-sequential', params: { n: 10000 }, baseline: BASELINE, envLabel: 'node v26.10.0 on a CPU of some length' };
const LOOK = { colors: new Map(), drivers };

describe('report: the forest plot on a phone', function () {
  this.timeout(60000);

  it("has the desktop plot's rows, in its order, each with its name, its number and its bar on lines of their own", () => {
    const spec = narrowForestSpec(cells(), AT, LOOK);
    const rows = spec.data.values;
    assert.deepEqual(
      rows.map((r) => [r.example, r.ratio, r.text]),
      forestRows(cells(), AT).rows.map((r) => [r.example, r.ratio, r.text]),
    );
    for (const [i, row] of rows.entries()) {
      assert.ok(row.nameY <= row.textY && row.textY < row.barY, `${row.example}: the name, then the number, then the bar`);
      if (i > 0) assert.ok(rows[i - 1].bottom <= row.nameY - 11 / 2, `${row.example} starts below ${rows[i - 1].example}`);
    }
    assert.equal(spec.height, rows[rows.length - 1].bottom);
    assert.match(spec.title.subtitle.join(' '), /Not drawn \(no ratio\): promises-q \(T\/O\)\./);
  });

  it('wraps its title to lines that fit, and shows at most five ticks, 1 among them', () => {
    assert.deepEqual(wrapWords('doxbee-sequential: time relative to callbacks-original', 27), ['doxbee-sequential: time', 'relative to', 'callbacks-original']);
    const spec = narrowForestSpec(cells(), AT, LOOK);
    const x = spec.layer.find((layer) => layer.encoding?.x?.field === 'ratio').encoding.x;
    assert.ok(x.axis.values.length <= 5 && x.axis.values.includes(1), String(x.axis.values));
  });

  it(`draws a picture no wider than a phone's page (${PHONE_PAGE} px); the desktop's plot does not fit (planted)`, async () => {
    await assertFitsPhone('forest', narrowForestSpec(cells(), AT, LOOK), forestSpec(cells(), AT, LOOK));
  });

  it('draws nothing where the desktop plot draws nothing', () => {
    const alone = cells().filter((c) => c.example === BASELINE);
    assert.equal(narrowForestSpec(alone, AT, LOOK), null);
    assert.equal(forestSpec(alone, AT, LOOK), null);
  });
});
