'use strict';

const assert = require('node:assert/strict');
const v8 = require('node:v8');
const vm = require('node:vm');
const { startMeasuring } = require('../../lib/runner/child/measure');

// The GC count of a timed region (lib/runner/child/measure.js): a
// collection's entry is made in an immediate after it ends, so the region's
// last collections arrive after it; a collection before the region is not
// counted in it.

v8.setFlagsFromString('--expose-gc');
const collect = global.gc ?? vm.runInNewContext('gc');
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('measure: the GC count of a region', () => {
  it('counts a collection made in the region’s last turn, whose entry arrives after stop() (planted: reading at stop() finds none)', async () => {
    await nextTurn();
    const stop = startMeasuring({ capabilities: { gcObserver: true } });
    collect();
    // Planted: the count as it stands when stop() is called, before the entries arrive.
    const { PerformanceObserver } = require('node:perf_hooks');
    let atStop = 0;
    const early = new PerformanceObserver((list) => {
      atStop += list.getEntries().length;
    });
    early.observe({ entryTypes: ['gc'] });
    const seenAtStop = atStop;
    early.disconnect();
    const metrics = await stop();
    assert.equal(seenAtStop, 0, 'the entry has not arrived when the region ends');
    assert.ok(metrics.gcCount >= 1, `gcCount ${metrics.gcCount}`);
    assert.ok(metrics.gcMs > 0);
  });

  it('does not count a collection made just before the region', async () => {
    await nextTurn();
    collect();
    const stop = startMeasuring({ capabilities: { gcObserver: true } });
    const metrics = await stop();
    assert.equal(metrics.gcCount, 0);
    assert.equal(metrics.gcMs, 0);
  });

  it('is n/a, not zero, without a GC observer (a runtime without one, or --bare)', async () => {
    for (const options of [{ capabilities: { gcObserver: false } }, { detailed: false }]) {
      const metrics = await startMeasuring(options)();
      assert.equal(metrics.gcCount, null);
      assert.equal(metrics.gcMs, null);
      assert.ok(metrics.wallMs >= 0);
    }
  });
});
