'use strict';

const assert = require('node:assert/strict');
const { firstDifference, describeDifference } = require('../../lib/conformance');

// Where two traces part: the pure comparison asyncmark verify and the
// conformance tests print from.
describe('conformance: the first difference of two traces', () => {
  const call = (op, args) => ({ type: 'call', op, args });
  const begin = call('db.begin', { tx: 1 });

  it('is null for traces alike', () => {
    assert.equal(firstDifference([], []), null);
    assert.equal(firstDifference([begin, { type: 'done', error: null }], [call('db.begin', { tx: 1 }), { type: 'done', error: null }]), null);
  });

  it('gives the index and both events where they first part', () => {
    const want = [begin, call('file.update', { tx: 1 }), call('tx.commit', { tx: 1 })];
    const got = [begin, call('tx.commit', { tx: 1 })];
    assert.deepEqual(firstDifference(want, got), { index: 1, expected: want[1], actual: got[1] });
  });

  it('gives null for the event of a trace that has ended', () => {
    assert.deepEqual(firstDifference([begin], [begin, begin]), { index: 1, expected: null, actual: begin });
    assert.deepEqual(firstDifference([begin, begin], [begin]), { index: 1, expected: begin, actual: null });
  });

  it('tells a difference in one line, as the conformance problems always have', () => {
    assert.equal(
      describeDifference({ index: 3, expected: begin, actual: null }),
      'trace differs at event 3: expected {"type":"call","op":"db.begin","args":{"tx":1}}, got nothing',
    );
  });
});

// The cancel contract on traces written out by hand: the breaches no planted
// example of test/fixtures/doxbee/on-cancel.js shows, and how points combine.
describe('conformance: the cancel contract at one point', () => {
  const { breachesAt, breachesUnaborted, breachesAfter, worstBreach, worse, BREACHES, KEEPS } = require('../../lib/conformance/cancel-contract');
  const CANCEL = { commit: 'tx.commit', rollback: 'tx.rollback', reads: ['file.get'] };
  const reason = new Error('aborted');
  const call = (op) => ({ type: 'call', op });
  const complete = (op) => ({ type: 'complete', op });
  const heard = { type: 'heard' };
  // Begun, a write in flight when the caller gives up (index 2), then what follows.
  const seen = (after, hearings, more = {}) => ({
    point: 'version.insert',
    trace: [call('db.begin'), call('version.insert'), ...after],
    abortAt: 2,
    heard: hearings,
    listens: true,
    reason,
    ...more,
  });
  const kinds = (breaches) => breaches.map((b) => b.kind);

  it('keeps the contract: the write in flight completes, the rollback, then the reason heard, or an error caused by it', () => {
    assert.deepEqual(breachesAt(seen([complete('version.insert'), call('tx.rollback'), heard], [{ error: reason }]), CANCEL), []);
    const wrapped = new Error('upload aborted', { cause: reason });
    assert.deepEqual(breachesAt(seen([call('tx.rollback'), heard], [{ error: wrapped }]), CANCEL), []);
    // The rollback may be awaited, and reads may go on.
    const awaited = [complete('version.insert'), call('file.get'), call('tx.rollback'), complete('tx.rollback'), heard];
    assert.deepEqual(breachesAt(seen(awaited, [{ error: reason }]), CANCEL), []);
  });

  it('finds success reported for a rolled-back upload, and a caller told twice', () => {
    assert.deepEqual(kinds(breachesAt(seen([call('tx.rollback'), heard], [{ error: null }]), CANCEL)), ['reports success though rolled back']);
    assert.deepEqual(kinds(breachesAt(seen([call('tx.rollback'), heard, heard], [{ error: reason }, { error: reason }]), CANCEL)), ['settles twice']);
  });

  it('finds a rollback after the commit was issued, and a read awaited after the abort as hearing late', () => {
    const committing = { trace: [call('db.begin'), call('tx.commit'), call('tx.rollback'), complete('tx.commit'), heard], point: 'tx.commit' };
    assert.deepEqual(kinds(breachesAt(seen([], [{ error: null }], committing), CANCEL)), ['rolls back after committing']);
    const late = breachesAt(
      seen([complete('version.insert'), call('file.get'), complete('file.get'), call('tx.rollback'), heard], [{ error: reason }]),
      CANCEL,
    );
    assert.deepEqual(late, [{ kind: 'hears late', detail: 'the caller heard after 1 more I/O step(s)' }]);
  });

  it('judges nothing of what a caller that unsubscribed hears', () => {
    assert.deepEqual(breachesAt(seen([call('tx.rollback')], [], { listens: false, reason: undefined }), CANCEL), []);
  });

  it('finds an answer before the call returned: a throw, or a callback called at once', () => {
    const before = { point: 'before start', trace: [], abortAt: 0 };
    assert.deepEqual(kinds(breachesAt(seen([heard], [{ error: reason, sync: true, threw: true }], before), CANCEL)), ['answers synchronously']);
    const atOnce = breachesAt(seen([heard], [{ error: reason, sync: true }], before), CANCEL);
    assert.deepEqual(atOnce, [{ kind: 'answers synchronously', detail: 'the caller heard before the call returned' }]);
    assert.deepEqual(breachesAt(seen([heard], [{ error: reason, sync: false }], before), CANCEL), []);
  });

  it('holds an upload whose signal was not aborted to commit and hear success, once', () => {
    const committed = { trace: [call('db.begin'), call('tx.commit'), heard], heard: [{ error: null }] };
    assert.deepEqual(breachesUnaborted(committed, CANCEL), []);
    const rolledBack = { trace: [call('db.begin'), call('tx.rollback'), heard], heard: [{ error: reason }] };
    assert.deepEqual(kinds(breachesUnaborted(rolledBack, CANCEL)), ['fails though not aborted', 'fails though not aborted']);
    assert.deepEqual(kinds(breachesUnaborted({ ...committed, heard: [] }, CANCEL)), ['never settles']);
    assert.deepEqual(kinds(breachesUnaborted({ ...committed, heard: [{ error: null }, { error: null }] }, CANCEL)), ['settles twice']);
  });

  it('finds I/O after the upload settled and listeners left on its signal, nothing before', () => {
    const trace = [call('db.begin'), call('tx.rollback'), heard, call('tx.rollback')];
    assert.deepEqual(breachesAfter({ trace, endedAt: 3, listeners: 0 }), [{ kind: 'acts after settling', detail: 'tx.rollback after the caller heard' }]);
    assert.deepEqual(kinds(breachesAfter({ trace, endedAt: 4, listeners: 2 })), ['leaves a listener']);
    assert.deepEqual(breachesAfter({ trace, endedAt: 4, listeners: 0 }), []);
  });

  it('takes the worst breach over points, at the first point where it happens', () => {
    const points = [
      { where: 'a', breaches: [{ kind: 'hears late', detail: '1' }] },
      { where: 'b', breaches: [{ kind: 'writes after the abort', detail: '2' }] },
      { where: 'c', breaches: [{ kind: 'writes after the abort', detail: '3' }] },
    ];
    assert.deepEqual(worstBreach(points), { kind: 'writes after the abort', detail: '2', where: 'b' });
    assert.equal(worstBreach([{ where: 'a', breaches: [] }]), null);
    assert.ok(worse(BREACHES[0], KEEPS) && !worse(KEEPS, BREACHES.at(-1)) && !worse('hears late', 'hears late'));
  });
});

