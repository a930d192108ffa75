'use strict';

// The virtual clock of a counted run (lib/fakes/virtual-time.js): what is due
// runs in due order, each completion on a turn of its own with its microtasks
// after it, the clock moves only when nothing else is left, and a counted
// run's simulated I/O never reads the real clock.

const assert = require('node:assert/strict');
const { createVirtualTimers } = require('../../lib/fakes/virtual-time');
const { createIO } = require('../../lib/fakes');
const upload = require('../../examples/doxbee/callbacks-original');
const { realTimersStartedBy } = require('./real-timers');

describe('fakes: the virtual clock of a counted run', () => {
  it('runs what is due in due order, each due time in the order it was scheduled, with each one’s microtasks before the next', async () => {
    const { after } = createVirtualTimers();
    const seen = [];
    await new Promise((resolve) => {
      const log = (name) => {
        seen.push(name);
        Promise.resolve().then(() => seen.push(`${name}:microtask`));
        if (seen.filter((entry) => !entry.includes(':')).length === 5) setImmediate(resolve);
      };
      after(log, 5, 'late');
      after(log, 1, 'first');
      after(log, 1, 'second');
      after(log, 2, 'third');
      // Scheduled from a completion: due 1 + 1, after what was already due at 2.
      after(() => after(log, 1, 'fourth'), 1);
    });
    assert.deepEqual(seen, [
      'first',
      'first:microtask',
      'second',
      'second:microtask',
      'third',
      'third:microtask',
      'fourth',
      'fourth:microtask',
      'late',
      'late:microtask',
    ]);
  });

  it('does not move while work scheduled on the real loop is pending: a later due time waits for it', async () => {
    const { after } = createVirtualTimers();
    const seen = [];
    await new Promise((resolve) => {
      after(() => {
        seen.push('due at 1');
        // Work of the completion's own, three turns long.
        setImmediate(() => setImmediate(() => setImmediate(() => seen.push('three turns later'))));
      }, 1);
      after(() => {
        seen.push('due at 2');
        resolve();
      }, 2);
    });
    // Immediates are FIFO: the clock's move was queued after the first of the
    // three turns, so it is one turn behind the work, not one ahead of all of it.
    assert.equal(seen[0], 'due at 1');
    assert.ok(seen.includes('due at 2'));
  });

  it('a counted run’s I/O never starts a real timer; a timed run’s does (planted)', async () => {
    for (const virtualTime of [true, false]) {
      const started = await realTimersStartedBy(async () => {
        const { io } = createIO('callbacks', { trace: false, t: 1, fileExists: false, virtualTime });
        await new Promise((resolve, reject) => upload(io)({}, 'a/b', 'v1', (error) => (error ? reject(error) : resolve())));
      });
      if (virtualTime) assert.equal(started, 0);
      else assert.ok(started > 0, 'the timed run starts real timers');
    }
  });
});
