'use strict';

const assert = require('node:assert/strict');
const path = require('node:path');
const { createIO } = require('../../lib/fakes');
const { problemNamed } = require('../../lib/problems');

// What an observable example does when its caller gives up mid-upload by its
// style's own means, unsubscribing: it must end the transaction it began by a
// rollback, not commit anyway nor leave it open. The caller gives up at once,
// after the subscription has begun the transaction and started the first
// operation, and before any operation has completed.

const EXAMPLES = path.join(__dirname, '..', '..', 'examples');

function turn() {
  return new Promise((resolve) => setImmediate(resolve));
}

// 'rolls back' | 'commits anyway' | 'leaves the transaction open'.
async function onCancel(file, problem) {
  const { model } = problemNamed(problem);
  const { io, engine } = createIO('observables', { ...(model.BRANCHES ?? [{}])[0], latency: 'tick', fault: null }, problem);
  const upload = require(file)(io);
  const subscription = upload(...model.CASE_ARGS).subscribe({ error() {} });
  subscription.unsubscribe();
  while (engine.pending > 0) await turn();
  const called = (op) => engine.trace.some((event) => event.type === 'call' && event.op === op);
  assert.ok(called('db.begin'), 'the upload began no transaction before its caller gave up');
  if (called('tx.rollback')) return 'rolls back';
  if (called('tx.commit')) return 'commits anyway';
  return 'leaves the transaction open';
}

describe('cancellation of the observable examples (unsubscribe mid-upload)', () => {
  for (const problem of ['doxbee', 'parallel']) {
    it(`${problem}/observables-rxjs rolls back`, async () => {
      assert.equal(await onCancel(path.join(EXAMPLES, problem, 'observables-rxjs.js'), problem), 'rolls back');
    });
  }

  it('reports a planted example that rolls back on error only as leaving the transaction open', async () => {
    const fixture = path.join(__dirname, '..', 'fixtures', 'doxbee', 'observables-rxjs-leaks-on-cancel.js');
    assert.equal(await onCancel(fixture, 'doxbee'), 'leaves the transaction open');
  });
});
