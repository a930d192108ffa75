'use strict';

// The cores other processes keep busy while a bench runs (bench/others-busy.js):
// the CPUs' busy time less the bench's process tree's, which the load average
// cannot tell apart. Planted clocks for the arithmetic; a real child for /proc.

const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const { othersBusy, treeMs, watchRuns } = require('../../bench/others-busy');

// Planted sources: each sample reads the next value of each list.
function planted({ at, busy, tree }) {
  let i = 0;
  const next = (list) => () => list[Math.min(i, list.length - 1)];
  const sampler = othersBusy(1, { now: next(at), busy: next(busy), tree: next(tree) });
  return {
    sample() {
      i += 1;
      sampler.sample();
    },
    result: () => sampler.result(),
  };
}

describe('published: the cores other processes keep busy beside a bench', () => {
  it('subtracts the bench tree’s CPU time from the CPUs’ busy time, interval by interval', () => {
    // Two intervals of 1 s: the CPUs busy 2,000 ms then 1,200 ms, the tree 1,900 ms then 200 ms.
    const s = planted({ at: [0, 1000, 2000], busy: [0, 2000, 3200], tree: [0, 1900, 2100] });
    s.sample();
    s.sample();
    assert.deepEqual(s.result(), { mean: 0.55, max: 1 });
  });

  it('a bench that keeps every core busy by itself leaves others at 0, whatever the load average (planted: 4 workers on 2 cores)', () => {
    const s = planted({ at: [0, 5000, 10000], busy: [0, 10000, 20000], tree: [0, 10000, 20000] });
    s.sample();
    s.sample();
    assert.deepEqual(s.result(), { mean: 0, max: 0 });
  });

  it('gives nothing where /proc cannot be read, and nothing before a sample', () => {
    assert.equal(planted({ at: [0, 1000], busy: [0, 500], tree: [null, null] }).result(), null);
    const s = planted({ at: [0, 1000], busy: [0, 500], tree: [null, null] });
    s.sample();
    assert.equal(s.result(), null);
  });

  it('watches one run: the cores others kept busy from its start to its end, or nothing without /proc (planted)', () => {
    let i = 0;
    const next = (list) => () => list[Math.min(i, list.length - 1)];
    const watch = watchRuns(1, { now: next([0, 500]), busy: next([0, 900]), tree: next([0, 400]) });
    const ended = watch();
    i = 1;
    assert.deepEqual(ended(), { othersBusy: 1 });
    // A job that started no child ends within a tick or two: no figure, however the ticks fell.
    const instant = watchRuns(1, { now: next([0, 3]), busy: next([0, 10]), tree: next([0, 0]) });
    i = 0;
    const quick = instant();
    i = 1;
    assert.deepEqual(quick(), {});
    i = 0;
    const blind = watchRuns(1, { now: next([0, 500]), busy: next([0, 900]), tree: () => null })();
    i = 1;
    assert.deepEqual(blind(), {});
  });

  it('counts a child that ended in its parent’s time (a real child burning about 300 ms of CPU)', function () {
    if (process.platform !== 'linux') this.skip();
    const before = treeMs(process.pid);
    const child = spawnSync(process.execPath, ['-e', 'const from = process.cpuUsage(); while (process.cpuUsage(from).user < 300000);']);
    assert.equal(child.status, 0);
    const spent = treeMs(process.pid) - before;
    // A planted tree that forgot reaped children (cutime) would see nothing of it.
    assert.ok(spent >= 250, `${spent} ms`);
  });
});