// How soon a caller hears (lib/conformance/time-to-hear.js): the grade from the
// operations in flight each caller waited for, the words and times shown, and
// the runs of a cell together.
describe('conformance: how soon a caller that gives up hears', () => {
  const { inFlightAwaited } = require('../../lib/conformance/cancel-contract');
  const { hearingGrade, hearingText, hearingOverRuns, AT_ONCE, WITHIN_ONE_STEP, LATER } = require('../../lib/conformance/time-to-hear');
  const CANCEL = { commit: 'tx.commit', rollback: 'tx.rollback' };
  const OPS = ['version.insert', 'insert', 'tx.commit'];
  const call = (op) => ({ type: 'call', op });
  const complete = (op) => ({ type: 'complete', op });
  const heard = { type: 'heard' };

  it('counts the operations in flight at the abort that ended before the caller heard, never the commit or the rollback', () => {
    const before = [call('db.begin'), call('version.insert')];
    assert.equal(inFlightAwaited([...before, call('tx.rollback'), heard, complete('version.insert')], 2, CANCEL, OPS), 0);
    assert.equal(inFlightAwaited([...before, complete('version.insert'), call('tx.rollback'), heard], 2, CANCEL, OPS), 1);
    const many = [call('db.begin'), call('insert'), call('insert'), call('insert')];
    assert.equal(inFlightAwaited([...many, complete('insert'), complete('insert'), complete('insert'), heard], 4, CANCEL, OPS), 3);
    // A commit issued is to be heard as it ends; nothing else was in flight.
    assert.equal(inFlightAwaited([call('db.begin'), call('tx.commit'), complete('tx.commit'), heard], 2, CANCEL, OPS), null);
    assert.equal(inFlightAwaited([...before, complete('version.insert')], 2, CANCEL, OPS), null);
  });

  it('grades at once only when no caller waited, and says the times measured, the largest t first', () => {
    assert.equal(hearingGrade([{ awaited: 0 }, { awaited: null }, {}]), AT_ONCE);
    assert.equal(hearingGrade([{ awaited: 0 }, { awaited: 1 }]), WITHIN_ONE_STEP);
    assert.equal(hearingGrade([{ awaited: null }]), null);
    assert.equal(hearingGrade([{ awaited: 1, breaches: [{ kind: 'hears late' }] }, { awaited: 0 }]), LATER);
    const times = [
      { t: 1, ms: 0.93, awaited: 1 },
      { t: 300, ms: 151.4, awaited: 1 },
    ];
    assert.equal(hearingText({ grade: WITHIN_ONE_STEP, times }), 'hears within one step (up to t ms): 151 ms at t=300, 0.93 ms at t=1');
    const parallel = [{ t: 300, ms: 12.34, awaited: 25 }];
    assert.equal(
      hearingText({ grade: WITHIN_ONE_STEP, times: parallel }),
      'hears within one step (up to t ms): 12 ms at t=300; waits for the 25 operations in flight',
    );
    assert.equal(hearingText({ grade: AT_ONCE, times: [{ t: 300, ms: null, awaited: null }] }), 'hears at once');
    assert.equal(hearingText(null), '');
  });

  it("takes a cell's runs together: the grades they gave, the median time and the most awaited per t", () => {
    const run = (ms, awaited, grade = WITHIN_ONE_STEP) => ({ grade, times: [{ t: 300, ms, awaited }] });
    assert.deepEqual(hearingOverRuns([run(150, 1), run(170, 1), run(160, 2), undefined]), { grade: WITHIN_ONE_STEP, times: [{ t: 300, ms: 160, awaited: 2 }] });
    assert.equal(hearingOverRuns([undefined]), null);
    assert.equal(hearingOverRuns([run(1, 0, AT_ONCE), run(2, 1)]).grade, `${AT_ONCE} / ${WITHIN_ONE_STEP}`);
  });
});
